import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import type { SimRow } from './browser-site.ts';
import { idahoDate } from './spa-lookups.ts';

/** What a client without a browser reads of a page: its markup, not the script that renders the rest. */
const withoutScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '');

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 6, size: 5000, today: '2026-06-01' });
});
afterAll(() => sim.close());

const site = (host: string, path: string) => `${sim.url}/sites/${host}${path}`;

async function rows(url: string): Promise<SimRow[]> {
  return ((await (await fetch(url)).json()) as { rows: SimRow[] }).rows;
}

describe('single-page look-ups', () => {
  it.each([
    ['edopl.idaho.gov', '/OnlineServices/_/', 'id="app-root"'],
    ['edopl.idaho.gov', '/OnlineServices/', 'id="app-root"'],
    ['omb.oregon.gov', '/search', 'No results were found.'],
    ['search.medicallicensing.vermont.gov', '/', 'id=":r3:"'],
  ])('%s%s is an app shell: its markup is written by its script', async (host, path, marker) => {
    const answer = await fetch(site(host, path));
    expect(answer.status).toBe(200);
    const html = withoutScripts(await answer.text());
    expect(html).toContain(marker);
    expect(html).not.toMatch(/class="TDS">\w|alx-list-item">|MuiCard-root">/);
  });

  it("Oregon's template always holds its no-results words, hidden", async () => {
    const html = await (await fetch(site('omb.oregon.gov', '/search'))).text();
    expect(html).toContain('class="no-results ng-hide"');
  });

  it("Idaho prints dates as '05-Mar-2027' and its name box finds by surname", async () => {
    expect(idahoDate('2027-03-05')).toBe('05-Mar-2027');
    expect(idahoDate(null)).toBe('');
    const { person, license } = [...sim.population.boardLicenses('id-med')][0] as NonNullable<
      ReturnType<typeof sim.population.findByLicenseNumber>
    >;
    const found = await rows(
      `${site('edopl.idaho.gov', '/_sim/search')}?keywords=${encodeURIComponent(person.lastName)}`,
    );
    const row = found.find((r) => r.licenseNumber === license.licenseNumber);
    expect(row?.expiryDate).toBe(idahoDate(license.expiryDate));
  });

  it("Vermont's portal lists both Vermont boards and gives either's credential", async () => {
    const host = 'search.medicallicensing.vermont.gov';
    for (const boardId of ['vt-md', 'vt-do']) {
      const [entry] = [...sim.population.boardLicenses(boardId)];
      if (!entry) throw new Error(`nobody on ${boardId}`);
      const found = await rows(`${site(host, '/_sim/search')}?keywords=${encodeURIComponent(entry.person.lastName)}`);
      expect(found.map((r) => r.licenseNumber)).toContain(entry.license.licenseNumber);
      const detail = (await (
        await fetch(`${site(host, '/_sim/detail')}?id=${entry.license.licenseNumber}`)
      ).json()) as SimRow;
      expect(detail.licenseType).toBe(boardId === 'vt-md' ? 'Medical Doctor' : 'Osteopathic Physician');
    }
  });

  it('faults set for vt-md reach the portal both Vermont boards share', async () => {
    await fetch(`${sim.url}/_control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boardId: 'vt-md', blocked: 'turnstile' }),
    });
    expect(await (await fetch(site('search.medicallicensing.vermont.gov', '/'))).text()).toContain('cf-turnstile');
    await fetch(`${sim.url}/_control/faults`, { method: 'DELETE' });
  });
});
