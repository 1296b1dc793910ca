import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simBoard } from './boards.ts';
import { LOOKUP_PAGE_SIZE } from './lookup-route.ts';
import type { BoardLicense } from './population.ts';
import { searchKey } from './population-index.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';

let sim: BoardSimulator;
let texas: BoardLicense[];

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 9, size: 2000, today: '2025-06-01' });
  texas = [...sim.population.boardLicenses('tx-med')];
});
afterAll(() => sim.close());

type Row = Record<'licenseNumber' | 'name' | 'licenseType' | 'status' | 'issueDate' | 'expiryDate', string>;

const decode = (html: string) =>
  html
    .replaceAll('&#39;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** Reads the contract's selectors with regular expressions (no HTML parser in this package). */
function parse(html: string): { rows: Row[]; next: string | null; noResults: boolean; hasTable: boolean } {
  const rows = [...html.matchAll(/<tr class="result">(.*?)<\/tr>/g)].map((m) => {
    const cell = (cls: string) => decode(new RegExp(`<td class="${cls}">(.*?)</td>`).exec(m[1] as string)?.[1] ?? '');
    return {
      licenseNumber: cell('license-number'),
      name: cell('name'),
      licenseType: cell('license-type'),
      status: cell('status'),
      issueDate: cell('issue-date'),
      expiryDate: cell('expiry-date'),
    };
  });
  const next = /<a class="next-page" href="([^"]+)"/.exec(html)?.[1];
  return {
    rows,
    next: next ? decode(next) : null,
    noResults: html.includes('<p class="no-results">'),
    hasTable: html.includes('<table id="results">'),
  };
}

