import { CONFIDENT_MATCH, scoreCandidate } from '../score-candidate.ts';
import { DIFFERENT_NAME_SIGNALS, type ScoredLicense } from './resolve-ambiguous-matches.ts';

const MAX_ANCHORS = 70;
// A first initial without a full middle name (0.7) times a missing middle name (0.95).
const PROMOTION_FLOOR = 0.6;

/**
 * Lets a confident match vouch for the same physician's other rows. A query 'J. Robert Smith'
 * confidently matches 'JAMES ROBERT SMITH' in Texas but only weakly 'JAMES R SMITH' in
 * California (an initial and an initial); scored against the Texas row, California is the same
 * name with a middle initial. Such a row takes the product of both confidences — never more than
 * its anchor — and still goes through ambiguity resolution with everything else. Anchors only
 * vouch across jurisdictions and through names one person is printed under (not typos or partial
 * surnames, which are more often another person). A row without a middle name is vouched for as
 * readily as the scorer would accept it from a query with one; ambiguity resolution then checks it
 * against namesakes on record like any other match.
 */
export function promoteConsistentCandidates<T>(
  scored: readonly ScoredLicense<T>[],
  threshold: number = CONFIDENT_MATCH,
): ScoredLicense<T>[] {
  const anchors = scored.filter((candidate) => candidate.confidence >= threshold);
  // Nothing to vouch with, or so many anchors that the name fits several physicians anyway.
  if (anchors.length === 0 || anchors.length > MAX_ANCHORS) return [...scored];
  return scored.map((candidate) => {
    // Below the floor even a perfect anchor could not lift a row over the threshold.
    if (candidate.confidence >= threshold || candidate.confidence < PROMOTION_FLOOR) return candidate;
    let best = candidate;
    for (const anchor of anchors) {
      if (anchor.jurisdiction === candidate.jurisdiction) continue;
      const link = scoreCandidate(anchor.subject, candidate.subject);
      if (link.rejected || link.signals.some((signal) => DIFFERENT_NAME_SIGNALS.has(signal))) continue;
      const confidence = anchor.confidence * link.confidence;
      if (confidence > best.confidence) {
        best = {
          ...candidate,
          confidence,
          reason: `${candidate.reason}; same physician as the ${anchor.jurisdiction} match (${link.reason})`,
        };
      }
    }
    return best;
  });
}
