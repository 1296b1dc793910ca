import type { LicenseType } from '@licensewatch/shared/licenses';
import { describe, expect, it } from 'vitest';
import { CONFIDENT_MATCH, comparableName, type MatchSubject, scoreCandidate } from './score-candidate.ts';

type Name = { firstName: string; middleName?: string; lastName: string; suffix?: string };

/** "First [Middle…] Last" or "First|Middle|Last|Suffix" for readable cases. */
function name(text: string, licenseType: LicenseType = 'MD'): MatchSubject {
  const [firstName = '', middleName, lastName = '', suffix] = text.includes('|')
    ? text.split('|')
    : ((words) => [words[0], words.slice(1, -1).join(' '), words.at(-1)])(text.split(' '));
  const parts: Name = { firstName, lastName, ...(middleName ? { middleName } : {}), ...(suffix ? { suffix } : {}) };
  return { ...comparableName(parts), licenseType };
}
const score = (query: string, row: string) => scoreCandidate(name(query), name(row));

describe('scoreCandidate: the same physician', () => {
  it.each([
    // [query, registry row, expected reason fragment]
    ['John|Andrew|Smith|', 'JOHN|ANDREW|SMITH|', 'exact name'],
    ['José|Luis|Núñez|', 'JOSE|LUIS|NUNEZ|', 'exact name'],
    ["Sean|Patrick|O'Brien|", 'SEAN|PATRICK|OBRIEN|', 'exact name'],
    ['Bill|Andrew|Smith|', 'WILLIAM|ANDREW|SMITH|', 'nickname Bill→William'],
    ['Robert|James|Jones|', 'BOB|JAMES|JONES|', 'nickname Robert→Bob'],
    ['Peggy|Ann|Walsh|', 'MARGARET|ANN|WALSH|', 'nickname Peggy→Margaret'],
    ['Paco|Javier|Ruiz|', 'FRANCISCO|JAVIER|RUIZ|', 'nickname Paco→Francisco'],
    ['John|A.|Smith|', 'JOHN|ANDREW|SMITH|', 'middle initial'],
    ['John|Andrew|Smith|', 'JOHN|A|SMITH|', 'middle initial'],
    ['John||Smith|', 'JOHN|ANDREW|SMITH|', 'no middle name in query'],
    ['John|Andrew|Smith|', 'JOHN||SMITH|', 'no middle name on board'],
    ['J.|Andrew|Smith|', 'JOHN|ANDREW|SMITH|', 'first initial'],
    ['Robert||Smith|', 'J|ROBERT|SMITH|', 'goes by middle name'],
    ['Mary Ann||Jones|', 'MARY|ANN|JONES|', 'exact name'],
    ['Maryann||Jones|', 'MARY ANN||JONES|', 'given-name spacing'],
    ['John|Andrew Paul|Smith|', 'JOHN|ANDREW|SMITH|', 'extra middle name'],
    ['Maria||Garcia-Lopez|', 'MARIA||GARCIA LOPEZ|', 'exact name'],
    ['Maria||Garcia|', 'MARIA||GARCIA-LOPEZ|', 'surname part'],
    ['Maria||Lopez|', 'MARIA||GARCIA-LOPEZ|', 'surname part'],
    ['Maria|Garcia|Lopez|', 'MARIA||GARCIA LOPEZ|', 'double surname split'],
    ['Hans||Vanderberg|', 'HANS||VAN DER BERG|', 'surname spacing'],
    ['Hans||Van der Berg|', 'HANS||VANDERBERG|', 'surname spacing'],
    ['Rosa||Cruz|', 'ROSA||DE LA CRUZ|', 'surname particle'],
    ['Mary||Mc Donald|', 'MARY||MCDONALD|', 'surname spacing'],
    ['Katherine||Schwarzman|', 'KATHERINE||SCHWARTZMAN|', 'surname typo'],
    ['Jonathon|Lee|Parker|', 'JONATHAN|LEE|PARKER|', 'first-name typo'],
    ['John||Smith|Jr', 'JOHN||SMITH|JR.', 'exact name'],
    ['John||Smith Jr.|', 'JOHN||SMITH|JR', 'exact name'],
    ['John||Smith|', 'JOHN||SMITH|JR', 'no suffix in query'],
    ['John||Smith|Jr', 'JOHN||SMITH|', 'no suffix on board'],
    ['Dr John||Smith|', 'JOHN||SMITH|', 'exact name'],
  ])('%s ~ %s (%s)', (query, row, reason) => {
    const result = score(query, row);
    expect(result.rejected).toBe(false);
    expect(result.reason).toContain(reason);
    expect(result.confidence).toBeGreaterThanOrEqual(CONFIDENT_MATCH);
    expect(result.confidence).toBeLessThanOrEqual(1);
  });

  it('ranks an exact name above every kind of doubt', () => {
    const exact = score('John|Andrew|Smith|', 'JOHN|ANDREW|SMITH|').confidence;
    expect(exact).toBe(1);
    for (const row of ['JOHN|A|SMITH|', 'JOHN||SMITH|', 'JOHNNY|ANDREW|SMITH|', 'JOHN|ANDREW|SMYTHE|']) {
      expect(score('John|Andrew|Smith|', row).confidence).toBeLessThan(exact);
    }
  });
});