async function search(path: string) {
  const res = await fetch(`${sim.url}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/html/);
  return parse(await res.text());
}

describe('html lookup', () => {
  it('pages by 20 with a next-page link until every match is listed', async () => {
    // The most common first letter of Texan last names gives more than one page.
    const byLetter = new Map<string, number>();
    for (const { person } of texas) {
      const letter = searchKey(person.lastName).charAt(0);
      byLetter.set(letter, (byLetter.get(letter) ?? 0) + 1);
    }
    const [letter, count] = [...byLetter].sort((a, b) => b[1] - a[1])[0] as [string, number];
    expect(count).toBeGreaterThan(LOOKUP_PAGE_SIZE);

    const seen: Row[] = [];
    let path: string | null = `/lookup/tx-med/search?last_name=${letter.toUpperCase()}`;
    let pages = 0;
    while (path) {
      const page = await search(path);
      pages++;
      expect(page.rows.length).toBeLessThanOrEqual(LOOKUP_PAGE_SIZE);
      if (page.next) expect(page.rows).toHaveLength(LOOKUP_PAGE_SIZE);
      seen.push(...page.rows);
      path = page.next;
    }
    expect(pages).toBe(Math.ceil(count / LOOKUP_PAGE_SIZE));
    expect(seen).toHaveLength(count);
    expect(new Set(seen.map((r) => r.licenseNumber)).size).toBe(count);
    for (const row of seen) {
      expect(searchKey(row.name).startsWith(letter)).toBe(true);
      expect(['Active', 'Expired', 'Suspended', 'Revoked', 'Probation', 'Inactive']).toContain(row.status);
      expect(['MD', 'DO']).toContain(row.licenseType);
      expect(row.issueDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(row.expiryDate).toMatch(/^(\d{2}\/\d{2}\/\d{4})?$/);
    }
    // A page past the end shows no results.
    expect((await search(`/lookup/tx-med/search?last_name=${letter}&page=${pages + 1}`)).noResults).toBe(true);
  });

  it('prints "Last, First Middle Suffix" in mixed case and finds a license by number', async () => {
    const hit = texas.find(({ person, license }) => person.suffix && license.middleAsPublished) as BoardLicense;
    const { person, license } = hit;
    const page = await search(
      `/lookup/tx-med/search?license_number=${encodeURIComponent(license.licenseNumber as string)}`,
    );
    expect(page.rows).toEqual([
      {
        licenseNumber: license.licenseNumber,
        name: `${person.lastName}, ${person.firstName} ${license.middleAsPublished} ${person.suffix}`,
        licenseType: license.licenseType,
        status: license.status.charAt(0).toUpperCase() + license.status.slice(1),
        issueDate: `${license.issueDate.slice(5, 7)}/${license.issueDate.slice(8)}/${license.issueDate.slice(0, 4)}`,
        expiryDate: license.expiryDate
          ? `${license.expiryDate.slice(5, 7)}/${license.expiryDate.slice(8)}/${license.expiryDate.slice(0, 4)}`
          : '',
      },
    ]);
    expect(page.next).toBeNull();
  });

  it('matches name prefixes case- and accent-insensitively and filters by license type', async () => {
    const accented = texas.find(({ person }) => /[^\x20-\x7e]/.test(person.lastName)) as BoardLicense;
    const plain = searchKey(accented.person.lastName).slice(0, 4);
    const page = await search(
      `/lookup/tx-med/search?last_name=${encodeURIComponent(plain.toUpperCase())}&first_name=${encodeURIComponent(accented.person.firstName.slice(0, 2).toLowerCase())}`,
    );
    expect(page.rows.map((r) => r.licenseNumber)).toContain(accented.license.licenseNumber);

    // Punctuation is folded the registry's way: "OBrien" finds O'Brien, "Garcia Lopez" García-López.
    for (const mark of ["'", '-']) {
      const punctuated = [...sim.population.people()]
        .flatMap((person) => person.licenses.map((license) => ({ person, license })))
        .find(
          ({ person, license }) => person.lastName.includes(mark) && simBoard(license.boardId)?.style === 'html-lookup',
        );
      if (!punctuated) throw new Error(`no last name with ${mark} on a look-up board`);
      const typed = punctuated.person.lastName.replaceAll("'", '').replaceAll('-', ' ');
      const found = await search(`/lookup/${punctuated.license.boardId}/search?last_name=${encodeURIComponent(typed)}`);
      expect(found.rows.map((r) => r.licenseNumber)).toContain(punctuated.license.licenseNumber);
    }

    const smiths = texas.filter(({ person }) => person.lastName === 'Smith');
    const doSmiths = await search('/lookup/tx-med/search?last_name=Smith&license_type=DO');
    expect(doSmiths.rows.every((r) => r.licenseType === 'DO')).toBe(true);
    expect(doSmiths.rows.length).toBe(smiths.filter((s) => s.license.licenseType === 'DO').length);
  });

  it('says no-results when nothing matched, without a results table', async () => {
    const page = await search('/lookup/tx-med/search?last_name=Zzzzqx');
    expect(page.noResults).toBe(true);
    expect(page.hasTable).toBe(false);
    expect((await search('/lookup/tx-med/search')).noResults).toBe(true);
    expect((await search('/lookup/tx-med/search?license_number=Q0000000')).noResults).toBe(true);
    expect((await fetch(`${sim.url}/lookup/tx-med/search?last_name=a&page=0`)).status).toBe(400);
    expect((await fetch(`${sim.url}/lookup/tx-med/search?last_name=a&license_type=RN`)).status).toBe(400);
  });

  it('lists namesakes as separate licenses', async () => {
    // Find two different people with one name licensed by the same look-up board.
    type Pair = { boardId: string; a: BoardLicense; b: BoardLicense };
    let found: Pair | null = null;
    for (const person of sim.population.people()) {
      if (person.sameNameAs === null) continue;
      const other = sim.population.person(person.sameNameAs);
      for (const license of person.licenses) {
        const shared = other.licenses.find((l) => l.boardId === license.boardId);
        if (shared && simBoard(license.boardId)?.style === 'html-lookup') {
          found = { boardId: license.boardId, a: { person, license }, b: { person: other, license: shared } };
        }
      }
      if (found) break;
    }
    expect(found).not.toBeNull();
    const { boardId, a, b } = found as unknown as Pair;
    const page = await search(
      `/lookup/${boardId}/search?last_name=${encodeURIComponent(a.person.lastName)}&first_name=${encodeURIComponent(a.person.firstName)}`,
    );
    const numbers = page.rows.map((r) => r.licenseNumber);
    expect(numbers).toContain(a.license.licenseNumber);
    expect(numbers).toContain(b.license.licenseNumber);
  });
});
