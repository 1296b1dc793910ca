import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTML_STATUS, usDate } from '../board-records.ts';
import type { GroundTruthPerson } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';

let sim: BoardSimulator;
let truth: GroundTruthPerson[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 3000 });
  truth = (await (await fetch(`${sim.url}/ground-truth.jsonl`)).text())
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as GroundTruthPerson);
});
afterAll(() => sim.close());

const verify = () => `${sim.url}/sites/www.wvbdosteo.org/verify/`;

async function post(form: Record<string, string>) {
  const res = await fetch(verify(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(res.status).toBe(200);
  return res.text();
}

/** The cells of #printcontent's first table, row by row (the name cell's link text). */
function cellsOf(html: string): string[][] {
  const table = /<div id="printcontent"><table[^>]*>[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row = '']) =>
    [...row.matchAll(/<td>(?:<a href="javascript:details\(\d+\)">)?([^<]*)(?:<\/a>)?<\/td>/g)].map((m) => m[1] ?? ''),
  );
}

const osteopaths = () =>
  truth.flatMap((p) => p.licenses.filter((l) => l.boardId === 'wv-do').map((license) => ({ person: p, license })));

const SEARCH = { do: 'submit', action: 'submit', search: 'Search' };

describe("West Virginia's osteopathic verification page", () => {
  it('is a form posted back to /verify/: a license type select, last name, number, the .btn-primary button', async () => {
    const html = await (await fetch(verify())).text();
    expect(html).toContain('<form method="post" action="./" class="form-inline">');
    expect(html).toContain('<option value="BoardXP">Osteopathic Physician</option>');
    for (const id of ['licType', 'lName', 'licNo']) expect(html).toContain(`id="${id}" name="${id}"`);
    expect(html).toContain('<input type="hidden" name="do" value="submit">');
    expect(html).toContain('<button type="submit" name="search" value="Search" class="btn btn-primary">');
  });

  it("lists osteopathic physicians in #printcontent's first table: number in cell 3, expiry in cell 4", async () => {
    expect(osteopaths().length).toBeGreaterThan(0);
    for (const { person, license } of osteopaths()) {
      const rows = cellsOf(await post({ ...SEARCH, licType: 'BoardXP', lName: person.lastName }));
      expect(rows).toContainEqual([
        expect.stringContaining(`, ${person.firstName}`),
        'Osteopathic Physician',
        license.licenseNumber,
        usDate(license.expiryDate),
        HTML_STATUS[license.status],
      ]);
      const byNumber = cellsOf(await post({ ...SEARCH, licType: 'BoardXP', licNo: license.licenseNumber ?? '' }));
      expect(byNumber.map((r) => r[2])).toEqual([license.licenseNumber]);
    }
  });

  it('refuses a search without a license type, and finds no physician under another type', async () => {
    const { person } = osteopaths()[0] as ReturnType<typeof osteopaths>[number];
    const untyped = await post({ ...SEARCH, lName: person.lastName });
    expect(untyped).toContain('Please select a license type.');
    expect(untyped).not.toContain('id="printcontent"');
    expect(await post({ ...SEARCH, licType: 'Residents', lName: person.lastName })).toContain(
      'No records found matching your search criteria.',
    );
    expect(await post({ ...SEARCH, licType: 'BoardXP', lName: 'Qqxyzzyv' })).toContain(
      '<div id="printcontent"><p>No records found matching your search criteria.</p></div>',
    );
  });
});
