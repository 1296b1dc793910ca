import type { BoardLicense } from '@licensewatch/board-sim/population';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { NYSED_SIM_API_KEY } from '@licensewatch/board-sim/sites/nysed-rosa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Board, type BoardInput, type BoardWith, boardSchema } from '../config/board-config.ts';
import { describeBoardMethod } from '../config/describe-board-method.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { simulateAddresses } from '../config/simulator-sources.ts';
import { type FixtureServer, sendHtml, sendJson, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import type { SourceRecord } from '../types.ts';
import { NysedRosaSource } from './nysed-rosa-source.ts';

// New York's adapter against the simulator's copy of the ROSA API (apps/board-sim/src/sites/nysed-rosa.ts),
// and against small servers for what the simulator does not do (a full list hiding the physician).

let sim: BoardSimulator;
let physicians: BoardLicense[];
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 2000 });
  physicians = [...sim.population.boardLicenses('ny-med')].filter((h) => h.license.licenseNumber);
});
afterAll(() => sim.close());

const KEY_VARIABLE = 'NYSED_ROSA_API_KEY';
const withKey = (key: string | undefined = NYSED_SIM_API_KEY) => ({
  readVariable: (name: string) => (name === KEY_VARIABLE ? key : undefined),
});

/** ny-med's real configuration, its addresses at `baseUrl` (`simUrl`: the simulator's /sites), failing fast. */
function realBoard(url: string, patch: Record<string, unknown> = {}): Board {
  const real = BOARDS.find((b) => b.id === 'ny-med') as BoardInput;
  return boardSchema.parse({
    ...real,
    source: { ...simulateAddresses(real.source, url), retries: 0, backoffMs: 1, timeoutMs: 3_000, ...patch },
  });
}

const source = (board: Board, key?: string) =>
  new NysedRosaSource(board as BoardWith<'nysed-rosa'>, {
    ...withKey(key),
    gates: createGateRegistry(),
  });

const simSource = (key?: string) => source(realBoard(sim.url), key);

const pick = (test: (h: BoardLicense) => boolean) => physicians.find(test) as BoardLicense;
const nameQuery = ({ person, license }: BoardLicense) => ({
  lastName: person.lastName,
  firstName: person.firstName,
  licenseType: license.licenseType,
});

async function setFault(fault: Record<string, unknown>) {
  await fetch(`${sim.url}/_control/faults`, { method: 'POST', body: JSON.stringify(fault) });
}
const clearFaults = () => fetch(`${sim.url}/_control/faults?boardId=ny-med`, { method: 'DELETE' });

