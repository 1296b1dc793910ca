import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { NY_STATUS, NYSED_SIM_API_KEY, ROSA_CAP, ROSA_PROFESSION } from './nysed-rosa.ts';

let sim: BoardSimulator;
let physicians: BoardLicense[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 2000 });
  physicians = [...sim.population.boardLicenses('ny-med')].filter((h) => h.license.licenseNumber);
});
afterAll(() => sim.close());

const api = (endpoint: string, params: Record<string, string>) =>
  `${sim.url}/sites/api.nysed.gov/rosa/V2/${endpoint}?${new URLSearchParams(params)}`;

async function ask(endpoint: string, params: Record<string, string>, key: string | null = NYSED_SIM_API_KEY) {
  const res = await fetch(api(endpoint, params), { headers: key === null ? {} : { 'x-oapi-key': key } });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

type Field = { value: string; label: string };
type Row = Record<string, Field>;
const content = (body: Record<string, unknown>) => body.content as Row[];

async function setFault(fault: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/_control/faults`, { method: 'POST', body: JSON.stringify(fault) });
  expect(res.status).toBe(204);
}

describe("New York's verification page and its ROSA API", () => {
  it('serves the page as a script-built app, with no result table for a form reader to find', async () => {
    const res = await fetch(`${sim.url}/sites/eservices.nysed.gov/professions/verification-search?LastName=Smith`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="app"></div>');
    expect(html).not.toContain('<table');
  });

  it('answers only the key the page publishes: none or another is refused with HTTP 401 JSON', async () => {
    for (const key of [null, 'WRONG']) {
      const { res, body } = await ask('byProfessionAndName', { professionCode: 'ALL', name: 'SMITH' }, key);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(body.message).toBe('Invalid or missing API key');
    }
  });

  it("lists a physician by 'LAST FIRST': every field {value, label}, the name printed last first, no standing", async () => {
    const { person, license } = physicians[0] as BoardLicense;
    const { res, body } = await ask('byProfessionAndName', {
      professionCode: 'ALL',
      name: `${person.lastName} ${person.firstName}`,
    });
    expect(res.status).toBe(200);
    const row = content(body).find((r) => r.licenseNumber?.value === license.licenseNumber) as Row;
    expect(row).toBeDefined();
    expect(Object.keys(row).sort()).toEqual(
      ['address', 'dateOfLicensure', 'licenseNumber', 'name', 'profession', 'professionCode'].sort(),
    );
    for (const value of Object.values(row)) expect(Object.keys(value).sort()).toEqual(['label', 'value']);
    expect(
      row.name?.value.startsWith(`${license.lastNameAsPublished.toUpperCase()} ${person.firstName.toUpperCase()}`),
    ).toBe(true);
    expect(row.professionCode?.value).toBe(ROSA_PROFESSION[license.licenseType]);
    expect(row.dateOfLicensure?.value).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/,
    );
    expect(row.status).toBeUndefined();
  });

  it('lists 10 rows at most, and one profession when asked for one', async () => {
    const { body } = await ask('byProfessionAndName', { professionCode: 'ALL', name: 'S' });
    expect(content(body)).toHaveLength(ROSA_CAP);
    const md = await ask('byProfessionAndName', { professionCode: '060', name: 'S' });
    expect(content(md.body).length).toBeGreaterThan(0);
    for (const row of content(md.body)) expect(row.professionCode?.value).toBe('060');
    const none = await ask('byProfessionAndName', { professionCode: 'ALL', name: 'ZZYZXQ' });
    expect(none.body).toEqual({ content: [] });
  });

  it("lists other professions' namesakes beside the physicians when every profession is asked", async () => {
    const codes = new Set<string>();
    for (const { person } of physicians.slice(0, 40)) {
      const { body } = await ask('byProfessionAndName', {
        professionCode: 'ALL',
        name: `${person.lastName} ${person.firstName}`,
      });
      for (const row of content(body)) codes.add(row.professionCode?.value ?? '');
    }
    expect([...codes].some((code) => code !== '060' && code !== '061')).toBe(true);
  });

  it('answers a licence in full by profession and number; another profession, an unknown number: {}', async () => {
    const { person, license } = physicians.find((h) => h.license.status === 'active') as BoardLicense;
    const code = ROSA_PROFESSION[license.licenseType];
    const { res, body } = await ask('byProfessionAndLicenseNumber', {
      professionCode: code,
      licenseNumber: license.licenseNumber as string,
    });
    expect(res.status).toBe(200);
    const licence = body as Row;
    expect(licence.status?.value).toBe('Registered');
    expect(licence.licenseNumber?.value).toBe(license.licenseNumber);
    expect(licence.name?.value).toContain(person.firstName.toUpperCase());
    expect(licence.registeredThroughDate?.value).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const other = code === '060' ? '061' : '060';
    expect(
      (
        await ask('byProfessionAndLicenseNumber', {
          professionCode: other,
          licenseNumber: license.licenseNumber as string,
        })
      ).body,
    ).toEqual({});
    expect(
      (await ask('byProfessionAndLicenseNumber', { professionCode: code, licenseNumber: '999999999' })).body,
    ).toEqual({});
    const all = await ask('byProfessionAndLicenseNumber', {
      professionCode: 'ALL',
      licenseNumber: license.licenseNumber as string,
    });
    expect(all.res.status).toBe(408);
  });

  it("words a lapsed registration 'Not Registered'", async () => {
    expect(NY_STATUS.expired).toBe('Not Registered');
    const lapsed = physicians.find((h) => h.license.status === 'expired') as BoardLicense;
    const { body } = await ask('byProfessionAndLicenseNumber', {
      professionCode: ROSA_PROFESSION[lapsed.license.licenseType],
      licenseNumber: lapsed.license.licenseNumber as string,
    });
    expect((body as Row).status?.value).toBe('Not Registered');
  });

  it("meets the board's faults: a bot wall, a changed API answering JSON of another shape, a move", async () => {
    const params = { professionCode: 'ALL', name: 'SMITH' };
    try {
      await setFault({ boardId: 'ny-med', blocked: 'cloudflare' });
      const walled = await fetch(api('byProfessionAndName', params), { headers: { 'x-oapi-key': NYSED_SIM_API_KEY } });
      expect(walled.status).toBe(403);
      expect(await walled.text()).toContain('Just a moment...');
      await setFault({ boardId: 'ny-med', changed: true });
      const changed = await ask('byProfessionAndName', params);
      expect(changed.res.status).toBe(200);
      expect(changed.body.content).toBeUndefined();
      await setFault({ boardId: 'ny-med', moved: 'not-found' });
      expect((await fetch(api('byProfessionAndName', params))).status).toBe(404);
      // A fault scoped to one surname spares the others.
      await setFault({ boardId: 'ny-med', blocked: 'akamai', lastName: 'Zzyzxq' });
      expect((await ask('byProfessionAndName', params)).res.status).toBe(200);
    } finally {
      await fetch(`${sim.url}/_control/faults?boardId=ny-med`, { method: 'DELETE' });
    }
  });
});
