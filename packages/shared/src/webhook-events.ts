import { z } from 'zod';
import type { WebhookEvent } from './webhooks.ts';

// What each event carries (docs/product-rules.md, Events feed): the `data` of the envelope
// `{id, type, created_at, data}` that a webhook POSTs and the feed answers. The AsyncAPI document is
// built from these, and the server's tests check real events against them.

const license = z.object({
  id: z.string(),
  state: z.string(),
  license_type: z.enum(['MD', 'DO']).nullable(),
  license_number: z.string().nullable(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  /** Normalised (active, expired, suspended, probation…). */
  status: z.string(),
  /** As the board publishes it. */
  raw_status: z.string().nullable(),
  expiry_date: z.string().nullable(),
});
const reportRef = z.object({ id: z.string(), name: z.string() });
/** The workspace's reports tracking the license (null when none does any more). */
const reports = z.array(reportRef).nullable();
/** A change as the board published it: the value before and after, and when it was seen. */
const change = z.object({
  before: z.string().nullable(),
  after: z.string().nullable(),
  occurred_at: z.string(),
  license,
  reports,
});
const exclusion = z.object({
  match_id: z.string(),
  source: z.enum(['LEIE', 'SAM']),
  basis: z.string(),
  status: z.string(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  npi: z.string().nullable(),
  state: z.string().nullable(),
  type: z.string().nullable(),
  excluded_on: z.string().nullable(),
  reinstated_on: z.string().nullable(),
});
const exclusionEvent = z.object({ report: reportRef, exclusion });

export const WEBHOOK_EVENT_DATA = {
  'license.status_changed': change,
  'license.discipline_added': change,
  'license.renewed': change,
  'license.removed': change,
  'license.expiring': z.object({
    days_left: z.number().int(),
    /** The workspace's notice day reached (expiry-windows.ts). */
    threshold_days: z.number().int(),
    license,
    reports,
  }),
  'license.expired': z.object({ days_since: z.number().int(), license, reports }),
  'license.found': z.object({ report: reportRef, license }),
  'license.verification_due': z.object({
    checked_on: z.string(),
    verified_by: z.string(),
    due_on: z.string(),
    license,
    reports,
  }),
  'report.updated': z.object({
    report: z.object({
      id: z.string(),
      name: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      license_type: z.enum(['MD', 'DO']),
      states: z.array(z.string()),
      update_executed_at: z.string(),
      tracked_licenses: z.number().int(),
    }),
  }),
  'exclusion.added': exclusionEvent,
  'exclusion.reinstated': exclusionEvent,
  'source.unavailable': z.object({
    /** `external_id`: the caller's own id for the report (POST /api/v2/reports/bulk), null without one. */
    report: reportRef.extend({ external_id: z.string().nullable() }),
    /** The report's state (two letters) whose board could not be read. */
    state: z.string(),
    status: z.literal('unavailable'),
    /** What the state was before this check: `pending` (never settled) or `done`. */
    previous_status: z.enum(['pending', 'done']),
    /** The checks of the state's boards so far, this one included. */
    attempts: z.number().int(),
    /** When the check found the board unreadable. */
    as_of: z.string(),
    /** The boards that failed: their public look-up, and why in words safe to show. */
    boards: z
      .array(z.object({ id: z.string(), name: z.string(), lookup_url: z.string().nullable(), error: z.string() }))
      .min(1),
  }),
} satisfies Record<WebhookEvent, z.ZodType>;

/** The envelope of an event of `type`. */
export function webhookEnvelopeSchema<T extends WebhookEvent>(type: T) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    created_at: z.string(),
    data: WEBHOOK_EVENT_DATA[type],
  });
}
