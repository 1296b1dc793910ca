import { describe, expect, it } from 'vitest';
import { CONFIDENT_MATCH, comparableName, type MatchSubject, scoreCandidate } from '../score-candidate.ts';
import { promoteUniqueSurnameTypos } from './promote-unique-surname-typos.ts';
import type { RuledOutRow, ScoredLicense } from './resolve-ambiguous-matches.ts';

const subject = (text: string): MatchSubject => {
  const [firstName = '', middleName = '', lastName = '', suffix = ''] = text.split('|');
  return { ...comparableName({ firstName, middleName, lastName, suffix }), licenseType: 'MD' };
};

/** Rows as 'ST FIRST|MIDDLE|LAST|SUFFIX', scored against the query the way findLicenses does. */
const confidentRows = (query: string, rows: string[]) => {
  const scored: ScoredLicense<string>[] = [];
  const ruledOut: RuledOutRow[] = [];
  for (const row of rows) {
    const rowSubject = subject(row.slice(3));
    const score = scoreCandidate(subject(query), rowSubject);
    if (score.rejected) ruledOut.push({ jurisdiction: row.slice(0, 2), subject: rowSubject });
    else scored.push({ license: row, jurisdiction: row.slice(0, 2), subject: rowSubject, ...score });
  }
  return promoteUniqueSurnameTypos(subject(query), scored, ruledOut)
    .filter((c) => c.confidence >= CONFIDENT_MATCH)
    .map((c) => c.license);
};

describe('promoteUniqueSurnameTypos', () => {
  it('attaches a short-surname slip when the registry holds no one else it could be', () => {
    expect(confidentRows('Priya|Devi|Shha|', ['TX PRIYA|DEVI|SHAH|', 'CA PRIYA|D|SHAH|', 'NY RAVI||SHAH|'])).toEqual([
      'TX PRIYA|DEVI|SHAH|',
      'CA PRIYA|D|SHAH|',
    ]);
  });

  it('withholds it when another person fits: the typed surname, another a keystroke away, or a namesake', () => {
    // Priya Shaw is a real person too: the query names her, not a Priya Shah with a slip.
    expect(confidentRows('Priya||Shaw|', ['TX PRIYA||SHAH|', 'CA PRIYA||SHAW|'])).toEqual(['CA PRIYA||SHAW|']);
    expect(confidentRows('Priya||Shha|', ['TX PRIYA||SHAH|', 'CA PRIYA||SHIA|'])).toEqual([]);
    // A rhyme the scorer rejects is still a rival.
    expect(confidentRows('Priya||Bhah|', ['TX PRIYA||BHAT|', 'CA PRIYA||SHAH|'])).toEqual([]);
    // Two Priya Shahs, told apart by their middle names: either could be meant.
    expect(confidentRows('Priya||Shha|', ['TX PRIYA|DEVI|SHAH|', 'CA PRIYA|MALA|SHAH|'])).toEqual([]);
    // One board lists a physician once: two rows there are two people.
    expect(confidentRows('Priya||Shha|', ['TX PRIYA||SHAH|', 'TX PRIYA|M|SHAH|'])).toEqual([]);
  });

  it('needs the query’s own first name: no initial, nickname or second slip on top', () => {
    expect(confidentRows('P.|Devi|Shha|', ['TX PRIYA|DEVI|SHAH|'])).toEqual([]);
    expect(confidentRows('Bill||Wase|', ['TX WILLIAM||WADE|'])).toEqual([]);
    expect(confidentRows('Pryia||Shha|', ['TX PRIYA||SHAH|'])).toEqual([]);
  });
});
