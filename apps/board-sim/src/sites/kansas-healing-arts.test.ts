import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../board-records.ts';
import type { GroundTruthPerson } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { KANSAS_PAGE_SIZE, KANSAS_STATUS, KANSAS_TYPES } from './kansas-healing-arts.ts';

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

const page = (name: string) => `${sim.url}/sites/www.kansas.gov/ssrv-ksbhada/${name}`;

function search(form: Record<string, string>) {
  return fetch(page('search.html'), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** Posts the form and follows its redirect with the session cookie, as a browser does. */
async function results(form: Record<string, string>) {
  const posted = await search(form);
  expect(posted.status).toBe(302);
  expect(posted.headers.get('location')).toBe('results.html');
  const cookie = (posted.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const answer = await fetch(page('results.html'), { headers: { cookie } });
  return { cookie, html: await answer.text() };
}

const rowsOf = (html: string) =>
  [...html.matchAll(/<tr>\s*<td><a href="details\.html\?id=(\d+)">([^<]*)<\/a><\/td>\s*((?:<td>[^<]*<\/td>)+)/g)].map(
    ([, id, name, cells]) => [id, name, ...[...(cells ?? '').matchAll(/<td>([^<]*)<\/td>/g)].map((m) => m[1])],
  );

const kansans = () =>
  truth.flatMap((p) => p.licenses.filter((l) => l.boardId === 'ks-med').map((license) => ({ person: p, license })));

describe("Kansas's license search", () => {
  it('is a form posted to itself, with the fields third parties post', async () => {
    const html = await (await fetch(page('search.html'))).text();
    expect(html).toContain('<form id="searchForm" method="post" action="search.html">');
    for (const name of ['lastName', 'firstName', 'middleInitial', 'licenseNumber', 'city'])
      expect(html).toContain(`id="${name}" name="${name}"`);
    expect(html).toContain('<select id="profession" name="profession">');
    expect(html).toContain('<input type="submit" id="id_submit" name="submit" value="Search">');
  });

  it("answers a search by redirecting to results.html, which lists the session's search in the real columns", async () => {
    const { person, license } = kansans()[0] as ReturnType<typeof kansans>[number];
    const { html } = await results({ lastName: person.lastName, firstName: '' });
    expect(html).toContain(
      '<thead><tr><th>Name</th><th>License Type</th><th>License Number</th><th>City, State</th><th>Status</th></tr></thead>',
    );
    const row = rowsOf(html).find((r) => r[3] === license.licenseNumber);
    expect(row?.[1]).toContain(`, ${person.firstName}`);
    expect(row?.slice(2)).toEqual([
      KANSAS_TYPES[license.licenseType],
      license.licenseNumber,
      expect.stringMatching(/^[A-Za-z ]+, [A-Z]{2}$/),
      KANSAS_STATUS[license.status],
    ]);
    expect(html).toMatch(/Total Matches Found: [1-9]\d*/);
  });

  it('gives the expiry and first licensing date on the detail page only, as labelled list items', async () => {
    const { person, license } = kansans().find((k) => k.license.expiryDate !== null) as ReturnType<
      typeof kansans
    >[number];
    const { html } = await results({ licenseNumber: license.licenseNumber ?? '' });
    const [row] = rowsOf(html);
    expect(html).not.toContain(usDate(license.expiryDate));
    const detail = await (await fetch(page(`details.html?id=${row?.[0]}`))).text();
    expect(detail).toContain(`<h3>Profile for ${person.firstName}`);
    expect(detail).toContain(`<li><strong>License Number:</strong> ${license.licenseNumber}</li>`);
    expect(detail).toContain(`<li><strong>License Expiration Date:</strong> ${usDate(license.expiryDate)}</li>`);
    expect(detail).toContain(`<li><strong>Original License Date:</strong> ${usDate(license.issueDate)}</li>`);
    expect(detail).toContain(`<li><strong>Profession:</strong> ${KANSAS_TYPES[license.licenseType]}</li>`);
    expect((await fetch(page('details.html?id=1'))).status).toBe(404);
  });

  it('pages 25 rows at a time through the session, by the Next link', async () => {
    const doctors = kansans().filter((k) => k.license.licenseType === 'MD');
    expect(doctors.length).toBeGreaterThan(KANSAS_PAGE_SIZE);
    const { cookie, html } = await results({ profession: '04' });
    expect(html).toContain(`Total Matches Found: ${doctors.length}`);
    expect(rowsOf(html)).toHaveLength(KANSAS_PAGE_SIZE);
    expect(html).toContain('<div class="pagination"><a href="results.html?navigate=next&amp;page=2">Next</a></div>');
    const seen = new Set(rowsOf(html).map((r) => r[3]));
    let next: string | undefined = 'results.html?navigate=next&page=2';
    while (next) {
      const more = await (await fetch(page(next), { headers: { cookie } })).text();
      for (const row of rowsOf(more)) seen.add(row[3]);
      next = /<a href="(results\.html\?navigate=next&amp;page=\d+)">Next<\/a>/.exec(more)?.[1]?.replace('&amp;', '&');
    }
    expect([...seen].sort()).toEqual(doctors.map((d) => d.license.licenseNumber).sort());
    // Without a page, navigate moves on from where the session is: the last page, here.
    const pages = Math.ceil(doctors.length / KANSAS_PAGE_SIZE);
    const back = await (await fetch(page('results.html?navigate=prev'), { headers: { cookie } })).text();
    expect(back).toContain(`Page ${pages - 1} of ${pages}`);
  });

  it("says 'Total Matches Found: 0' for nobody, and answers a lost session and an empty form with no table", async () => {
    const { html } = await results({ lastName: 'Qqxyzzyv' });
    expect(html).toContain('<p>Total Matches Found: 0</p>');
    expect(html).not.toContain('<table>');
    const lost = await (await fetch(page('results.html'))).text();
    expect(lost).toContain('Your search session has expired');
    expect(lost).not.toContain('<table>');
    const empty = await search({ lastName: '' });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('Please enter at least one search criterion.');
    // A number as the board writes it, and only so.
    const { license } = kansans()[0] as ReturnType<typeof kansans>[number];
    expect(rowsOf((await results({ licenseNumber: license.licenseNumber ?? '' })).html)).toHaveLength(1);
    expect((await results({ licenseNumber: (license.licenseNumber ?? '').replace('-', '') })).html).toContain(
      'Total Matches Found: 0',
    );
  });

  it("meets a fault scoped to one surname in that surname's search only", async () => {
    const [first, second] = kansans().filter(
      (k, i, all) => all.findIndex((o) => o.person.lastName === k.person.lastName) === i,
    );
    await fetch(`${sim.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: 'ks-med', lastName: first?.person.lastName, changed: true }),
    });
    try {
      const faulted = await search({ lastName: first?.person.lastName ?? '' });
      expect(faulted.status).toBe(200);
      expect(await faulted.text()).toContain('Enable JavaScript to view license details.');
      expect((await search({ lastName: second?.person.lastName ?? '' })).status).toBe(302);
    } finally {
      await fetch(`${sim.url}/_control/faults?boardId=ks-med`, { method: 'DELETE' });
    }
  });
});
