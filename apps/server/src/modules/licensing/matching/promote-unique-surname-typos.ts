import { CONFIDENT_MATCH, type MatchSignal, type MatchSubject, scoreCandidate } from '../score-candidate.ts';
import { countEdits } from './count-edits.ts';
import { DIFFERENT_NAME_SIGNALS, type RuledOutRow, type ScoredLicense } from './resolve-ambiguous-matches.ts';

// A short-surname typo (0.78) with a middle name missing on one side (0.95) and perhaps a suffix.
const FLOOR = 0.7;
/** What may differ besides the surname slip: only how fully the middle name and suffix are printed. */
const TOLERATED: ReadonlySet<MatchSignal> = new Set<MatchSignal>([
  'short-surname-typo',
  'middle-missing',
  'middle-initial',
  'extra-middle-name',
  'suffix-one-side',
]);

/**
 * A slip in a surname of four or five letters ('Shha' for 'Shah') is never confident alone: such
 * a surname a keystroke away is as often somebody else's real one. It is attached when it can
 * only be one person: the first name is the query's own (no initial, nickname or typo), the
 * license type and states are the query's (the candidates were fetched within them), and no row on
 * record of another physician fits the query as well — not under the typed surname, not under any
 * other surname a keystroke from it (the wide pass fetched all of those), not under this surname
 * with a different name. Rows that could all be the candidate's own, on other boards, are promoted
 * together; ambiguity resolution then checks them like any other match.
 */
export function promoteUniqueSurnameTypos<T>(
  query: MatchSubject,
  scored: readonly ScoredLicense<T>[],
  ruledOut: readonly RuledOutRow[],
  threshold: number = CONFIDENT_MATCH,
): ScoredLicense<T>[] {
  const [queryFirst = ''] = query.given;
  const weak = scored.filter(
    (c) =>
      c.confidence < threshold &&
      c.confidence >= FLOOR &&
      c.signals.includes('short-surname-typo') &&
      c.signals.every((signal) => TOLERATED.has(signal)) &&
      queryFirst.length > 1 &&
      c.subject.given[0] === queryFirst,
  );
  if (weak.length === 0) return [...scored];
  const everyone: RuledOutRow[] = [...scored, ...ruledOut];
  /**
   * Another physician the query could mean: a row the scorer accepts for it, or one whose surname
   * is a keystroke from the typed one — a changed first letter (a rhyme) included — and whose
   * given names, middle and suffix fit it.
   */
  const fitsQuery = (other: RuledOutRow) =>
    ('confidence' in other && (other as ScoredLicense<T>).confidence >= FLOOR) ||
    (countEdits(other.subject.surname.join(''), query.surname.join(''), 1) <= 1 &&
      !scoreCandidate(query, { ...other.subject, surname: query.surname }).rejected);
  const couldBeSame = (a: RuledOutRow, b: RuledOutRow) => {
    if (a.jurisdiction === b.jurisdiction) return false;
    const link = scoreCandidate(a.subject, b.subject);
    return !link.rejected && !link.signals.some((signal) => DIFFERENT_NAME_SIGNALS.has(signal));
  };
  const promoted = new Set<ScoredLicense<T>>();
  for (const candidate of weak) {
    const alone = everyone.every((other) => other === candidate || couldBeSame(candidate, other) || !fitsQuery(other));
    if (alone) promoted.add(candidate);
  }
  return scored.map((c) =>
    promoted.has(c) ? { ...c, confidence: threshold, reason: `${c.reason}; the only such person on record` } : c,
  );
}
