/**
 * How the product reads a board (docs/sources.md): `bulk` — every license from the list the board
 * publishes, read again daily; `lookup` — found by searching the board's public look-up; `manual` —
 * no machine may read the board (a CAPTCHA, a bot wall, robots.txt, its terms), so a person verifies
 * each license by hand with evidence; `off` — the configured source cannot run (an account or a
 * licence permission the operator has not given), so nothing is read until it is.
 */
export const SOURCE_METHODS = ['bulk', 'lookup', 'manual', 'off'] as const;
export type SourceMethod = (typeof SOURCE_METHODS)[number];

/** What each method means for the person reading a report or the states page. */
export const SOURCE_METHOD_MEANINGS: Record<SourceMethod, string> = {
  bulk: 'Complete: every license the board publishes, read from its list and refreshed daily.',
  lookup: "Found by searching the board's public look-up.",
  manual: 'No machine may read this board: a person verifies each license by hand.',
  off: 'No source is read for this board right now: a person verifies each license by hand.',
};

/** Short names of the methods, as a badge shows them. */
export const SOURCE_METHOD_LABELS: Record<SourceMethod, string> = {
  bulk: 'Bulk list',
  lookup: 'Look-up',
  manual: 'Verified by hand',
  off: 'Source off',
};

/**
 * Why no machine reads a board (the evidence per board is in docs/sources.md). The product never
 * circumvents any of these: no CAPTCHA solving, no evasion of bot checks, robots.txt and terms respected.
 */
export const MANUAL_REASONS = ['captcha', 'bot-wall', 'robots', 'terms', 'paid', 'unknown', 'operator'] as const;
export type ManualReason = (typeof MANUAL_REASONS)[number];

export const MANUAL_REASON_LABELS: Record<ManualReason, string> = {
  captcha: 'The board guards its look-up with a CAPTCHA',
  'bot-wall': 'The board blocks automated visitors',
  robots: "The board's robots.txt forbids automated access",
  terms: "The board's terms do not allow automated access",
  paid: 'The board sells its list; no free source exists',
  unknown: 'No reliable public evidence of how the board answers yet',
  operator: 'Switched to verification by hand by the operator',
};

/** The methods no machine reads: a report covering such a state asks a person to verify it. */
export function isVerifiedByHand(method: SourceMethod): boolean {
  return method === 'manual' || method === 'off';
}

/**
 * A verification by hand is due again after this many days: NCQA asks credentialing teams to
 * monitor license status at least monthly.
 */
export const MANUAL_VERIFICATION_VALID_DAYS = 30;

/** How a stored license was read: `off` describes a board, never a license. */
export const LICENSE_READ_METHODS = ['bulk', 'lookup', 'manual'] as const;
export type LicenseReadMethod = (typeof LICENSE_READ_METHODS)[number];

/** Source kinds that read a board's whole published list (license.source_kind); every other automated kind searches. */
export const BULK_SOURCE_KINDS: readonly string[] = ['socrata', 'delimited-file', 'spreadsheet'];

/** The method a stored license was read by, from its `license.source_kind`. */
export function methodOfSourceKind(kind: string): LicenseReadMethod {
  if (kind === 'manual') return 'manual';
  return BULK_SOURCE_KINDS.includes(kind) ? 'bulk' : 'lookup';
}

/**
 * What `sources:probe` found when it searched a board for a known name (docs/sources.md): `ok` — the
 * answer had rows and every field read; `moved` — 404, or a redirect to another site; `changed` — a
 * page without rows and without its no-results marker, or fields that no longer read; `blocked` — a
 * CAPTCHA or bot-challenge page; `slow` — no answer in time; `unavailable` — an error or maintenance page.
 */
export const PROBE_OUTCOMES = ['ok', 'moved', 'changed', 'blocked', 'slow', 'unavailable'] as const;
export type ProbeOutcome = (typeof PROBE_OUTCOMES)[number];

/** The probe outcomes as the admin dashboard shows them. */
export const PROBE_OUTCOME_LABELS: Record<ProbeOutcome, string> = {
  ok: 'Passed',
  moved: 'Moved',
  changed: 'Changed',
  blocked: 'Blocked',
  slow: 'Slow',
  unavailable: 'Unavailable',
};
