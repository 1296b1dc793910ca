import { describe, expect, it } from 'vitest';
import { CONFIDENT_MATCH, comparableName, scoreCandidate } from '../score-candidate.ts';
import { promoteConsistentCandidates } from './promote-consistent-candidates.ts';
import type { ScoredLicense } from './resolve-ambiguous-matches.ts';

function scoredRows(query: string, rows: string[]): ScoredLicense<string>[] {
  const subject = (text: string) => {
    const [firstName = '', middleName = '', lastName = '', suffix = ''] = text.split('|');
    return { ...comparableName({ firstName, middleName, lastName, suffix }), licenseType: 'MD' as const };
  };
  return rows.flatMap((row) => {
    const rowSubject = subject(row.slice(3));
    const score = scoreCandidate(subject(query), rowSubject);
    return score.rejected ? [] : [{ license: row, jurisdiction: row.slice(0, 2), subject: rowSubject, ...score }];
  });
}
const confidences = (scored: ScoredLicense<string>[]) =>
  Object.fromEntries(scored.map((s) => [s.license, Math.round(s.confidence * 1000) / 1000]));

describe('promoteConsistentCandidates', () => {
  it('lets a confident match vouch for the same name elsewhere', () => {
    const scored = scoredRows('J.|Robert|Smith|', ['TX JAMES|ROBERT|SMITH|', 'CA JAMES|R|SMITH|', 'NY JAMES||SMITH|']);
    expect(confidences(scored)).toEqual({
      'TX JAMES|ROBERT|SMITH|': 0.85,
      'CA JAMES|R|SMITH|': 0.679,
      'NY JAMES||SMITH|': 0.665,
    });
    const promoted = promoteConsistentCandidates(scored);
    expect(confidences(promoted)).toEqual({
      'TX JAMES|ROBERT|SMITH|': 0.85,
      'CA JAMES|R|SMITH|': 0.825,
      'NY JAMES||SMITH|': 0.808,
    });
    expect(promoted[1]?.reason).toBe('first initial, middle initial; same physician as the TX match (middle initial)');
  });

  it('never vouches through a typo, a partial surname or within one state', () => {
    const scored = scoredRows('J.|Robert|Smith|', [
      'TX JAMES|ROBERT|SMITH|',
      'TX JOHN|R|SMITH|',
      'CA JAMSE|R|SMITH|',
      'NY JAMES|R|SMITH JONES|',
    ]);
    const promoted = promoteConsistentCandidates(scored);
    for (const row of promoted.slice(1)) expect(row.confidence).toBeLessThan(CONFIDENT_MATCH);
  });

  it('changes nothing without an anchor', () => {
    const scored = scoredRows('J.||Smith|', ['TX JAMES||SMITH|', 'CA JAMES|R|SMITH|']);
    expect(promoteConsistentCandidates(scored)).toEqual(scored);
  });
});
