import { z } from 'zod';
import { countOf } from './numbers.ts';

/**
 * The kinds of open item in the Action needed inbox (docs/product-rules.md, Action needed), in the
 * order the inbox lists them: an exclusion first, a failed import last.
 */
export const ACTION_KINDS = [
  'excluded',
  'exclusion_review',
  'license_status',
  'expiring',
  'match_review',
  'verification_due',
  'import_failed',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/**
 * One open item: about a report's physician (`report_id`, `subject` the physician's name) or a
 * roster import (`import_id`, `subject` the file's name). `count` is how many of the kind the
 * subject has. It stays in the inbox until what it points at is resolved.
 */
export const actionItemSchema = z.object({
  kind: z.enum(ACTION_KINDS),
  subject: z.string(),
  report_id: z.string().nullable(),
  import_id: z.string().nullable(),
  count: z.number().int(),
});
export type ActionItem = z.infer<typeof actionItemSchema>;

export const actionNeededResponseSchema = z.object({
  /** Every item's count added up: the number the top bar shows. */
  total: z.number().int(),
  items: z.array(actionItemSchema),
  /** The workspace's expiry window (expiry-windows.ts): what an `expiring` item counts. */
  expiring_within_days: z.number().int(),
});
export type ActionNeeded = z.infer<typeof actionNeededResponseSchema>;

/** What an item says, after its subject's name; `expiringWithinDays` is the workspace's window. */
export function actionItemText(
  { kind, count }: Pick<ActionItem, 'kind' | 'count'>,
  expiringWithinDays: number,
): string {
  switch (kind) {
    case 'excluded':
      return 'Excluded from federal health care programs: check the entry and act on it';
    case 'exclusion_review':
      return `${countOf(count, 'possible exclusion match', 'possible exclusion matches')} to review`;
    case 'license_status':
      return `${countOf(count, 'license', 'licenses')} with a board status to review (suspended, on probation…)`;
    case 'expiring':
      return `${countOf(count, 'license expires', 'licenses expire')} within ${expiringWithinDays} days`;
    case 'match_review':
      return `${countOf(count, 'possible license match', 'possible license matches')} to review`;
    case 'verification_due':
      return `${countOf(count, 'license', 'licenses')} to verify by hand again`;
    case 'import_failed':
      return count > 0 ? `${countOf(count, 'row', 'rows')} of the roster import failed` : 'The roster import failed';
  }
}

export const ACTION_NEEDED_MESSAGES = {
  title: 'Action needed',
  /** The top bar's link, for a screen reader: "Action needed: 3 open items". */
  linkLabel: (total: number) => `Action needed: ${countOf(total, 'open item', 'open items')}`,
  empty: 'Nothing needs your attention. New items appear here as soon as a check finds them.',
  intro:
    'Everything in this workspace that waits for someone to act. An item leaves this list when what it points at is resolved.',
} as const;
