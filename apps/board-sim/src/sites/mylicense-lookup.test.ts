import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { MYLICENSE_FORM } from './mylicense-lookup.ts';
import { WebFormsVisitor } from './webforms-visitor.ts';

// mylicense.com's search (Indiana, New Jersey, Rhode Island): the grid's nested name cell and detail link,
// the numbered pager posting back, the detail page's label/value table, Rhode Island's 200-row cap and
// Indiana's error page for a surname with too many rows.

const INDIANA = '/sites/mylicense.in.gov/EVerification/Search.aspx';
const NEW_JERSEY = '/sites/newjersey.mylicense.com/verification/Search.aspx?facility=N';
const RHODE_ISLAND = '/sites/healthri.mylicense.com/verification/Search.aspx';

/** The grid's result rows (not its header or pager): their cells' text, and the name's detail link. */
function gridRows(html: string): { cells: string[]; detail: string }[] {
  return [...html.matchAll(/<tr>\n<td><table[\s\S]*?\n<\/tr>/g)].map(([row]) => {
    const detail = /href="(Details\.aspx\?result=[^"]+)"/.exec(row)?.[1] ?? '';
    const name = />([^<]+)<\/a>/.exec(row)?.[1] ?? '';
    const spans = [...row.matchAll(/<span id="[^"]+">([^<]*)<\/span>/g)].map((m) => m[1] as string);
    return { cells: [name, ...spans], detail };
  });
}

async function searched(sim: BoardSimulator, path: string, values: Record<string, string>) {
  const visitor = await new WebFormsVisitor().get(`${sim.url}${path}`);
  return visitor.submit(values, MYLICENSE_FORM.search);
}

function licensesOf(sim: BoardSimulator, boardId: string): BoardLicense[] {
  const found: BoardLicense[] = [];
  for (const person of sim.population.people()) {
    const license = person.licenses.find((l) => l.boardId === boardId);
    if (license) found.push({ person, license });
  }
  return found;
}