describe('NysedRosaSource against the simulated ROSA API', () => {
  it("finds a physician by name: the list, then the licence by number, 'April 30, 2029' read as a date", async () => {
    const hit = pick((h) => h.license.status === 'active' && h.license.expiryDate !== null);
    const found = await simSource().search(nameQuery(hit));
    expect(found.ok).toBe(true);
    const record = found.ok ? found.value.find((r) => r.licenseNumber === hit.license.licenseNumber) : undefined;
    expect(record).toMatchObject({
      jurisdiction: 'NY',
      boardId: 'ny-med',
      licenseType: null,
      firstName: hit.person.firstName.toUpperCase(),
      lastName: hit.license.lastNameAsPublished.toUpperCase(),
      rawStatus: 'Registered',
      status: 'active',
      issueDate: hit.license.issueDate,
      expiryDate: hit.license.expiryDate,
    } satisfies Partial<SourceRecord>);
  });

  it("reads 'Not Registered' as expired, its registration's end as the expiry", async () => {
    const hit = pick((h) => h.license.status === 'expired' && h.license.expiryDate !== null);
    const found = await simSource().search(nameQuery(hit));
    const record = found.ok ? found.value.find((r) => r.licenseNumber === hit.license.licenseNumber) : undefined;
    expect(record).toMatchObject({
      rawStatus: 'Not Registered',
      status: 'expired',
      expiryDate: hit.license.expiryDate,
    });
  });

  it("leaves other professions' namesakes out: every record is one of the board's physicians", async () => {
    const numbers = new Set(physicians.map((h) => h.license.licenseNumber));
    let records = 0;
    for (const hit of physicians.slice(0, 25)) {
      const found = await simSource().search(nameQuery(hit));
      if (!found.ok) throw new Error(found.error.message);
      for (const r of found.value) expect(numbers.has(r.licenseNumber), r.licenseNumber ?? '').toBe(true);
      records += found.value.length;
    }
    expect(records).toBeGreaterThanOrEqual(25);
  });

  it('a name nobody has: no records, and the API said so in its own shape', async () => {
    const found = await simSource().search({ lastName: 'Zzyzxq', firstName: 'Quentin', licenseType: 'MD' });
    expect(found).toEqual({ ok: true, value: [], notes: { rejectedRows: [], saidNoResults: true } });
  });

  it('finds a licence by number under either profession, the leading zeros or a letter prefix restored', async () => {
    // One licence of each profession code, and one whose number starts with a zero typists drop.
    const hits = [
      pick((h) => h.license.licenseType === 'MD'),
      pick((h) => h.license.licenseType === 'DO'),
      pick((h) => h.license.licenseNumber?.startsWith('0') ?? false),
    ];
    expect(hits.every(Boolean)).toBe(true);
    for (const hit of hits) {
      const number = hit.license.licenseNumber as string;
      for (const typed of [number, `F${number}`, number.replace(/^0+/, ''), ` ${number}-1 `]) {
        const found = await simSource().search({ licenseNumber: typed });
        expect(found.ok && found.value.map((r) => r.licenseNumber), typed).toEqual([number]);
      }
    }
    const missing = await simSource().search({ licenseNumber: '999999' });
    expect(missing).toEqual({ ok: true, value: [], notes: { rejectedRows: [], saidNoResults: true } });
  });

  it('without the key the board is off and says what to set; a search fails naming the variable', async () => {
    const board = realBoard(sim.url);
    expect(describeBoardMethod(board, () => undefined)).toMatchObject({
      method: 'off',
      operatorNote: expect.stringContaining('set NYSED_ROSA_API_KEY'),
    });
    expect(describeBoardMethod(board, withKey().readVariable)).toEqual({
      method: 'lookup',
      detail: null,
      operatorNote: null,
    });
    const found = await source(board, '  ').search({ licenseNumber: '012345' });
    expect(found).toMatchObject({
      ok: false,
      error: { kind: 'unavailable', message: expect.stringContaining(KEY_VARIABLE) },
    });
  });

  it('a key the API refuses (rotated) fails saying where the current one is', async () => {
    const found = await simSource('OLDKEY').search({ lastName: 'Smith', firstName: 'Ann', licenseType: 'MD' });
    expect(found).toMatchObject({
      ok: false,
      error: {
        kind: 'unavailable',
        status: 401,
        message: expect.stringContaining(
          `refused the key in NYSED_ROSA_API_KEY (HTTP 401); the board may have changed it: the current one is in the script of ${sim.url}/sites/eservices.nysed.gov/professions/verification-search`,
        ),
      },
    });
  });

  it('moved, changed and walled APIs fail as such, never as a physician not found', async () => {
    const query = nameQuery(pick(() => true));
    try {
      await setFault({ boardId: 'ny-med', moved: 'not-found' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'moved' } });
      await setFault({ boardId: 'ny-med', moved: 'redirect' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'moved' } });
      await setFault({ boardId: 'ny-med', changed: true });
      expect(await simSource().search(query)).toMatchObject({
        ok: false,
        error: { kind: 'parse-failure', message: 'ny-med: a name search answered {meta, data}, not {content: [...]}' },
      });
      expect(await simSource().search({ licenseNumber: '012345' })).toMatchObject({
        ok: false,
        error: { kind: 'parse-failure', message: 'ny-med: a licence look-up answered {meta, data}, not a licence' },
      });
      expect(await simSource().health()).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
      await setFault({ boardId: 'ny-med', blocked: 'cloudflare' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'blocked' } });
      await setFault({ boardId: 'ny-med', blocked: 'recaptcha' });
      expect(await simSource().search(query)).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    } finally {
      await clearFaults();
    }
    expect(await simSource().health()).toMatchObject({ ok: true });
  });
});

/** A ROSA field. */
const f = (value: string, label = '') => ({ value, label });
const listed = (name: string, code: string, number: string) => ({
  name: f(name),
  profession: f(code === '060' ? 'Medicine' : 'Registered Professional Nurse'),
  professionCode: f(code),
  licenseNumber: f(number),
  address: f('ALBANY NY'),
  dateOfLicensure: f('March 1, 2001'),
});
const licence = (number: string) => ({
  ...listed('DOE JANE A', '060', number),
  status: f('Registered'),
  registeredThroughDate: f('April 30, 2029'),
});

