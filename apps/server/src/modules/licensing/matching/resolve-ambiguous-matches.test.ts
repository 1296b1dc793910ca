import { describe, expect, it } from 'vitest';
import { CONFIDENT_MATCH, comparableName, scoreCandidate } from '../score-candidate.ts';
import { type RuledOutRow, resolveAmbiguousMatches, type ScoredLicense } from './resolve-ambiguous-matches.ts';

/** Scores registry rows ("ST First|Middle|Last|Suffix") against a query the way findLicenses does. */
function scoredRows(query: string, rows: string[]): ScoredLicense<string>[] {
  const subject = (text: string) => {
    const [firstName = '', middleName = '', lastName = '', suffix = ''] = text.split('|');
    return { ...comparableName({ firstName, middleName, lastName, suffix }), licenseType: 'MD' as const };
  };
  const q = subject(query);
  return rows.flatMap((row) => {
    const jurisdiction = row.slice(0, 2);
    const rowSubject = subject(row.slice(3));
    const score = scoreCandidate(q, rowSubject);
    return score.rejected ? [] : [{ license: row, jurisdiction, subject: rowSubject, ...score }];
  });
}
const resolve = (query: string, rows: string[]) => resolveAmbiguousMatches(scoredRows(query, rows));
const attached = (query: string, rows: string[]) =>
  resolve(query, rows)
    .filter((m) => m.confidence >= CONFIDENT_MATCH)
    .map((m) => m.license)
    .sort();

