import { CONFIDENT_MATCH, type MatchSubject, scoreCandidate } from '../score-candidate.ts';
import { DIFFERENT_NAME_SIGNALS, type ScoredLicense, surnameKey } from './resolve-ambiguous-matches.ts';

// A first initial with a middle initial (0.7 × 0.97), perhaps a suffix on one side.
const FLOOR = 0.6;

const firstLetter = (subject: MatchSubject) => subject.given[0]?.charAt(0) ?? '';

/**
 * An initial is weak evidence because many people share it: 'H. Hyun Thompson' against
 * 'HELEN H THOMPSON' could be any H. Thompson. When the registry holds no other H. Thompson —
 * every row with that surname and initial could be this one physician, none on the same board —
 * the initial is as good as the name, and the match is raised to the threshold. Rows were fetched
 * by surname and initial, so "no other" is a fact about the registry, not about this page of it.
 * An H. Thompson the query itself rules out ('HENRY K THOMPSON': K is not Hyun) cannot be the one
 * asked about, so it does not stand in the way; one the query fits ('HENRY H THOMPSON') does.
 */
export function promoteUniqueInitialMatches<T>(
  scored: readonly ScoredLicense<T>[],
  threshold: number = CONFIDENT_MATCH,
): ScoredLicense<T>[] {
  // Only rows that show the middle name: 'HELEN THOMPSON' fits H. Hyun Thompson and also any
  // namesake of Helen's whose other rows are filed elsewhere under another spelling.
  const weak = scored.filter(
    (c) =>
      c.confidence < threshold &&
      c.confidence >= FLOOR &&
      c.signals.includes('first-initial') &&
      !c.signals.includes('middle-missing'),
  );
  if (weak.length === 0) return [...scored];
  const promoted = new Set<ScoredLicense<T>>();
  for (const candidate of weak) {
    const key = surnameKey(candidate.subject);
    const letter = firstLetter(candidate.subject);
    const alone = scored.every((other) => {
      if (other === candidate || surnameKey(other.subject) !== key || firstLetter(other.subject) !== letter)
        return true;
      if (other.jurisdiction === candidate.jurisdiction) return false;
      const link = scoreCandidate(candidate.subject, other.subject);
      return !link.rejected && !link.signals.some((s) => DIFFERENT_NAME_SIGNALS.has(s));
    });
    if (alone) promoted.add(candidate);
  }
  return scored.map((c) =>
    promoted.has(c) ? { ...c, confidence: threshold, reason: `${c.reason}; the only such name on record` } : c,
  );
}
