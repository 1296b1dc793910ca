import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../board-records.ts';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { PALS_CAP, PALS_PAGE_SIZE, pageOfFinds, readPalsSearch } from './pennsylvania-pals.ts';

/** What a client without a browser reads of a page: its markup, not the script that renders the rest. */
const withoutScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '');

type Row = {
  PersonId: number;
  LicenseId: number;
  IsFacility: number;
  LastName: string;
  FirstName: string;
  LicenseNumber: string;
  LicenceType: string;
  Status: string;
  BoardName: string;
  TotalRecords: number;
};

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 6, size: 5000, today: '2026-06-01' });
});
afterAll(() => sim.close());
afterEach(async () => {
  await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });
});

const site = (path: string) => `${sim.url}/sites/www.pals.pa.gov${path}`;
const SEARCH = '/api/Search/SearchForPersonOrFacilty';
const DETAIL = '/api/Search/GetPersonOrFacilityDetails';

function post(path: string, body: unknown) {
  return fetch(site(path), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function search(body: Record<string, unknown>): Promise<Row[]> {
  const answer = await post(SEARCH, { OptPersonFacility: 'Person', IsFacility: 0, PageNo: 1, ...body });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Row[];
}

/** The board's first license with an expiry date. */
function firstOn(boardId: string): BoardLicense {
  for (const entry of sim.population.boardLicenses(boardId)) if (entry.license.expiryDate) return entry;
  throw new Error(`nobody on ${boardId}`);
}

describe("Pennsylvania's PALS", () => {
  it('serves an app shell whose markup holds no result until its script has asked the API', async () => {
    const answer = await fetch(site('/'));
    expect(answer.status).toBe(200);
    const html = await answer.text();
    // Relative API paths resolve under the simulator's copy of the host.
    expect(html).toContain('<base href="/sites/www.pals.pa.gov/">');
    expect(html).toContain("'api/Search/SearchForPersonOrFacilty'");
    const markup = withoutScripts(html);
    expect(markup).not.toContain('DataTables_Table_3');
    expect(markup).not.toMatch(/\b(MD|OS)\d{6}\b/);
  });

  it('lists both boards and other professions for a surname, in the words and fields of its rows', async () => {
    const md = firstOn('pa-md');
    const rows = await search({ LastName: md.person.lastName, FirstName: md.person.firstName });
    const row = rows.find((r) => r.LicenseNumber === md.license.licenseNumber);
    expect(row).toMatchObject({
      LicenceType: 'Medical Physician and Surgeon',
      BoardName: 'State Board of Medicine',
      IsFacility: 0,
      TotalRecords: rows.length,
    });
    const doctor = firstOn('pa-do');
    const dos = await search({ LastName: doctor.person.lastName });
    expect(dos.find((r) => r.LicenseNumber === doctor.license.licenseNumber)).toMatchObject({
      LicenceType: 'Osteopathic Physician and Surgeon',
      BoardName: 'State Board of Osteopathic Medicine',
    });
    // Somewhere among the boards' physicians, another profession's licensee shares a surname.
    const others = [];
    for (const { person } of [...sim.population.boardLicenses('pa-md')].slice(0, 30))
      others.push(...(await search({ LastName: person.lastName })).filter((r) => !/^(MD|OS)\d/.test(r.LicenseNumber)));
    expect(others.length).toBeGreaterThan(0);
  });

  it('finds a license by its number alone, with no namesakes beside it', async () => {
    const { license } = firstOn('pa-do');
    const rows = await search({ LicenseNumber: license.licenseNumber });
    expect(rows.map((r) => r.LicenseNumber)).toEqual([license.licenseNumber]);
  });

  it('answers 50 rows a page and never more than 500 in all, nothing past the tenth page', () => {
    const found = Array.from({ length: 1200 }, (_, i) => i);
    expect(pageOfFinds(found, 1)).toEqual({ rows: found.slice(0, PALS_PAGE_SIZE), totalRecords: PALS_CAP });
    expect(pageOfFinds(found, 10).rows).toEqual(found.slice(450, 500));
    expect(pageOfFinds(found, 11).rows).toEqual([]);
    expect(pageOfFinds(found.slice(0, 70), 2)).toEqual({ rows: found.slice(50, 70), totalRecords: 70 });
  });

  it('gives the expiry only in the detail, by the ids and number a row carries', async () => {
    const { person, license } = firstOn('pa-md');
    const [row] = (await search({ LicenseNumber: license.licenseNumber })) as [Row];
    expect(JSON.stringify(row)).not.toContain(usDate(license.expiryDate));
    const ids = { PersonId: String(row.PersonId), LicenseId: String(row.LicenseId), IsFacility: '0' };
    const detail = await post(DETAIL, { ...ids, LicenseNumber: license.licenseNumber });
    expect(detail.status).toBe(200);
    expect(await detail.json()).toMatchObject({
      LicenseNumber: license.licenseNumber,
      LastName: license.lastNameAsPublished,
      FirstName: person.firstName,
      ExpiryDate: usDate(license.expiryDate),
      IssueDate: usDate(license.issueDate),
      LicenseType: 'Medical Physician and Surgeon',
    });
    // Ids PALS never gave, or another license's number, find nothing.
    expect((await post(DETAIL, { ...ids, LicenseNumber: 'MD000000' })).status).toBe(404);
    expect((await post(DETAIL, { ...ids, LicenseId: '999', LicenseNumber: license.licenseNumber })).status).toBe(404);
  });

  it('answers its endpoints as an API does: POST only, JSON only, no facilities here', async () => {
    expect((await fetch(site(SEARCH))).status).toBe(405);
    expect((await post(SEARCH, 'not json')).status).toBe(400);
    expect(await search({ OptPersonFacility: 'Facility', IsFacility: 1, FacilityName: 'RITE AID' })).toEqual([]);
    expect(readPalsSearch({ LastName: ' Smith ', PageNo: '3' })).toEqual({
      lastName: 'Smith',
      firstName: '',
      licenseNumber: '',
      pageNo: 3,
    });
    // The spelling the page calls is PALS' own; the dictionary's is not an endpoint.
    expect((await fetch(site('/api/Search/SearchForPersonOrFacility'))).status).toBe(404);
  });

  it("meets a fault set for either board, the search's scoped to the surname it asks", async () => {
    const control = (fault: Record<string, unknown>) =>
      fetch(`${sim.url}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(fault),
      });
    expect((await control({ boardId: 'pa-do', blocked: 'recaptcha' })).status).toBe(204);
    expect(await (await fetch(site('/'))).text()).toContain('g-recaptcha');
    await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });

    const { person } = firstOn('pa-md');
    expect((await control({ boardId: 'pa-md', changed: true, lastName: person.lastName })).status).toBe(204);
    expect(await (await fetch(site('/'))).text()).toContain('DataTables_Table_3');
    const changed = await post(SEARCH, { LastName: person.lastName, PageNo: 1 });
    expect(changed.headers.get('content-type')).toContain('text/html');
    expect((await search({ LastName: 'Zzyzxq' })).length).toBe(0);
  });
});
