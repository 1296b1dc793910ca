import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import type { SimRow } from './browser-site.ts';

/** What a client without a browser reads of a page: its markup, not the script that renders the rest. */
const withoutScripts = (html: string) => html.replace(/<script>[\s\S]*?<\/script>/g, '');

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, seed: 4, size: 3000, today: '2026-06-01' });
});
afterAll(() => sim.close());

const site = (host: string, path: string) => `${sim.url}/sites/${host}${path}`;
const first = (boardId: string) => [...sim.population.boardLicenses(boardId)][0] as BoardLicense;

describe('Salesforce Experience Cloud look-ups', () => {
  it.each([
    ['license.wi.gov', '/s/license-lookup', 'wi-med', 'aria-haspopup="listbox"'],
    ['nmrldlpi.my.site.com', '/nmmb/s/searchlicense', 'nm-med', 'Licensee Name'],
    ['dohenterprise.my.site.com', '/ver/s/', 'dc-med', 'id="LastName"'],
  ])('%s serves its page%s with the controls and no licensee', async (host, path, boardId, control) => {
    const { person } = first(boardId);
    const html = withoutScripts(
      await (await fetch(`${site(host, path)}?value=${encodeURIComponent(person.lastName)}`)).text(),
    );
    expect(html).toContain(control);
    expect(html).not.toContain(person.lastName);
    expect(html).not.toContain('slds-hint-parent"');
  });

  it("DC's search link is its div's fifteenth element, as MLL finds it", async () => {
    const html = await (await fetch(site('dohenterprise.my.site.com', '/ver/s/'))).text();
    const form = /<div class="search-form">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
    const elements = [...form.matchAll(/<(label|input|br|select|a)\b/g)].map((m) => m[1]);
    expect(elements.length).toBe(15);
    expect(elements[14]).toBe('a');
  });

  it("Wisconsin's credential page is the same app, and the script's endpoints answer by name, number and id", async () => {
    const { person, license } = first('wi-med');
    const host = 'license.wi.gov';
    const detailPage = await fetch(site(host, `/s/credential-detail/${license.licenseNumber}`));
    expect(detailPage.status).toBe(200);
    expect(await detailPage.text()).not.toContain(license.licenseNumber as string);
    const byName = (await (
      await fetch(`${site(host, '/_sim/search')}?lastName=${encodeURIComponent(person.lastName)}`)
    ).json()) as {
      rows: SimRow[];
    };
    expect(byName.rows.find((r) => r.licenseNumber === license.licenseNumber)).toMatchObject({
      name: expect.stringContaining(`${license.lastNameAsPublished}, ${person.firstName}`),
    });
    const detail = (await (await fetch(`${site(host, '/_sim/detail')}?id=${license.licenseNumber}`)).json()) as SimRow;
    expect(detail.licenseNumber).toBe(license.licenseNumber);
    expect((await fetch(`${site(host, '/_sim/detail')}?id=NOPE`)).status).toBe(404);
    expect((await fetch(site(host, '/s/other-page'))).status).toBe(404);
  });
});