describe('mylicense.com look-ups', () => {
  let sim: BoardSimulator;
  let indiana: BoardLicense[];
  beforeAll(async () => {
    sim = await startBoardSimulator({ port: 0, size: 20_000 });
    indiana = licensesOf(sim, 'in-med');
  });
  afterAll(() => sim.close());

  it('lists the name in a table nested in its cell, linking the detail, then number, profession, type, status, address', async () => {
    const { person, license } = indiana[0] as BoardLicense;
    const visitor = await searched(sim, INDIANA, {
      [MYLICENSE_FORM.lastName]: person.lastName,
      [MYLICENSE_FORM.firstName]: person.firstName,
    });
    expect(visitor.html).toContain('<table cellspacing="0" rules="all" border="1" id="datagrid_results"');
    expect(visitor.html).toContain('<tr><td><b>Name</b></td><td><b>License #</b></td>');
    const row = gridRows(visitor.html).find((r) => r.cells[1] === license.licenseNumber);
    expect(row).toBeDefined();
    expect(row?.cells[0]).toMatch(new RegExp(`^${license.lastNameAsPublished}, ${person.firstName}`));
    expect(row?.cells.slice(2, 4)).toEqual([
      'Medical Licensing Board',
      license.licenseType === 'MD' ? 'Physician' : 'Osteopathic Physician',
    ]);
    expect(row?.cells[5]).toMatch(/^[A-Z .]+, IN$/);
    expect(row?.detail).toMatch(
      /^Details\.aspx\?result=[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // No expiry in the list: it is on the detail page only.
    if (license.expiryDate) expect(row?.cells).not.toContain(usDate(license.expiryDate));
  });

  it('pages twenty rows at a time through a numbered pager that posts the grid back', async () => {
    const expected = indiana
      .filter((h) => searchKey(h.person.lastName).startsWith('s'))
      .map((h) => h.license.licenseNumber);
    expect(expected.length).toBeGreaterThan(40);
    const visitor = await searched(sim, INDIANA, { [MYLICENSE_FORM.lastName]: 'S' });
    const seen: string[] = [];
    for (let page = 1; ; page++) {
      const rows = gridRows(visitor.html);
      const last = !visitor.html.includes(`<span>${page}</span>&nbsp;<a`);
      expect(rows.length, `page ${page}`).toBe(last ? rows.length : 20);
      seen.push(...rows.map((r) => r.cells[1] as string));
      const next = new RegExp(
        `<span>${page}</span>&nbsp;<a href="javascript:__doPostBack\\(&#39;([^&]+)&#39;,&#39;&#39;\\)">${page + 1}</a>`,
      ).exec(visitor.html);
      if (!next) break;
      await visitor.postBack(next[1] as string);
      expect(visitor.status).toBe(200);
    }
    // Every Indiana physician of the surnames, and other professionals of them, each once.
    for (const number of expected) expect(seen).toContain(number);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.some((n) => /^(RN|PA|RPH)\d{6}$/.test(n))).toBe(true);
  });

  it("opens a detail page whose label/value table, four pairs a row, gives the dates in the platform's ids", async () => {
    const { person, license } = indiana.find((h) => h.license.expiryDate) as BoardLicense;
    const visitor = await searched(sim, INDIANA, {
      [MYLICENSE_FORM.lastName]: person.lastName,
      [MYLICENSE_FORM.firstName]: person.firstName,
    });
    const row = gridRows(visitor.html).find((r) => r.cells[1] === license.licenseNumber);
    await visitor.get(new URL(row?.detail ?? '', visitor.url).toString());
    expect(visitor.status).toBe(200);
    expect(visitor.html).toContain(
      `<td class="label">Expiration</td><td><span id="expiration_date">${usDate(license.expiryDate)}</span></td>`,
    );
    expect(visitor.html).toContain(
      `<td class="label">Issued</td><td><span id="issue">${usDate(license.issueDate)}</span></td>`,
    );
    expect(visitor.html).toContain(`<span id="license_no">${license.licenseNumber}</span>`);
    const rows = visitor.html.match(/<tr><td class="label">/g) ?? [];
    expect(rows).toHaveLength(2);
    // A made-up id is no one's.
    await visitor.get(
      `${sim.url}/sites/mylicense.in.gov/EVerification/Details.aspx?result=00000000-0000-4000-a000-000000000001`,
    );
    expect(visitor.html).toContain('The requested license could not be found.');
  });

  it('New Jersey: city and state columns, and a detail of one label/value pair a row', async () => {
    const { person, license } = licensesOf(sim, 'nj-med')[0] as BoardLicense;
    const visitor = await searched(sim, NEW_JERSEY, {
      [MYLICENSE_FORM.lastName]: person.lastName,
      [MYLICENSE_FORM.firstName]: person.firstName,
    });
    const row = gridRows(visitor.html).find((r) => r.cells[1] === license.licenseNumber);
    expect(row?.cells[6]).toBe('NJ');
    await visitor.get(new URL(row?.detail ?? '', visitor.url).toString());
    expect(visitor.html).toMatch(
      /<tr><td class="label">License Status<\/td><td><span id="sec_lic_status">[^<]+<\/span><\/td><\/tr>/,
    );
    expect(visitor.html).toContain(`<span id="expiration_date">${usDate(license.expiryDate)}</span>`);
  });

  it("a miss says so in the board's words; an empty search asks for a criterion", async () => {
    const miss = await searched(sim, RHODE_ISLAND, { [MYLICENSE_FORM.lastName]: 'Qwxzyvranek' });
    expect(miss.html).toContain('No records found.');
    const empty = await searched(sim, RHODE_ISLAND, {});
    expect(empty.html).toContain('Please enter a last name, a first name or a license number.');
    expect(empty.html).not.toContain('No records found.');
  });

  it('finds a license by its number alone', async () => {
    const { license } = indiana[5] as BoardLicense;
    const visitor = await searched(sim, INDIANA, { [MYLICENSE_FORM.licenseNumber]: license.licenseNumber ?? '' });
    expect(gridRows(visitor.html).map((r) => r.cells[1])).toEqual([license.licenseNumber]);
  });
});

describe('mylicense.com look-ups, a surname with hundreds of rows', () => {
  let big: BoardSimulator;
  beforeAll(async () => {
    big = await startBoardSimulator({ port: 0, size: 300_000 });
  });
  afterAll(() => big.close());

  it('Rhode Island shows its first 200 rows on one page and says the rest were cut off', async () => {
    const visitor = await searched(big, RHODE_ISLAND, { [MYLICENSE_FORM.lastName]: 'S' });
    expect(visitor.status).toBe(200);
    expect(gridRows(visitor.html)).toHaveLength(200);
    expect(visitor.html).not.toContain('__doPostBack(&#39;datagrid_results');
    expect(visitor.html).toContain('Your search returned more than 200 records.');
  });

  it('Indiana answers an ASP.NET error page, and the same surname with a first name is answered', async () => {
    const broad = await searched(big, INDIANA, { [MYLICENSE_FORM.lastName]: 'S' });
    expect(broad.status).toBe(500);
    expect(broad.html).toContain("Server Error in '/EVerification' Application.");
    expect(broad.html).toContain('<title>Runtime Error</title>');
    const narrow = await searched(big, INDIANA, { [MYLICENSE_FORM.lastName]: 'S', [MYLICENSE_FORM.firstName]: 'Ja' });
    expect(narrow.status).toBe(200);
    expect(gridRows(narrow.html).length).toBeGreaterThan(0);
  });
});
