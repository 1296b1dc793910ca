import type { ReportStates } from '@licensewatch/shared/reports';

type StateRow = ReportStates['states'][number];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The report's one-line account of its states, e.g. "51 states searched · 6 licenses in 5 states ·
 * 2 to review · 1 board unavailable" (docs/product-rules.md, Every state accounted for); while the update runs,
 * how far it has got.
 */
export function summarizeStates(states: readonly StateRow[]): string {
  const searching = states.filter((s) => s.outcome === 'searching').length;
  const searched = states.length - searching;
  const parts = [
    searching > 0
      ? `${searched} of ${plural(states.length, 'state', 'states')} searched`
      : `${plural(states.length, 'state', 'states')} searched`,
  ];
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
  return parts.join(' · ');
}

/** What became of one state, in words; `formatTime` renders the retry time in the reader's zone. */
export function describeStateOutcome(state: StateRow, formatTime: (iso: string) => string): string {
  const review =
    state.to_review > 0 ? `${plural(state.to_review, 'possible match', 'possible matches')} to review` : '';
  switch (state.outcome) {
    case 'searching':
      return 'Searching…';
    case 'none_found':
      return 'None found';
    case 'to_review':
      return review;
    case 'found':
      return [plural(state.licenses, 'license', 'licenses'), review].filter(Boolean).join('; ');
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
