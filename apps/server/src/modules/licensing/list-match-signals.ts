import type { LicenseRow } from './fetch-license-candidates.ts';
import { type FindLicensesQuery, subjectOfRow } from './find-licenses.ts';
import { comparableName, type MatchSignal, scoreCandidate } from './score-candidate.ts';

/**
 * How a registry row's name differs from the query, as the scorer's signals (empty: the exact
 * name). Scored again rather than carried through findLicenses, whose ambiguity and promotion
 * passes keep only a confidence and a reason; a row the default scoring would reject (one the
 * wide pass found as a surname typo) has its signals from the typo reading.
 */
export function listMatchSignals(query: FindLicensesQuery, row: LicenseRow): MatchSignal[] {
  const subject = { ...comparableName(query), licenseType: row.licenseType };
  const rowSubject = subjectOfRow(row);
  const score = scoreCandidate(subject, rowSubject);
  return score.rejected ? scoreCandidate(subject, rowSubject, { querySurnameOnRecord: false }).signals : score.signals;
}