describe('resolveAmbiguousMatches', () => {
  it('attaches every row of one physician across states', () => {
    expect(
      attached('John|Andrew|Smith|', [
        'TX JOHN|ANDREW|SMITH|',
        'CA JOHN|A|SMITH|',
        'NY JOHN||SMITH|',
        'FL JOHNNY|ANDREW|SMITH|',
      ]),
    ).toEqual(['CA JOHN|A|SMITH|', 'FL JOHNNY|ANDREW|SMITH|', 'NY JOHN||SMITH|', 'TX JOHN|ANDREW|SMITH|']);
  });

  it('attaches nothing when the query fits two physicians in one state', () => {
    const matches = resolve('John||Smith|', ['TX JOHN|ANDREW|SMITH|', 'TX JOHN|ROBERT|SMITH|']);
    expect(matches).toHaveLength(2);
    for (const match of matches) {
      expect(match.confidence).toBeLessThan(CONFIDENT_MATCH);
      expect(match.reason).toMatch(/^ambiguous/);
    }
  });

  it('attaches nothing when the query fits two physicians in different states', () => {
    const rows = ['TX JOHN|ANDREW|SMITH|', 'CA JOHN|A|SMITH|', 'NY JOHN|ROBERT|SMITH|', 'FL JOHN||SMITH|'];
    expect(attached('John||Smith|', rows)).toEqual([]);
    expect(resolve('John||Smith|', rows)).toHaveLength(4);
  });

  it('lets a query with a middle name pick its physician out of namesakes', () => {
    const rows = ['TX JOHN|ANDREW|SMITH|', 'TX JOHN|ROBERT|SMITH|', 'CA JOHN|A|SMITH|', 'NY JOHN|R|SMITH|'];
    expect(attached('John|Andrew|Smith|', rows)).toEqual(['CA JOHN|A|SMITH|', 'TX JOHN|ANDREW|SMITH|']);
    expect(attached('John|Robert|Smith|', rows)).toEqual(['NY JOHN|R|SMITH|', 'TX JOHN|ROBERT|SMITH|']);
  });

  it('keeps father and son apart, and abstains for a query without a suffix', () => {
    const rows = ['TX JOHN|A|SMITH|JR', 'TX JOHN|A|SMITH|SR', 'CA JOHN|A|SMITH|JR', 'NV JOHN|A|SMITH|SR'];
    expect(attached('John|A|Smith|Jr', rows)).toEqual(['CA JOHN|A|SMITH|JR', 'TX JOHN|A|SMITH|JR']);
    expect(attached('John|A|Smith|Sr', rows)).toEqual(['NV JOHN|A|SMITH|SR', 'TX JOHN|A|SMITH|SR']);
    expect(attached('John|A|Smith|', rows)).toEqual([]);
  });

  it('abstains when a nickname fits two different given names', () => {
    const rows = ['TX CHRISTOPHER||LEE|', 'CA CHRISTINE||LEE|'];
    expect(attached('Chris||Lee|', rows)).toEqual([]);
    expect(attached('Christopher||Lee|', rows)).toEqual(['TX CHRISTOPHER||LEE|']);
  });

  it('prefers the exact surname over a namesake with a longer or a near surname', () => {
    const rows = ['TX MARIA||GARCIA|', 'CA MARIA||GARCIA LOPEZ|', 'NY MARIA||GARCIA|'];
    expect(attached('Maria||Garcia|', rows)).toEqual(['NY MARIA||GARCIA|', 'TX MARIA||GARCIA|']);
    expect(attached('Maria||Garcia-Lopez|', rows)).toEqual(['CA MARIA||GARCIA LOPEZ|']);
    const near = ['TX PETER||HANSEN|', 'CA PETER||HANSON|'];
    expect(attached('Peter||Hansen|', near)).toEqual(['TX PETER||HANSEN|']);
    expect(attached('Peter||Hanson|', near)).toEqual(['CA PETER||HANSON|']);
  });

  it('lets a full middle name beat a row without one in the same state', () => {
    expect(attached('John|Andrew|Smith|', ['TX JOHN|ANDREW|SMITH|', 'TX JOHN||SMITH|'])).toEqual([
      'TX JOHN|ANDREW|SMITH|',
    ]);
  });

  it('does not let a row without a middle name beat one with it for a query without one', () => {
    expect(attached('John||Smith|', ['TX JOHN|ANDREW|SMITH|', 'TX JOHN||SMITH|'])).toEqual([]);
  });

  it('keeps attaching a clear match while a weaker namesake pair elsewhere is ambiguous', () => {
    const rows = ['TX JOHN|ANDREW|SMITH|', 'CA JOHN|ANDREW|SMITH|', 'FL JOHN||SMITH|', 'FL JOHN||SMITH|'];
    const matches = resolve('John|Andrew|Smith|', rows);
    expect(matches.filter((m) => m.confidence >= CONFIDENT_MATCH).map((m) => m.license)).toEqual([
      'CA JOHN|ANDREW|SMITH|',
      'TX JOHN|ANDREW|SMITH|',
    ]);
    expect(matches.filter((m) => m.reason.startsWith('ambiguous'))).toHaveLength(2);
  });

  it('returns best first and drops what is below the threshold', () => {
    const matches = resolve('Bill|Andrew|Smith|', [
      'TX WILLIAM|ANDREW|SMITH|',
      'CA BILL|ANDREW|SMITH|',
      'NY W||SMITH|',
    ]);
    expect(matches.map((m) => m.license)).toEqual(['CA BILL|ANDREW|SMITH|', 'TX WILLIAM|ANDREW|SMITH|']);
    expect(matches[0]?.reason).toBe('exact name');
    expect(matches[1]?.reason).toBe('nickname Bill→William');
  });

  it('does not attach a row printed exactly like a physician it already ruled out', () => {
    // Texas shows our John Andrew Smith and another John Smith; California's 'JOHN SMITH' is as
    // likely that other physician's as ours.
    const rows = ['TX JOHN|ANDREW|SMITH|', 'TX JOHN||SMITH|', 'CA JOHN||SMITH|', 'NY JOHN|A|SMITH|'];
    const matches = resolve('John|Andrew|Smith|', rows);
    expect(matches.filter((m) => m.confidence >= CONFIDENT_MATCH).map((m) => m.license)).toEqual([
      'TX JOHN|ANDREW|SMITH|',
      'NY JOHN|A|SMITH|',
    ]);
    expect(matches.find((m) => m.license === 'CA JOHN||SMITH|')?.reason).toMatch(/^ambiguous/);
    expect(matches.some((m) => m.license === 'TX JOHN||SMITH|')).toBe(false);
  });

  it('gives up on a name that more rows fit than one physician can hold', () => {
    const rows = Array.from({ length: 80 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${i} JOHN||SMITH|`);
    const matches = resolve('John||Smith|', rows);
    expect(matches).toHaveLength(70);
    expect(matches.every((m) => m.confidence < CONFIDENT_MATCH && m.reason.startsWith('ambiguous'))).toBe(true);
  });

  it('treats several rows without a middle name on boards that print them as another physician', () => {
    const scored = scoredRows('John||Smith|', [
      'TX JOHN|ANDREW|SMITH|',
      'CA JOHN|A|SMITH|',
      'NY JOHN||SMITH|',
      'FL JOHN||SMITH|',
    ]).map((row) => ({ ...row, middleOmitted: row.subject.given.length === 1 }));
    expect(resolveAmbiguousMatches(scored).filter((m) => m.confidence >= CONFIDENT_MATCH)).toEqual([]);
    // One such row alone may be a board's omission.
    const once = scored.filter((row) => row.jurisdiction !== 'FL');
    expect(
      resolveAmbiguousMatches(once)
        .filter((m) => m.confidence >= CONFIDENT_MATCH)
        .map((m) => m.license),
    ).toEqual(['NY JOHN||SMITH|', 'CA JOHN|A|SMITH|', 'TX JOHN|ANDREW|SMITH|']);
  });

  it('does not attach a loose row that a namesake the query ruled out could own', () => {
    const scored = scoredRows('Nancy|Louise|Smith|', [
      'TX NANCY|LOUISE|SMITH|',
      'CA NANCY||SMITH|',
      'NY NANCY|L|SMITH|',
    ]);
    const subject = (firstName: string, middleName: string) => ({
      ...comparableName({ firstName, middleName, lastName: 'SMITH' }),
      licenseType: 'MD' as const,
    });
    const elsewhere = [{ jurisdiction: 'FL', subject: subject('NANCY', 'KAY') }];
    expect(attachedWith(scored, elsewhere)).toEqual(['NY NANCY|L|SMITH|', 'TX NANCY|LOUISE|SMITH|']);
    const lynn = [{ jurisdiction: 'FL', subject: subject('NANCY', 'LYNN') }];
    expect(attachedWith(scored, lynn)).toEqual(['TX NANCY|LOUISE|SMITH|']);
    // A namesake on California's own board is not a possible owner of California's row.
    const onSameBoard = [{ jurisdiction: 'CA', subject: subject('NANCY', 'KAY') }];
    expect(attachedWith(scored, onSameBoard)).toEqual([
      'CA NANCY||SMITH|',
      'NY NANCY|L|SMITH|',
      'TX NANCY|LOUISE|SMITH|',
    ]);
  });

  it('attaches a loose row that a namesake could own only on a board where it is already listed', () => {
    // New York lists our 'NANCY L SMITH' and Nancy Lynn Smith, whom Texas lists too: she has her New
    // York license, so New York's 'NANCY L SMITH' can only be ours. California's could be hers.
    const scored = scoredRows('Nancy|Louise|Smith|', [
      'TX NANCY|LOUISE|SMITH|',
      'NY NANCY|L|SMITH|',
      'CA NANCY|L|SMITH|',
    ]);
    const nancyLynn = [namesake('NY', 'NANCY', 'LYNN', 'SMITH'), namesake('TX', 'NANCY', 'LYNN', 'SMITH')];
    expect(attachedWith(scored, nancyLynn)).toEqual(['NY NANCY|L|SMITH|', 'TX NANCY|LOUISE|SMITH|']);
    // Listed on every board of those rows, she can own none of them.
    expect(attachedWith(scored, [...nancyLynn, namesake('CA', 'NANCY', 'LYNN', 'SMITH')])).toEqual([
      'CA NANCY|L|SMITH|',
      'NY NANCY|L|SMITH|',
      'TX NANCY|LOUISE|SMITH|',
    ]);
    // Two Nancy Lynn Smiths in Texas: one of them is not the New York one and could own the row.
    expect(attachedWith(scored, [...nancyLynn, namesake('TX', 'NANCY', 'LYNN', 'SMITH')])).toEqual([
      'TX NANCY|LOUISE|SMITH|',
    ]);
  });

  it('still withholds a loose row from another namesake not listed on its board', () => {
    const scored = scoredRows('Nancy|Louise|Smith|', ['TX NANCY|LOUISE|SMITH|', 'NY NANCY|L|SMITH|']);
    const ruledOut = [
      namesake('NY', 'NANCY', 'LYNN', 'SMITH'),
      namesake('TX', 'NANCY', 'LYNN', 'SMITH'),
      // Another name, so another physician, who has no New York license on record.
      namesake('FL', 'NANCY', 'LEE', 'SMITH'),
    ];
    expect(attachedWith(scored, ruledOut)).toEqual(['TX NANCY|LOUISE|SMITH|']);
  });

  it('withholds a row without a middle name while a namesake is listed elsewhere, even on its own board', () => {
    // New York's 'NANCY SMITH' is not Nancy Kay Smith's, who has her own row there, but it may be
    // a Nancy Smith without a middle name whom no ruled-out row shows.
    const scored = scoredRows('Nancy|Louise|Smith|', ['TX NANCY|LOUISE|SMITH|', 'NY NANCY||SMITH|']);
    const nancyKay = [namesake('NY', 'NANCY', 'KAY', 'SMITH'), namesake('TX', 'NANCY', 'KAY', 'SMITH')];
    expect(attachedWith(scored, nancyKay)).toEqual(['TX NANCY|LOUISE|SMITH|']);
  });

  it('keeps full-name rows when a namesake on record accounts for the rival initial row', () => {
    const scored = scoredRows('Robert|Joseph|Jenkins|', [
      'TX ROBERT|JOSEPH|JENKINS|',
      'GA ROBERT|JOSEPH|JENKINS|',
      'FL ROBERT|JOSEPH|JENKINS|',
      // Florida lists a physician once, so this is someone else: Robert John, seen elsewhere.
      'FL ROBERT|J|JENKINS|',
    ]);
    const robertJohn = (jurisdiction: string) => ({
      jurisdiction,
      subject: {
        ...comparableName({ firstName: 'ROBERT', middleName: 'JOHN', lastName: 'JENKINS' }),
        licenseType: 'MD' as const,
      },
    });
    expect(attachedWith(scored, [robertJohn('CA')])).toEqual([
      'FL ROBERT|JOSEPH|JENKINS|',
      'GA ROBERT|JOSEPH|JENKINS|',
      'TX ROBERT|JOSEPH|JENKINS|',
    ]);
    // Without that namesake, or with it only on the rival's own board, the initial row could be a
    // second Robert Joseph Jenkins: nothing is attached.
    expect(attachedWith(scored, [])).toEqual([]);
    expect(attachedWith(scored, [robertJohn('FL')])).toEqual([]);
  });

  it('does not let a namesake account for a rival on a board where it is already listed', () => {
    const scored = scoredRows('Robert|Joseph|Jenkins|', [
      'TX ROBERT|JOSEPH|JENKINS|',
      'GA ROBERT|JOSEPH|JENKINS|',
      'FL ROBERT|JOSEPH|JENKINS|',
      'FL ROBERT|J|JENKINS|',
    ]);
    // Robert John Jenkins, seen in California, is on Florida's board too: he has his Florida
    // license, so Florida's 'ROBERT J JENKINS' is someone else's — perhaps a second Robert Joseph's.
    const robertJohn = ['CA', 'FL'].map((state) => namesake(state, 'ROBERT', 'JOHN', 'JENKINS'));
    expect(attachedWith(scored, robertJohn)).toEqual([]);
  });
});

function attachedWith(scored: ScoredLicense<string>[], ruledOut: RuledOutRow[]): string[] {
  return resolveAmbiguousMatches(scored, CONFIDENT_MATCH, ruledOut)
    .filter((m) => m.confidence >= CONFIDENT_MATCH)
    .map((m) => m.license)
    .sort();
}

function namesake(jurisdiction: string, firstName: string, middleName: string, lastName: string): RuledOutRow {
  return { jurisdiction, subject: { ...comparableName({ firstName, middleName, lastName }), licenseType: 'MD' } };
}
