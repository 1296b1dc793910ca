import type { SourceFailureKind } from './types.ts';

/**
 * Why a board could not be read, in words anyone may read: what its answer was, never the
 * operator's message (describe-source-failure.ts), which may name hosts, internal addresses or a
 * driver's error. The `source.unavailable` event carries it (docs/product-rules.md, Events feed).
 */
const FOR_USERS: Record<SourceFailureKind, string> = {
  unavailable: "The board's site could not be reached, or answered with an error or a maintenance page.",
  'rate-limited': 'The board asked us to wait before searching it again.',
  timeout: 'The board did not answer in time.',
  'parse-failure': 'The board answered in a form we could not read: its search may have changed.',
  unsupported: "The board's search no longer answers the way we read it.",
  moved: "The board's search is no longer at its address.",
  blocked: 'The board answered with a bot check instead of its search.',
};

/** The words for a failure of `kind`; null (not the board's answer: ours failed) says only that it could not be searched. */
export function describeSourceFailureForUsers(kind: SourceFailureKind | null): string {
  return kind ? FOR_USERS[kind] : 'The board could not be searched just now.';
}
