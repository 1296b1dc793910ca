import { describe, expect, it } from 'vitest';
import { CONFIDENT_MATCH, comparableName, type MatchSubject, scoreCandidate } from '../score-candidate.ts';
import { promoteUniqueInitialMatches } from './promote-unique-initial-matches.ts';
import type { RuledOutRow, ScoredLicense } from './resolve-ambiguous-matches.ts';

const subject = (text: string): MatchSubject => {
  const [firstName = '', middleName = '', lastName = '', suffix = ''] = text.split('|');
  return { ...comparableName({ firstName, middleName, lastName, suffix }), licenseType: 'MD' };
};

function split(query: string, rows: string[]) {
  const scored: ScoredLicense<string>[] = [];
  const ruledOut: RuledOutRow[] = [];
  for (const row of rows) {
    const rowSubject = subject(row.slice(3));
    const score = scoreCandidate(subject(query), rowSubject);
    if (score.rejected) ruledOut.push({ jurisdiction: row.slice(0, 2), subject: rowSubject });
    else scored.push({ license: row, jurisdiction: row.slice(0, 2), subject: rowSubject, ...score });
  }
  return { scored, ruledOut };
}
const confidentRows = (query: string, rows: string[]) =>
  promoteUniqueInitialMatches(split(query, rows).scored)
    .filter((c) => c.confidence >= CONFIDENT_MATCH)
    .map((c) => c.license);

describe('promoteUniqueInitialMatches', () => {
  it('raises an initial match when no other such name is on record', () => {
    const { scored } = split('H.|Hyun|Thompson|', ['GA HELEN|H|THOMPSON|', 'TX MARK||THOMPSON|']);
    const [promoted] = promoteUniqueInitialMatches(scored);
    expect(promoted).toMatchObject({
      license: 'GA HELEN|H|THOMPSON|',
      confidence: CONFIDENT_MATCH,
      reason: 'first initial, middle initial; the only such name on record',
    });
  });

  it('leaves it weak when another H. Thompson the query fits is on record', () => {
    expect(confidentRows('H.|Hyun|Thompson|', ['GA HELEN|H|THOMPSON|', 'TX HENRY|H|THOMPSON|'])).toEqual([]);
    expect(confidentRows('H.|Hyun|Thompson|', ['GA HELEN|H|THOMPSON|', 'GA HARRY|H|THOMPSON|'])).toEqual([]);
  });

  it('raises it past an H. Thompson whose middle name the query rules out', () => {
    // 'A. William Goldberg' against Texas's 'ALAN W GOLDBERG', with Adam James Goldberg elsewhere.
    expect(confidentRows('H.|Hyun|Thompson|', ['GA HELEN|H|THOMPSON|', 'TX HENRY|K|THOMPSON|'])).toEqual([
      'GA HELEN|H|THOMPSON|',
    ]);
    expect(confidentRows('H.|Hyun|Thompson|', ['GA HELEN|H|THOMPSON|', 'GA HELEN|HOPE|THOMPSON|'])).toEqual([
      'GA HELEN|H|THOMPSON|',
    ]);
  });

  it('does not raise a row without a middle name', () => {
    expect(confidentRows('H.|Hyun|Thompson|', ['GA HELEN||THOMPSON|'])).toEqual([]);
  });
});
