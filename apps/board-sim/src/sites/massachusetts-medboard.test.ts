import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardLicense } from '../population.ts';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';

let sim: BoardSimulator;
let physicians: BoardLicense[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 2000 });
  physicians = [...sim.population.boardLicenses('ma-med')].filter((h) => h.license.licenseNumber);
});
afterAll(() => sim.close());

const searchUrl = () => `${sim.url}/sites/api.medboard.mass.gov/api-public/search`;

async function search(body: unknown) {
  const res = await fetch(searchUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

type Row = Record<string, unknown>;
const data = (body: Record<string, unknown>) => (body.results as { data: Row[] }).data;
const byName = (lastName: string, firstName = '') => ({
  licenseMetaId: null,
  firstName,
  lastName,
  specialties: [],
  cities: [],
  searchType: 'BY_PHYSICIAN_NAME',
});

async function setFault(fault: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/_control/faults`, { method: 'POST', body: JSON.stringify(fault) });
  expect(res.status).toBe(204);
}

describe("Massachusetts' Find My Doctor and its search API", () => {
  it('serves the page as a script-built app, with no result table for a form reader to find', async () => {
    const res = await fetch(`${sim.url}/sites/findmydoctor.mass.gov/?LastName=Smith`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<table');
  });

  it('answers a name search with HTTP 201 {results: {data, totalDataCount}}, each row as the page reads it', async () => {
    const { person, license } = physicians[0] as BoardLicense;
    const { res, body } = await search(byName(person.lastName, person.firstName));
    expect(res.status).toBe(201);
    const rows = data(body);
    expect((body.results as { totalDataCount: number }).totalDataCount).toBe(rows.length);
    const row = rows.find((r) => r.licenseNumber === license.licenseNumber) as Row;
    expect(row).toMatchObject({
      licenseNumber: license.licenseNumber,
      degree: license.licenseType === 'MD' ? 'M.D.' : 'D.O.',
      originalDate: `${license.issueDate}T00:00:00.000Z`,
      expirationDate: license.expiryDate ? `${license.expiryDate}T00:00:00.000Z` : null,
    });
    expect(row.fullName).toMatch(new RegExp(`^${person.firstName} .*${license.lastNameAsPublished}`));
    expect(typeof row.profileStatus).toBe('string');
    expect(row.businessAddress).toMatch(/, MA$/);
  });

  it("lists the board's acupuncturists among a surname's physicians, their degree not a physician's", async () => {
    const degrees = new Set<string>();
    for (const { person } of physicians.slice(0, 30)) {
      for (const row of data((await search(byName(person.lastName))).body)) degrees.add(String(row.degree));
    }
    expect(degrees).toContain('L.Ac.');
    expect(degrees).toContain('M.D.');
  });

  it('answers by number; an unknown number is an empty list in the same shape', async () => {
    const { license } = physicians[1] as BoardLicense;
    const hit = await search({
      licenseMetaId: null,
      licenseNumber: license.licenseNumber,
      searchType: 'BY_LICENSE_NUMBER',
    });
    expect(data(hit.body).map((r) => r.licenseNumber)).toEqual([license.licenseNumber]);
    const miss = await search({ licenseNumber: '0000000', searchType: 'BY_LICENSE_NUMBER' });
    expect(miss.res.status).toBe(201);
    expect(miss.body).toEqual({ results: { data: [], totalDataCount: 0 } });
  });

  it('refuses what the page never sends: a GET, a body that is not JSON, an unknown search type', async () => {
    expect((await fetch(searchUrl())).status).toBe(404);
    expect((await search('lastName=Smith')).res.status).toBe(400);
    expect((await search({ lastName: 'Smith', searchType: 'BY_CITY' })).res.status).toBe(400);
    expect((await search(byName(''))).res.status).toBe(400);
  });

  it("meets the board's faults, scoped by the surname in the body", async () => {
    try {
      await setFault({ boardId: 'ma-med', changed: true });
      const changed = await search(byName('Smith'));
      expect(changed.res.status).toBe(200);
      expect(changed.body.results).toBeUndefined();
      await setFault({ boardId: 'ma-med', blocked: 'datadome', lastName: 'Smith' });
      const walled = await fetch(searchUrl(), { method: 'POST', body: JSON.stringify(byName('Smith')) });
      expect(walled.status).toBe(403);
      expect(await walled.text()).toContain('captcha-delivery.com');
      expect((await search(byName('Jones'))).res.status).toBe(201);
    } finally {
      await fetch(`${sim.url}/_control/faults?boardId=ma-med`, { method: 'DELETE' });
    }
  });
});
