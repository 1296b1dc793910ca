import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { GroundTruthPerson } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { VIRGINIA_MAX_RECORDS, VIRGINIA_OCCUPATIONS } from './virginia-dhp-lookup.ts';

// The larger population has a surname initial with more Virginia licensees than the page lists.
let sim: BoardSimulator;
let truth: GroundTruthPerson[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 20_000 });
  truth = (await (await fetch(`${sim.url}/ground-truth.jsonl`)).text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
});
afterAll(() => sim.close());

const page = (name: string) => `${sim.url}/sites/dhp.virginiainteractive.org/Lookup/${name}`;

async function post(name: string, form: Record<string, string>) {
  const res = await fetch(page(name), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The result table's rows: an occupation heading (one cell spanning four) or a licensee's four cells. */
function rowsOf(html: string) {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row = '']) => {
    const heading = /^<td colspan="4"><strong>([^<]*)<\/strong><\/td>$/.exec(row);
    if (heading) return { heading: heading[1] };
    const [, href, name, address, expiry] =
      /^<td><a href="([^"]*)">([^<]*)<\/a><\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>[^<]*<\/td>$/.exec(row) ?? [];
    return { href, name, address, expiry };
  });
}

const virginians = () =>
  truth.flatMap((p) => p.licenses.filter((l) => l.boardId === 'va-med').map((license) => ({ person: p, license })));

describe("Virginia's License Lookup", () => {
  it('is one page of three forms: by number to Result, by SSN and by name to Index', async () => {
    const html = await (await fetch(page('Index'))).text();
    expect(html.match(/<form /g)).toHaveLength(3);
    expect(html).toContain('<form action="Result" method="post">');
    expect(html.match(/<form action="Index" method="post">/g)).toHaveLength(2);
    for (const id of ['LicenseNo', 'SSN', 'LName', 'FName']) expect(html).toContain(`id="${id}" name="${id}"`);
    expect(html.match(/<input type="submit" value="Search" class="btn btn-primary">/g)).toHaveLength(3);
    // ASP.NET MVC's routes ignore case, as the evidence's lower-case addresses show.
    expect((await fetch(`${sim.url}/sites/dhp.virginiainteractive.org/lookup/index`)).status).toBe(200);
  });

  it('lists a surname under occupation headings, each physician linked to its detail page', async () => {
    // A surname with a nurse beside its physicians: the groups then hold more than physicians.
    const surnames = [...new Set(virginians().map((v) => v.person.lastName))];
    let html = '';
    for (const lastName of surnames) {
      html = await post('Index', { LName: lastName, FName: '' });
      if (html.includes('Registered Nurse') || html.includes('Licensed Practical Nurse')) break;
    }
    const rows = rowsOf(html);
    const headings = rows.flatMap((r) => ('heading' in r ? [r.heading] : []));
    expect(headings).toEqual([...headings].sort());
    expect(headings.some((h) => Object.values(VIRGINIA_OCCUPATIONS).includes(h as string))).toBe(true);
    expect(headings.some((h) => h === 'Registered Nurse' || h === 'Licensed Practical Nurse')).toBe(true);
    expect(rows[0]).toHaveProperty('heading');
    for (const row of rows) if (!('heading' in row)) expect(row.href).toMatch(/^Detail\/\d{10}$/);
    expect(html).toContain('<thead><tr><th>Name</th><th>Address</th><th>Expire Date</th><th></th></tr></thead>');
  });

  it("gives the number, status and dates on the detail page's label/value table", async () => {
    const { person, license } = virginians().find((v) => v.license.status !== 'active') as ReturnType<
      typeof virginians
    >[number];
    const html = await post('Index', { LName: person.lastName, FName: person.firstName });
    const row = rowsOf(html).find((r) => 'href' in r && r.href === `Detail/${license.licenseNumber}`);
    expect(row).toMatchObject({ expiry: usDate(license.expiryDate) });
    expect(html).not.toContain(`>${license.licenseNumber}<`);
    const detail = await (await fetch(page(`Detail/${license.licenseNumber}`))).text();
    const value = (label: string) => new RegExp(`<tr><th>${label}</th><td>([^<]*)</td></tr>`).exec(detail)?.[1];
    expect(value('License Number')).toBe(license.licenseNumber);
    expect(value('Occupation')).toBe(VIRGINIA_OCCUPATIONS[license.licenseType]);
    expect(value('License Status')).toBe(HTML_STATUS[license.status]);
    expect(value('Initial License Date')).toBe(usDate(license.issueDate));
    expect(value('Expire Date')).toBe(usDate(license.expiryDate));
    expect((await fetch(page('Detail/0101999999999'))).status).toBe(404);
  });

  it('finds a number on the Result form only as the ten digits the board writes', async () => {
    const { license } = virginians()[0] as ReturnType<typeof virginians>[number];
    const number = license.licenseNumber ?? '';
    expect(number).toMatch(/^010[12]\d{6}$/);
    const found = rowsOf(await post('Result', { LicenseNo: number }));
    expect(found.filter((r) => 'href' in r).map((r) => ('href' in r ? r.href : ''))).toEqual([`Detail/${number}`]);
    expect(await post('Result', { LicenseNo: number.replace(/^0+/, '') })).toContain('Your search returned 0 records.');
  });

  it("says 'returned 0 records' for nobody, 'too many records' for too broad a search, and needs a last name", async () => {
    expect(await post('Index', { LName: 'Qqxyzzyv', FName: '' })).toContain('Your search returned 0 records.');
    const broad = await post('Index', { LName: 'S', FName: '' });
    expect(virginians().filter((v) => v.person.lastName.startsWith('S')).length).toBeGreaterThan(VIRGINIA_MAX_RECORDS);
    expect(broad).toContain('Your search returned too many records.');
    expect(broad).not.toContain('<tbody>');
    const nameless = await post('Index', { LastName: 'Smith' });
    expect(nameless).toContain('Last Name is required.');
    expect(nameless).not.toContain('<tbody>');
  });
});
