import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import type { SimRow } from './browser-site.ts';
import { THENTIA_PAGE_SIZE } from './thentia-portal.ts';

/** What a client without a browser reads of a page: its markup, not the script that renders the rest. */
const withoutScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '');

let sim: BoardSimulator;
let arizona: BoardLicense[];

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 3, size: 6000, today: '2026-06-01' });
  arizona = [...sim.population.boardLicenses('az-do')];
});
afterAll(() => sim.close());

const site = (host: string, path: string) => `${sim.url}/sites/${host}${path}`;
const AZ = 'azdo.portalus.thentiacloud.net';

async function json(url: string) {
  const answer = await fetch(url);
  expect(answer.headers.get('content-type')).toMatch(/application\/json/);
  return { status: answer.status, body: (await answer.json()) as { total: number; rows: SimRow[] } & SimRow };
}

describe('Thentia Cloud registers', () => {
  it('serve a page with the search box and no licensee: only its script renders results', async () => {
    const { person } = arizona[0] as BoardLicense;
    const answer = await fetch(`${site(AZ, '/webs/portal/register/')}?keywords=${encodeURIComponent(person.lastName)}`);
    expect(answer.status).toBe(200);
    const page = await answer.text();
    expect(page).toContain('"/sites/azdo.portalus.thentiacloud.net/_sim"');
    const html = withoutScripts(page);
    expect(html).toContain('id="keywords"');
    expect(html).toContain('btn-brand');
    expect(html).not.toContain(person.lastName);
    expect(html).not.toContain('<td>');
  });

  it("answer the script's keyword search with the board's licensees, a page at a time", async () => {
    const { person, license } = arizona[0] as BoardLicense;
    const { body } = await json(`${site(AZ, '/_sim/search')}?keywords=${encodeURIComponent(person.lastName)}`);
    const row = body.rows.find((r) => r.licenseNumber === license.licenseNumber);
    expect(row).toMatchObject({ firstName: person.firstName, licenseType: 'Osteopathic Physician' });
    expect(row?.expiryDate).toMatch(/^(\d{2}\/\d{2}\/\d{4})?$/);
    // Every word must match: a first name narrows, a stranger's finds nobody.
    const both = await json(
      `${site(AZ, '/_sim/search')}?keywords=${encodeURIComponent(`${person.firstName} ${person.lastName}`)}`,
    );
    expect(both.body.rows.map((r) => r.licenseNumber)).toContain(license.licenseNumber);
    expect((await json(`${site(AZ, '/_sim/search')}?keywords=Zzyzxq`)).body).toMatchObject({ total: 0, rows: [] });
    const byNumber = await json(`${site(AZ, '/_sim/search')}?keywords=${license.licenseNumber}`);
    expect(byNumber.body.rows.map((r) => r.licenseNumber)).toEqual([license.licenseNumber]);
  });

  it(`page by ${THENTIA_PAGE_SIZE}`, async () => {
    const first = await json(`${site(AZ, '/_sim/search')}?keywords=a&page=1`);
    const letters = new Map<string, number>();
    for (const { person } of arizona)
      letters.set(person.lastName[0] as string, (letters.get(person.lastName[0] as string) ?? 0) + 1);
    const [letter = 'A', count = 0] = [...letters].sort((a, b) => b[1] - a[1])[0] ?? [];
    const all = await json(`${site(AZ, '/_sim/search')}?keywords=${letter}`);
    expect(all.body.total).toBe(count);
    expect(all.body.rows.length).toBe(Math.min(count, THENTIA_PAGE_SIZE));
    expect(first.body.rows.length).toBeLessThanOrEqual(THENTIA_PAGE_SIZE);
  });

  it("Nevada's medical register gives a licensee's profile by id, and 404 for an unknown one", async () => {
    const host = 'nsbme.us.thentiacloud.net';
    const [{ license } = arizona[0] as BoardLicense] = [...sim.population.boardLicenses('nv-md')];
    const { status, body } = await json(`${site(host, '/_sim/detail')}?id=${license.licenseNumber}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ licenseNumber: license.licenseNumber, licenseType: 'Physician' });
    expect((await json(`${site(host, '/_sim/detail')}?id=NOPE`)).status).toBe(404);
    // The other registers have no profile endpoint: their tables hold every field.
    expect((await fetch(`${site(AZ, '/_sim/detail')}?id=${license.licenseNumber}`)).status).toBe(404);
  });

  it('show the fault set for the board where the browser lands: a CAPTCHA, a 404, a redesign', async () => {
    const set = (fault: object) =>
      fetch(`${sim.url}/_control/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ boardId: 'az-do', ...fault }),
      });
    const page = () => fetch(site(AZ, '/webs/portal/register/'));
    await set({ blocked: 'recaptcha' });
    expect(await (await page()).text()).toContain('g-recaptcha');
    await set({ moved: 'not-found' });
    expect((await page()).status).toBe(404);
    await set({ changed: true });
    expect(await (await page()).text()).not.toContain('id="keywords"');
    await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });
    expect(await (await page()).text()).toContain('id="keywords"');
  });
});