describe('NysedRosaSource and the 10-row cap', () => {
  let server: FixtureServer;
  let perProfession: 'answer' | 'refuse' = 'answer';
  beforeAll(async () => {
    server = await startFixtureServer((_req, res, url) => {
      const code = url.searchParams.get('professionCode');
      if (url.pathname.endsWith('/byProfessionAndLicenseNumber'))
        return sendJson(res, licence(url.searchParams.get('licenseNumber') ?? ''));
      // Every profession: ten nurses of the name fill the list; the physician is past the cap.
      if (code === 'ALL')
        return sendJson(res, {
          content: Array.from({ length: 10 }, (_, i) =>
            listed(`DOE JANE ${String.fromCharCode(66 + i)}`, '022', `70000${i}`),
          ),
        });
      if (perProfession === 'refuse') return sendJson(res, { message: 'no' }, 400);
      return sendJson(res, { content: code === '060' ? [listed('DOE JANE A', '060', '123456')] : [] });
    });
  });
  afterAll(() => server.close());

  it('a full list is narrowed to the physician professions, one by one, and the physician found', async () => {
    server.requests.length = 0;
    const found = await source(realBoard(server.url)).search({ lastName: 'Doe', firstName: 'Jane', licenseType: 'DO' });
    expect(found.ok && found.value.map((r) => [r.licenseNumber, r.firstName, r.middleName, r.expiryDate])).toEqual([
      ['123456', 'JANE', 'A', '2029-04-30'],
    ]);
    const asked = server.requests.map(
      (r) =>
        `${r.url.pathname.split('/').at(-1)} ${r.url.searchParams.get('professionCode')} ${r.url.searchParams.get('name') ?? r.url.searchParams.get('licenseNumber')}`,
    );
    expect(asked).toEqual([
      'byProfessionAndName ALL Doe Jane',
      'byProfessionAndName 060 Doe Jane',
      'byProfessionAndName 061 Doe Jane',
      'byProfessionAndLicenseNumber 060 123456',
    ]);
    expect(server.requests[0]?.headers['x-oapi-key']).toBe(NYSED_SIM_API_KEY);
  });

  it('a narrowing the API refuses leaves the first list, whose nurses are no physicians: nothing found', async () => {
    perProfession = 'refuse';
    try {
      const found = await source(realBoard(server.url)).search({
        lastName: 'Doe',
        firstName: 'Jane',
        licenseType: 'MD',
      });
      expect(found).toEqual({ ok: true, value: [], notes: { rejectedRows: [], saidNoResults: true } });
    } finally {
      perProfession = 'answer';
    }
  });
});

describe('NysedRosaSource and answers that are not the API', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer((_req, res, url) => {
      if (url.searchParams.get('name') === 'PLAIN WALL') {
        // A bot wall without an HTML content type still reads as one.
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('<html><head><title>Just a moment...</title></head><body>cdn-cgi/challenge-platform</body></html>');
        return;
      }
      if (url.searchParams.get('name') === 'HTML WALL')
        return sendHtml(
          res,
          '<div class="g-recaptcha" data-sitekey="x"></div><script src="https://www.google.com/recaptcha/api.js"></script>',
        );
      if (url.pathname.endsWith('/byProfessionAndLicenseNumber')) {
        const number = url.searchParams.get('licenseNumber');
        if (number === '000001') return sendJson(res, null);
        if (number === '000002')
          return sendJson(res, { name: f(''), licenseNumber: f(''), status: f(''), professionCode: f('') });
        return sendJson(res, ['not', 'a', 'licence']);
      }
      return sendJson(res, { content: [{ name: f('DOE JANE') }] });
    });
  });
  afterAll(() => server.close());

  it('a CAPTCHA or challenge page instead of JSON is blocked, whatever its content type', async () => {
    const board = realBoard(server.url);
    for (const lastName of ['PLAIN', 'HTML'])
      expect(await source(board).search({ lastName, firstName: 'WALL', licenseType: 'MD' })).toMatchObject({
        ok: false,
        error: { kind: 'blocked' },
      });
  });

  it('null or a licence of empty fields is no licence; a list, or a row without a number, is a changed API', async () => {
    const board = realBoard(server.url);
    for (const number of ['1', '2'])
      expect(await source(board).search({ licenseNumber: number })).toEqual({
        ok: true,
        value: [],
        notes: { rejectedRows: [], saidNoResults: true },
      });
    expect(await source(board).search({ licenseNumber: '3' })).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure', message: 'ny-med: a licence look-up answered a list, not a licence' },
    });
    expect(await source(board).search({ lastName: 'Doe', firstName: 'Jane', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: {
        kind: 'parse-failure',
        message: 'ny-med: a name search listed a row without a profession code or number',
      },
    });
  });
});
