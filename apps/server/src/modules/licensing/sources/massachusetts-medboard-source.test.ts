import type { BoardLicense } from '@licensewatch/board-sim/population';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Board, type BoardInput, type BoardWith, boardSchema } from '../config/board-config.ts';
import { describeBoardMethod } from '../config/describe-board-method.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { simulateAddresses } from '../config/simulator-sources.ts';
import { type FixtureServer, sendJson, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import type { SourceRecord } from '../types.ts';
import { MassachusettsMedboardSource } from './massachusetts-medboard-source.ts';

// Massachusetts' adapter against the simulator's copy of the board's search API
// (apps/board-sim/src/sites/massachusetts-medboard.ts), and a small server for what it does not do.

let sim: BoardSimulator;
let physicians: BoardLicense[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 2000 });
  physicians = [...sim.population.boardLicenses('ma-med')].filter((h) => h.license.licenseNumber);
});
afterAll(() => sim.close());

/** ma-med's real configuration, its addresses under `url`'s /sites, failing fast. */
function realBoard(url: string): Board {
  const real = BOARDS.find((b) => b.id === 'ma-med') as BoardInput;
  return boardSchema.parse({
    ...real,
    source: { ...simulateAddresses(real.source, url), retries: 0, backoffMs: 1, timeoutMs: 3_000 },
  });
}

const source = (board: Board) =>
  new MassachusettsMedboardSource(board as BoardWith<'massachusetts-medboard'>, { gates: createGateRegistry() });
const simSource = () => source(realBoard(sim.url));
const pick = (test: (h: BoardLicense) => boolean) => physicians.find(test) as BoardLicense;
const nameQuery = ({ person, license }: BoardLicense) => ({
  lastName: person.lastName,
  firstName: person.firstName,
  licenseType: license.licenseType,
});

async function setFault(fault: Record<string, unknown>) {
  await fetch(`${sim.url}/_control/faults`, { method: 'POST', body: JSON.stringify(fault) });
}

describe('MassachusettsMedboardSource against the simulated search API', () => {
  it('is a look-up board: no key, no account', () => {
    expect(describeBoardMethod(realBoard(sim.url), () => undefined)).toEqual({
      method: 'lookup',
      detail: null,
      operatorNote: null,
    });
  });

  it('finds a physician by name: the full name split, the degree as the type, ISO timestamps as dates', async () => {
    const hit = pick((h) => h.license.status === 'active' && h.license.expiryDate !== null && h.person.suffix === null);
    const found = await simSource().search(nameQuery(hit));
    const record = found.ok ? found.value.find((r) => r.licenseNumber === hit.license.licenseNumber) : undefined;
    expect(record).toMatchObject({
      jurisdiction: 'MA',
      boardId: 'ma-med',
      licenseType: hit.license.licenseType,
      firstName: hit.person.firstName,
      middleName: hit.license.middleAsPublished,
      lastName: hit.license.lastNameAsPublished,
      rawStatus: 'Active',
      status: 'active',
      issueDate: hit.license.issueDate,
      expiryDate: hit.license.expiryDate,
    } satisfies Partial<SourceRecord>);
  });

  it("leaves the board's acupuncturists out of a surname's rows, and keeps the type asked", async () => {
    let asked = 0;
    for (const hit of physicians.slice(0, 30)) {
      const found = await simSource().search(nameQuery(hit));
      if (!found.ok) throw new Error(found.error.message);
      for (const r of found.value) {
        expect(r.licenseNumber).toMatch(/^\d+$/);
        expect(r.licenseType).toBe(hit.license.licenseType);
      }
      asked++;
    }
    expect(asked).toBe(30);
  });

  it('finds a licence by number; an unknown one is none found, in the API own shape', async () => {
    const hit = pick((h) => h.license.licenseType === 'DO') ?? pick(() => true);
    const found = await simSource().search({ licenseNumber: ` ${hit.license.licenseNumber} ` });
    expect(found.ok && found.value.map((r) => [r.licenseNumber, r.licenseType])).toEqual([
      [hit.license.licenseNumber, hit.license.licenseType],
    ]);
    expect(await simSource().search({ licenseNumber: '0000000' })).toEqual({
      ok: true,
      value: [],
      notes: { rejectedRows: [], saidNoResults: true },
    });
    expect(await simSource().search({ lastName: 'Zzyzxq', firstName: 'Ann', licenseType: 'MD' })).toEqual({
      ok: true,
      value: [],
      notes: { rejectedRows: [], saidNoResults: true },
    });
  });

  it('moved, changed and walled APIs fail as such, never as a physician not found', async () => {
    const query = nameQuery(pick(() => true));
    try {
      await setFault({ boardId: 'ma-med', moved: 'not-found' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'moved' } });
      await setFault({ boardId: 'ma-med', moved: 'redirect' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'moved' } });
      await setFault({ boardId: 'ma-med', changed: true });
      expect(await simSource().search(query)).toMatchObject({
        ok: false,
        error: { kind: 'parse-failure', message: 'ma-med: the search answered without {results: {data: [...]}}' },
      });
      expect(await simSource().health()).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
      await setFault({ boardId: 'ma-med', blocked: 'akamai' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    } finally {
      await fetch(`${sim.url}/_control/faults?boardId=ma-med`, { method: 'DELETE' });
    }
    expect(await simSource().health()).toMatchObject({ ok: true });
  });
});

