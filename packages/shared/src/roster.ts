import { z } from 'zod';
import { EXCLUSION_STATUSES } from './exclusions.ts';
import { reportAttentionSchema } from './reports.ts';
import { STATE_CODES, type StateCode } from './states.ts';

/**
 * The roster view (`/org/licenses`): every tracked license of every report in the active
 * workspace, filtered, sorted and paged on the server (docs/product-rules.md, The roster).
 */

/**
 * A license's standing as the report counts judge it (licenseStanding in licenses.ts). `active`
 * as a filter means what the Active count counts: active and expiring alike.
 */
export const ROSTER_STATUSES = ['active', 'expiring', 'expired', 'needs_attention'] as const;
export type RosterStatus = (typeof ROSTER_STATUSES)[number];
/** What one row is: `active` here is active and not expiring. */
export type RosterRowStatus = RosterStatus;

/**
 * The physician filter: anyone with anything waiting (docs/product-rules.md, Needs attention),
 * or only the excluded. It picks physicians, so every license of theirs shows.
 */
export const ROSTER_PHYSICIAN_STATUSES = ['needs_attention', 'excluded'] as const;
export type RosterPhysicianStatus = (typeof ROSTER_PHYSICIAN_STATUSES)[number];

export const ROSTER_SORTS = ['physician', 'state', 'status', 'expiry'] as const;
export type RosterSort = (typeof ROSTER_SORTS)[number];
export const ROSTER_ORDERS = ['asc', 'desc'] as const;
export type RosterOrder = (typeof ROSTER_ORDERS)[number];

export const ROSTER_PAGE_SIZE = 25;
export const ROSTER_PAGE_SIZE_MAX = 100;
export const ROSTER_EXPIRING_WITHIN_MAX = 365;
/** The choices the page offers; the API takes any whole number of days 1…365. */
export const ROSTER_EXPIRING_CHOICES = [30, 60, 90] as const;
export const ROSTER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type RosterExportFormat = (typeof ROSTER_EXPORT_FORMATS)[number];

const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(STATE_CODES as [StateCode, ...StateCode[]]));

/** The filters, shared by the list and the export (no paging there). */
export const rosterFilterSchema = z.object({
  status: z.enum(ROSTER_STATUSES).optional(),
  /** A state or territory code (TX). */
  state: stateCode.optional(),
  /** Expires after today and at most this many days ahead. */
  expiring_within: z.coerce.number().int().min(1).max(ROSTER_EXPIRING_WITHIN_MAX).optional(),
  /** Part of the physician's name (the report's first, middle and last name), case-insensitive. */
  physician: z.string().trim().max(200).optional(),
  /** The physician's department as the roster import recorded it, matched whole, case-insensitive. */
  department: z.string().trim().min(1).max(200).optional(),
  /** Only the licenses of physicians with anything waiting, or of those excluded. */
  physician_status: z.enum(ROSTER_PHYSICIAN_STATUSES).optional(),
  sort: z.enum(ROSTER_SORTS).default('expiry'),
  order: z.enum(ROSTER_ORDERS).default('asc'),
});
export type RosterFilter = z.infer<typeof rosterFilterSchema>;

export const rosterQuerySchema = rosterFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(ROSTER_PAGE_SIZE_MAX).default(ROSTER_PAGE_SIZE),
});
export type RosterQuery = z.infer<typeof rosterQuerySchema>;

// ---- Bulk actions on selected rows (docs/product-rules.md, The roster): at most a page's worth.

/** How many roster rows one bulk action or selected export takes: the largest page. */
export const ROSTER_SELECTION_MAX = ROSTER_PAGE_SIZE_MAX;
/** A roster row's id (report_license id); an unknown one, or another workspace's, matches nothing. */
const rosterRowId = z.string().trim().min(1).max(100);
const rosterRowIds = z
  .array(rosterRowId)
  .min(1, 'Select at least one license')
  .max(ROSTER_SELECTION_MAX, `Select at most ${ROSTER_SELECTION_MAX} licenses`);

export const rosterExportQuerySchema = rosterFilterSchema.extend({
  format: z.enum(ROSTER_EXPORT_FORMATS),
  /** Only these rows (comma-separated ids), still within the filters: the export of a selection. */
  ids: z
    .string()
    .max(ROSTER_SELECTION_MAX * 101)
    .transform((v) => v.split(',').filter((id) => id.trim() !== ''))
    .pipe(rosterRowIds)
    .optional(),
});
export type RosterExportQuery = z.infer<typeof rosterExportQuerySchema>;

export const rosterCountsSchema = z.object({
  total: z.number().int(),
  /** Active, expiring included (as a report's counts). */
  active: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
  needs_attention: z.number().int(),
});
export type RosterCounts = z.infer<typeof rosterCountsSchema>;