describe('scoreCandidate: different physicians, never confident', () => {
  it.each([
    // Same first and last name, different middle names or initials.
    ['John|Andrew|Smith|', 'JOHN|ROBERT|SMITH|', 'middle names differ'],
    ['John|A|Smith|', 'JOHN|B|SMITH|', 'middle names differ'],
    ['John|Andrew|Smith|', 'JOHN|R|SMITH|', 'middle names differ'],
    // Father and son.
    ['John|Andrew|Smith|Jr', 'JOHN|ANDREW|SMITH|SR', 'suffix differs'],
    ['John||Smith|II', 'JOHN||SMITH|III', 'suffix differs'],
    ['John||Smith Jr|', 'JOHN||SMITH SR|', 'suffix differs'],
    // Names that share a nickname or sit one keystroke apart but are different names.
    ['Christopher||Lee|', 'CHRISTINE||LEE|', 'given name differs'],
    ['Alexander||Ruiz|', 'ALEJANDRO||RUIZ|', 'given name differs'],
    ['Edward||Hall|', 'THEODORE||HALL|', 'given name differs'],
    ['Daniel||Moore|', 'DANIELA||MOORE|', 'given name differs'],
    ['Mario||Rossi|', 'MARIA||ROSSI|', 'given name differs'],
    ['Justin||Kim|', 'JUSTINE||KIM|', 'given name differs'],
    ['Christian||Meyer|', 'CHRISTINA||MEYER|', 'given name differs'],
    ['Francis||Burke|', 'FRANCES||BURKE|', 'given name differs'],
    ['John||Smith|', 'JUAN||SMITH|', 'given name differs'],
    ['Mary||Jones|', 'MARIA||JONES|', 'given name differs'],
    ['Robert||Smith|', 'JAMES|ROBERT|SMITH|', 'given name differs'],
    // Short names get no typo allowance.
    ['Ann||Smith|', 'AMY||SMITH|', 'given name differs'],
    ['John||Lee|', 'JOHN||LEA|', 'surname differs'],
    ['John||Shah|', 'JOHN||KHAH|', 'surname differs'],
    // Two typos are too many.
    ['John||Andrsn|', 'JOHN||ANDERSON|', 'surname differs'],
    ['John||Smith|', 'JOHN||JONES|', 'surname differs'],
  ])('%s ≁ %s (%s)', (query, row, reason) => {
    const result = score(query, row);
    expect(result.rejected).toBe(true);
    expect(result.confidence).toBe(0);
    expect(result.reason).toContain(reason);
  });

  it('weighs a middle name used as the first name by which side shows the initial', () => {
    // The board shows 'J. Robert': that physician goes by Robert.
    expect(score('Robert||Smith|', 'J|ROBERT|SMITH|').confidence).toBeGreaterThanOrEqual(CONFIDENT_MATCH);
    // The query says 'J. Robert': every Robert Smith on record fits that.
    const loose = score('J.|Robert|Smith|', 'ROBERT||SMITH|');
    expect(loose).toMatchObject({ rejected: false, reason: 'goes by middle name' });
    expect(loose.confidence).toBeLessThan(CONFIDENT_MATCH);
  });

  it('reads a changed first letter as a slip only where no rhyme of real names is involved', () => {
    expect(score('Bonna||Walsh|', 'DONNA||WALSH|').reason).toBe('first-name typo');
    expect(score('Mason||Walsh|', 'JASON||WALSH|').rejected).toBe(true);
    expect(score('Larry||Walsh|', 'HARRY||WALSH|').rejected).toBe(true);
    expect(score('John||Parker|', 'JOHN||BARKER|').rejected).toBe(true);
    expect(score('John||Uosenberg|', 'JOHN||ROSENBERG|').reason).toBe('surname typo');
  });

  it('takes a slip in a surname of four or five letters, but never as a confident match alone', () => {
    for (const [query, row] of [
      ['John|Andrew|Smyth|', 'JOHN|ANDREW|SMITH|'],
      ['Priya||Shha|', 'PRIYA||SHAH|'],
      ['Priya||Sha|', 'PRIYA||SHAH|'],
      ['Wei||Wangg|', 'WEI||WANG|'],
    ]) {
      const result = score(query as string, row as string);
      expect(result.rejected).toBe(false);
      expect(result.signals).toContain('short-surname-typo');
      expect(result.confidence).toBeLessThan(CONFIDENT_MATCH);
    }
  });

  it('reads a changed first letter of a surname nobody bears as a slip, from six letters', () => {
    const unknown = (query: string, row: string) =>
      scoreCandidate(name(query), name(row), { querySurnameOnRecord: false });
    expect(score('Andrew||Jiller|', 'ANDREW||MILLER|').rejected).toBe(true);
    expect(unknown('Andrew||Jiller|', 'ANDREW||MILLER|').reason).toBe('surname typo');
    expect(unknown('Andrew||Jiller|', 'ANDREW||MILLER|').confidence).toBeGreaterThanOrEqual(CONFIDENT_MATCH);
    expect(unknown('John||Tarker|', 'JOHN||PARKER|').rejected).toBe(false);
    expect(unknown('John||Bilk|', 'JOHN||MILK|').rejected).toBe(true);
  });

  it('never matches across license types', () => {
    const result = scoreCandidate(name('John|Andrew|Smith|', 'MD'), name('JOHN|ANDREW|SMITH|', 'DO'));
    expect(result).toMatchObject({ rejected: true, reason: 'license type differs' });
  });

  it.each([
    // Two weak signals together stay below the threshold.
    ['J.||Smith|', 'JOHN|ANDREW|SMITH|'],
    ['J.|A.|Smith|', 'JOHN|ANDREW|SMITH|'],
    ['Bill||Smyth-Jones|', 'WILLIAM||SMITH|'],
    ['Bill||Schwarzman|', 'WILLIAM||SCHWARTZMAN|'],
    ['Jonathon||Schwarzman|', 'JONATHAN||SCHWARTZMAN|'],
    ['Bill||Garcia|', 'WILLIAM||GARCIA LOPEZ|'],
  ])('%s ~ %s is only a possible match', (query, row) => {
    const result = score(query, row);
    expect(result.confidence).toBeLessThan(CONFIDENT_MATCH);
  });
});

describe('comparableName', () => {
  it('takes suffixes and degrees out of the surname and titles out of the first name', () => {
    expect(comparableName({ firstName: 'Dr. John', lastName: 'Smith Jr., MD' })).toEqual({
      given: ['john'],
      surname: ['smith'],
      suffix: 'JR',
    });
    expect(
      comparableName({ firstName: 'Mary-Ann', middleName: 'Q.', lastName: 'García-López', suffix: 'iii' }),
    ).toEqual({
      given: ['mary', 'ann', 'q'],
      surname: ['garcia', 'lopez'],
      suffix: 'III',
    });
  });
});
