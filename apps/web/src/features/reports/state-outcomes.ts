import type { ReportStates } from '@licensewatch/shared/reports';

type StateRow = ReportStates['states'][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A state no machine may read: a person verifies it on the board's look-up (docs/sources.md). */
export function isVerifiedByHandState(state: StateRow): boolean {
  return state.board?.method === 'manual' || state.board?.method === 'off';
}

/**
 * The report's one-line account of its states, e.g. "35 states searched · 6 licenses in 5 states ·
 * 2 to review · 1 board unavailable · 16 to verify by hand" (docs/product-rules.md, Every state
 * accounted for); while the update runs, how far it has got. States no machine may read are not
 * "searched": they wait for a person, and say so.
 */
export function summarizeStates(states: readonly StateRow[]): string {
  const automated = states.filter((s) => !isVerifiedByHandState(s));
  const searching = automated.filter((s) => s.outcome === 'searching').length;
  const searched = automated.length - searching;
  const parts: string[] = [];
  if (automated.length > 0)
    parts.push(
      searching > 0
        ? `${searched} of ${plural(automated.length, 'state', 'states')} searched`
        : `${plural(automated.length, 'state', 'states')} searched`,
    );
  const withLicenses = states.filter((s) => s.licenses > 0);
  const licenses = withLicenses.reduce((sum, s) => sum + s.licenses, 0);
  const toReview = states.reduce((sum, s) => sum + s.to_review, 0);
  // With possible matches waiting, something was found: only nothing is tracked yet.
  parts.push(
    licenses === 0
      ? toReview > 0
        ? 'no licenses tracked'
        : 'no licenses found'
      : `${plural(licenses, 'license', 'licenses')} in ${plural(withLicenses.length, 'state', 'states')}`,
  );
  if (toReview > 0) parts.push(`${toReview} to review`);
  const unavailable = states.filter((s) => s.outcome === 'unavailable').length;
  if (unavailable > 0) parts.push(`${plural(unavailable, 'board', 'boards')} unavailable`);
  const toVerify = states.filter((s) => s.outcome === 'verify_by_hand' || s.outcome === 'verification_due').length;
  if (toVerify > 0) parts.push(`${toVerify} to verify by hand`);
  return parts.join(' · ');
}

/**
 * What became of one state, in words; `formatTime` renders the retry time in the reader's zone and
 * `formatDay` a calendar date.
 */
export function describeStateOutcome(
  state: StateRow,
  formatTime: (iso: string) => string,
  formatDay: (day: string) => string = (day) => day,
): string {
  const review =
    state.to_review > 0 ? `${plural(state.to_review, 'possible match', 'possible matches')} to review` : '';
  // A license the user hid was found all the same: the state says so rather than "None found".
  const hidden = state.hidden > 0 ? `${state.hidden} hidden` : '';
  switch (state.outcome) {
    case 'searching':
      return 'Searching…';
    case 'none_found':
      return hidden || 'None found';
    case 'to_review':
      return [review, hidden].filter(Boolean).join('; ');
    case 'found': {
      const due =
        isVerifiedByHandState(state) && state.verification_due_on
          ? `verified by hand, due again ${formatDay(state.verification_due_on)}`
          : '';
      return [plural(state.licenses, 'license', 'licenses'), due, review, hidden].filter(Boolean).join('; ');
    }
    case 'verify_by_hand':
      return state.board?.method === 'off'
        ? 'Verify by hand: no source is read for this board now'
        : 'Verify by hand: no machine may read this board';
    case 'verification_due':
      return `Verification due since ${formatDay(state.verification_due_on ?? '')}`;
    case 'unavailable': {
      const retry = state.retry_at
        ? `searched again at ${formatTime(state.retry_at)}`
        : 'searched again by the daily refresh';
      const found =
        state.licenses > 0 ? `; ${plural(state.licenses, 'license', 'licenses')} from earlier searches` : '';
      return `Board unavailable, ${retry}${found}`;
    }
  }
}