export const rosterRowSchema = z.object({
  /** The report's license row (report_license id). */
  id: z.string(),
  report_id: z.string(),
  physician: z.string(),
  /** From the roster import; null when the physician has none. */
  department: z.string().nullable(),
  state: z.enum(STATE_CODES as [StateCode, ...StateCode[]]),
  license_number: z.string(),
  license_type: z.string(),
  status: z.enum(ROSTER_STATUSES),
  /** The Status column's words: Active, Expired, or the board's own status when it needs attention. */
  status_text: z.string(),
  issue_date: z.string().nullable(),
  expiry_date: z.string().nullable(),
  days_to_expiry: z.number().int().nullable(),
  /** The physician's standing on the federal exclusion lists, as the report page says it. */
  exclusion: z.enum(EXCLUSION_STATUSES),
  /** What waits about the physician, by kind, and its sum: the same on each of their rows. */
  attention: reportAttentionSchema,
  needs_attention: z.number().int(),
});
export type RosterRow = z.infer<typeof rosterRowSchema>;

export const rosterResponseSchema = z.object({
  rows: z.array(rosterRowSchema),
  /** Rows matching the filters, over every page. */
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The workspace's departments, for the department filter (empty when none is recorded). */
  departments: z.array(z.string()),
  /** The workspace's expiry window (expiry-windows.ts): what `expiring` means in these rows and counts. */
  expiring_within_days: z.number().int(),
  counts: z.object({
    /** The whole workspace, whatever the filters. */
    workspace: rosterCountsSchema,
    /** The rows the filters match (status aside, so each chip says what picking it would show). */
    filtered: rosterCountsSchema,
  }),
});
export type RosterResponse = z.infer<typeof rosterResponseSchema>;

// ---- Saved views: a user's own named filters and sort in a workspace.

export const ROSTER_VIEWS_MAX = 20;
export const ROSTER_VIEW_NAME_MAX = 60;

/**
 * The filters and sort as a query string (`status=expiring&sort=physician`), defaults left out and
 * in one order: how a saved view is stored, and the link it opens.
 */
export function rosterQueryString(filter: RosterFilter): string {
  const entries: [string, string | undefined][] = [
    ['status', filter.status],
    ['state', filter.state],
    ['expiring_within', filter.expiring_within === undefined ? undefined : String(filter.expiring_within)],
    ['physician', filter.physician || undefined],
    ['department', filter.department],
    ['physician_status', filter.physician_status],
    ['sort', filter.sort === 'expiry' ? undefined : filter.sort],
    ['order', filter.order === 'asc' ? undefined : filter.order],
  ];
  return entries
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

export const savedRosterViewInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the view a name')
    .max(ROSTER_VIEW_NAME_MAX, `A view's name is at most ${ROSTER_VIEW_NAME_MAX} characters`),
  /** The roster page's query string; the server keeps only the filters and sort, checked. */
  query: z.string().max(2_000),
});
export type SavedRosterViewInput = z.infer<typeof savedRosterViewInputSchema>;
export const savedRosterViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  updated_at: z.string(),
});
export type SavedRosterView = z.infer<typeof savedRosterViewSchema>;
export const savedRosterViewsResponseSchema = z.object({ views: z.array(savedRosterViewSchema) });
export const savedRosterViewParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ---- Bulk actions: one request per action with the selected rows' ids.

export const rosterSelectionSchema = z.object({ ids: rosterRowIds });
export type RosterSelection = z.infer<typeof rosterSelectionSchema>;

/** Per selected row: hidden (also when it already was), or missing — unknown or another workspace's. */
export const ROSTER_HIDE_OUTCOMES = ['hidden', 'missing'] as const;
export const rosterHideResponseSchema = z.object({
  rows: z.array(z.object({ id: z.string(), outcome: z.enum(ROSTER_HIDE_OUTCOMES) })),
  hidden: z.number().int(),
});
export type RosterHideResponse = z.infer<typeof rosterHideResponseSchema>;

/**
 * Per report the selected rows belong to (each once): its refresh queued now, or it was already
 * updating (its update still running, or a refresh already waiting), so nothing more was queued.
 */
export const ROSTER_REFRESH_OUTCOMES = ['refreshing', 'already_updating'] as const;
export type RosterRefreshOutcome = (typeof ROSTER_REFRESH_OUTCOMES)[number];
export const rosterRefreshResponseSchema = z.object({
  reports: z.array(
    z.object({ report_id: z.string(), physician: z.string(), outcome: z.enum(ROSTER_REFRESH_OUTCOMES) }),
  ),
  /** Selected ids that matched no row of the workspace's roster. */
  missing: z.array(z.string()),
});
export type RosterRefreshResponse = z.infer<typeof rosterRefreshResponseSchema>;