describe('MassachusettsMedboardSource and the request it sends', () => {
  let server: FixtureServer;
  const row = (fullName: string, degree: string | null, licenseNumber: string | number) => ({
    fullName,
    licenseNumber,
    licenseMetaName: 'Full License',
    degree,
    profileStatus: 'Active',
    originalDate: '2001-03-01T00:00:00.000Z',
    expirationDate: '2027-06-30T00:00:00.000Z',
  });
  beforeAll(async () => {
    server = await startFixtureServer((_req, res, _url, body) => {
      const search = JSON.parse(body) as { firstName?: string; lastName?: string };
      if (search.lastName === 'Cut' && !search.firstName)
        // More matched than the answer holds: the first name must narrow it.
        return sendJson(res, { results: { data: [row('Zed Cut', 'M.D.', 1)], totalDataCount: 900 } }, 201);
      if (search.lastName === 'Cut')
        return sendJson(res, { results: { data: [row('Ann Cut', 'M.D.', 2)], totalDataCount: 1 } }, 201);
      return sendJson(
        res,
        {
          results: {
            data: [
              row('Maria Elena De los Santos', 'M.D., Ph.D.', 123456),
              row('Rosa De los Santos', 'D.O.', '234567'),
              row('Lin De los Santos', 'L.Ac.', 'AC00001'),
              row('Ana De los Santos', null, '345678'),
            ],
            totalDataCount: 4,
          },
        },
        201,
      );
    });
  });
  afterAll(() => server.close());

  it("posts the page's JSON search: by name with the surname alone first", async () => {
    server.requests.length = 0;
    await source(realBoard(server.url)).search({ lastName: ' De los Santos ', firstName: 'Maria', licenseType: 'MD' });
    await source(realBoard(server.url)).search({ licenseNumber: '123456' });
    expect(server.requests.map((r) => [r.method, r.url.pathname, r.headers['content-type']])).toEqual([
      ['POST', '/sites/api.medboard.mass.gov/api-public/search', 'application/json'],
      ['POST', '/sites/api.medboard.mass.gov/api-public/search', 'application/json'],
    ]);
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([
      {
        licenseMetaId: null,
        firstName: '',
        lastName: 'De los Santos',
        titles: [],
        specialties: [],
        cities: [],
        searchType: 'BY_PHYSICIAN_NAME',
        showOnlyAuthorizedForHerbalTherapy: false,
      },
      {
        licenseMetaId: null,
        licenseNumber: '123456',
        searchType: 'BY_LICENSE_NUMBER',
        showOnlyAuthorizedForHerbalTherapy: false,
      },
    ]);
  });

  it('reads MDs and DOs by their degree, leaves an acupuncturist out, and rejects a row without a degree', async () => {
    const board = realBoard(server.url);
    const md = await source(board).search({ lastName: 'De los Santos', firstName: 'Maria', licenseType: 'MD' });
    expect(md).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          licenseNumber: '123456',
          licenseType: 'MD',
          firstName: 'Maria',
          middleName: 'Elena',
          lastName: 'De los Santos',
          expiryDate: '2027-06-30',
        }),
      ],
      notes: { rejectedRows: ['missing degree'], saidNoResults: false },
    });
    const byNumber = await source(board).search({ licenseNumber: '1' });
    expect(byNumber.ok && byNumber.value.map((r) => [r.licenseNumber, r.licenseType])).toEqual([
      ['123456', 'MD'],
      ['234567', 'DO'],
    ]);
  });

  it('an answer holding fewer rows than matched is asked again with the first name', async () => {
    server.requests.length = 0;
    const found = await source(realBoard(server.url)).search({ lastName: 'Cut', firstName: 'Ann', licenseType: 'MD' });
    expect(found.ok && found.value.map((r) => r.firstName)).toEqual(['Ann']);
    expect(server.requests.map((r) => (JSON.parse(r.body) as { firstName: string }).firstName)).toEqual(['', 'Ann']);
  });
});
