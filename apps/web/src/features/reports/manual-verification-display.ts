import { addDays } from '@licensewatch/shared/licenses';
import { VERIFICATION_MAX_AGE_DAYS } from '@licensewatch/shared/manual-verification';
import type { ReportLicense, ReportStates } from '@licensewatch/shared/reports';
import { isVerifiedByHandState } from './state-outcomes';

type StateRow = ReportStates['states'][number];

/** A state verified by hand that waits for a person: never verified, or its verification is due. */
export function needsVerifying(state: StateRow): boolean {
  return state.outcome === 'verify_by_hand' || state.outcome === 'verification_due';
}

/**
 * The report's states whose board no machine may read (docs/product-rules.md, Verification by hand),
 * those waiting for a person first (due ones before never-verified ones), then the others, each in the
 * report's state order.
 */
export function statesVerifiedByHand(states: readonly StateRow[]): StateRow[] {
  const rank = (s: StateRow) => (s.outcome === 'verification_due' ? 0 : s.outcome === 'verify_by_hand' ? 1 : 2);
  return states.filter(isVerifiedByHandState).sort((a, b) => rank(a) - rank(b));
}

/**
 * The license number a person will look for on the board: that of the state's license verified by hand
 * most recently checked, or null before any verification.
 */
export function knownLicenseNumber(licenses: readonly ReportLicense[], state: string): string | null {
  const byHand = licenses.filter((l) => l.state === state && l.verified_by_hand);
  byHand.sort((a, b) => (b.verified_by_hand?.checked_on ?? '').localeCompare(a.verified_by_hand?.checked_on ?? ''));
  return byHand[0]?.license_number ?? null;
}

/** YYYY-MM-DD of a Date in the reader's own zone. */
const localDay = (now: Date) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * The "Date checked" the form starts with and the latest it offers: the reader's today, but never past
 * UTC's today, the day the server judges "not in the future" by (a reader east of Greenwich may be a
 * day ahead of it).
 */
export function latestCheckDay(now = new Date()): string {
  const local = localDay(now);
  const utc = now.toISOString().slice(0, 10);
  return local < utc ? local : utc;
}

/** The earliest "Date checked" the form offers: a year before the latest. */
export function earliestCheckDay(now = new Date()): string {
  return addDays(latestCheckDay(now), -VERIFICATION_MAX_AGE_DAYS);
}

/** The form's fields, by the request's names. */
export type VerificationField =
  | 'license_number'
  | 'board_status_text'
  | 'status'
  | 'issued'
  | 'expires'
  | 'discipline'
  | 'checked_on'
  | 'evidence';

const FIELDS: readonly VerificationField[] = [
  'license_number',
  'board_status_text',
  'status',
  'issued',
  'expires',
  'discipline',
  'checked_on',
  'evidence',
];

/** The schema's issues by field (the first of each), for the messages under the form's fields. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<VerificationField, string>> {
  const errors: Partial<Record<VerificationField, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as VerificationField;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The field a server refusal names ("evidence: The evidence must be…", "checked_on: …"), and its words
 * without the name, so the message shows under the field it is about.
 */
export function refusalField(detail: string): { field: VerificationField | null; message: string } {
  const match = /^([a-z_]+)(?:\.[a-z_]+)?: (.*)$/s.exec(detail);
  const field = match?.[1] as VerificationField | undefined;
  if (match && field && FIELDS.includes(field)) return { field, message: match[2] as string };
  return { field: null, message: detail };
}
