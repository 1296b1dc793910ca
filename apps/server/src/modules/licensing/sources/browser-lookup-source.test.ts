import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '../config/board-config.ts';
import { describeBoardMethod } from '../config/describe-board-method.ts';
import { BrowserLookupSource } from './browser-lookup-source.ts';
import {
  clearSimulatorFaults,
  realBoardAt,
  setSimulatorFault,
  startSimulatorWithTruth,
} from './layout-test-support.ts';
import { closeSharedChromium } from './open-shared-chromium.ts';

// The browser look-up against the simulator's single-page boards, in the system Chromium (installed
// before the tests by scripts/ensure-test-tools.mjs). Measured here (2 cores, another test file
// running): the first search, which starts Chromium, 1.2 s; later ones 0.3–0.8 s, a detail page about
// 0.3 s more; a no-results answer 1 s (its words must stand half a second); a page that never shows
// its controls is called changed after its quiet time. Each test allows 60 s: head-room for a busy machine.

const TEST_TIMEOUT = 60_000;
/**
 * The fault tests wait for controls or rows that never come: a second of quiet decides them here
 * instead of the boards' 3 s (board-config.ts, quietMs), which cost 12 s of this file's 32. The
 * tests that find someone keep the default.
 */
const QUICK_QUIET = { quietMs: 1_000 };
let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  ({ sim, truth } = await startSimulatorWithTruth(5000));
}, TEST_TIMEOUT);

afterAll(async () => {
  await closeSharedChromium();
  await sim?.close();
});

afterEach(() => clearSimulatorFaults(sim.url));

/** No politeness pauses or back-off in tests: the simulator is this process. */
const deps = { sleep: async () => {} };

/** A real board's configuration, its addresses pointed at the simulator, without pauses or retries. */
function realBoard(id: string, change: Record<string, unknown> = {}): Board {
  return realBoardAt(id, sim.url, (source) => ({ ...source, pauseMs: 0, retries: 0, timeoutMs: 20_000, ...change }));
}

function source(id: string, change: Record<string, unknown> = {}) {
  return new BrowserLookupSource(realBoard(id, change) as Board & { source: { kind: 'browser' } }, deps);
}

/**
 * A physician of the board with few namesakes there, preferring one whose license says something (a
 * status other than 'unknown', an expiry): `skip` picks another.
 */
function physicianOf(boardId: string, skip = 0) {
  const holders = truth.flatMap((person) =>
    person.licenses.filter((l) => l.boardId === boardId && l.licenseNumber).map((license) => ({ person, license })),
  );
  const namesakes = (last: string) => holders.filter((h) => h.person.lastName === last).length;
  const vague = (h: (typeof holders)[number]) => (h.license.status === 'unknown' || !h.license.expiryDate ? 1 : 0);
  const sorted = [...holders].sort(
    (a, b) => vague(a) - vague(b) || namesakes(a.person.lastName) - namesakes(b.person.lastName),
  );
  const found = sorted[Math.min(skip, sorted.length - 1)];
  if (!found) throw new Error(`no physician on ${boardId}`);
  return found;
}

const setFault = (fault: Record<string, unknown>) => setSimulatorFault(sim.url, fault);

describe.each([
  ['az-do', 'Thentia Cloud register'],
  ['nm-med', 'Salesforce Experience Cloud page'],
  ['id-med', 'Angular app typed key by key'],
  ['vt-md', 'Next.js cards with a detail per licensee'],
  ['or-med', 'cards whose detail is read by EntityID'],
])('%s (%s)', (boardId) => {
  it(
    'finds the physician by name, every field mapped, in the time a browser search takes',
    async () => {
      const { person, license } = physicianOf(boardId);
      const started = performance.now();
      const result = await source(boardId).search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      const tookMs = performance.now() - started;
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      const record = result.value.find((r) => r.licenseNumber === license.licenseNumber);
      expect(record, JSON.stringify(result.value)).toBeDefined();
      expect(record).toMatchObject({
        boardId,
        firstName: person.firstName,
        status: license.status,
        expiryDate: license.expiryDate,
      });
      expect(record?.licenseType === null || record?.licenseType === license.licenseType).toBe(true);
      expect(result.notes?.saidNoResults ?? false).toBe(false);
      expect(tookMs).toBeLessThan(TEST_TIMEOUT / 2);
    },
    TEST_TIMEOUT,
  );

  it(
    'finds the physician by license number',
    async () => {
      const { license } = physicianOf(boardId, 1);
      const result = await source(boardId).search({ licenseNumber: license.licenseNumber as string });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.value.map((r) => [r.licenseNumber, r.status, r.expiryDate])).toEqual([
        [license.licenseNumber, license.status, license.expiryDate],
      ]);
    },
    TEST_TIMEOUT,
  );

  it(
    "reports a miss only in the board's own words",
    async () => {
      const licenseType = realBoard(boardId).licenseTypes[0] ?? 'MD';
      const asked = await source(boardId).search({ lastName: 'Zzyzxq', firstName: 'Ann', licenseType });
      expect(asked).toEqual({ ok: true, value: [], notes: { saidNoResults: true, rejectedRows: [] } });
    },
    TEST_TIMEOUT,
  );
});

describe('follows a row to its detail page', () => {
  it(
    'Vermont: the card names the licensee, the View button opens the credential it is read from',
    async () => {
      const { person, license } = physicianOf('vt-md', 2);
      const result = await source('vt-md').search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: 'MD',
      });
      expect(result.ok && result.value.find((r) => r.licenseNumber === license.licenseNumber)).toMatchObject({
        issueDate: license.issueDate,
        expiryDate: license.expiryDate,
        status: license.status,
      });
    },
    TEST_TIMEOUT,
  );

  it(
    "Vermont's DO board reads the same portal and keeps only its own type",
    async () => {
      const { person, license } = physicianOf('vt-do');
      const result = await source('vt-do').search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: 'DO',
      });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      expect(result.value.map((r) => r.licenseNumber)).toContain(license.licenseNumber);
      expect(result.value.every((r) => r.licenseType === 'DO')).toBe(true);
    },
    TEST_TIMEOUT,
  );
});

describe('health outcomes', () => {
  it(
    'a look-up page answering 404 is moved',
    async () => {
      await setFault({ boardId: 'az-do', moved: 'not-found' });
      const result = await source('az-do').health();
      expect(result).toMatchObject({ ok: false, error: { kind: 'moved', status: 404 } });
    },
    TEST_TIMEOUT,
  );

  it(
    'a look-up page sending the browser to another site is moved',
    async () => {
      await setFault({ boardId: 'nm-med', moved: 'redirect' });
      const { person, license } = physicianOf('nm-med');
      const result = await source('nm-med').search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'moved', url: expect.stringContaining('/_moved') } });
    },
    TEST_TIMEOUT,
  );

  it(
    'a redesigned page without the controls is a change, never "no licenses found"',
    async () => {
      await setFault({ boardId: 'id-med', changed: true });
      const result = await source('id-med', QUICK_QUIET).search({
        lastName: 'Smith',
        firstName: 'Ann',
        licenseType: 'MD',
      });
      expect(result).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    },
    TEST_TIMEOUT,
  );

  it(
    'a page showing neither rows nor the no-results words is a change',
    async () => {
      // The board's words as configured do not appear on its page: its answer is not understood.
      const board = source('az-do', {
        ...QUICK_QUIET,
        results: { ...(realBoard('az-do').source as { results: object }).results, noResults: ['Nobody here'] },
      });
      const result = await board.search({ lastName: 'Zzyzxq', firstName: 'Ann', licenseType: 'DO' });
      expect(result).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    },
    TEST_TIMEOUT,
  );

  it.each([
    ['recaptcha', 'vt-md'],
    ['turnstile', 'wi-med'],
    ['cloudflare', 'az-do'],
  ])(
    'a %s page where the look-up should be is blocked, and nothing is pressed on it',
    async (wall, boardId) => {
      await setFault({ boardId, blocked: wall });
      const started = performance.now();
      const licenseType = realBoard(boardId).licenseTypes[0] ?? 'MD';
      const result = await source(boardId, QUICK_QUIET).search({ lastName: 'Smith', firstName: 'Ann', licenseType });
      expect(result).toMatchObject({ ok: false, error: { kind: 'blocked' } });
      // Recognised on arrival, not after waiting for controls that never come.
      expect(performance.now() - started).toBeLessThan(15_000);
    },
    TEST_TIMEOUT,
  );

  it(
    'a board slower than the timeout is a timeout',
    async () => {
      await setFault({ boardId: 'nm-med', latencyMs: 4_000 });
      const result = await source('nm-med', { timeoutMs: 1_500 }).health();
      expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    },
    TEST_TIMEOUT,
  );

  it(
    'health answers with its latency when the board says it found nobody',
    async () => {
      const result = await source('or-med').health();
      expect(result).toMatchObject({ ok: true, value: { latencyMs: expect.any(Number) } });
    },
    TEST_TIMEOUT,
  );
});

describe('without Chromium', () => {
  const missing = (name: string) => (name === 'CHROMIUM_PATH' ? '/nonexistent/chromium' : undefined);

  it('a search fails saying the board needs a browser, never that it found nobody', async () => {
    const board = realBoard('wi-med') as Board & { source: { kind: 'browser' } };
    const result = await new BrowserLookupSource(board, { ...deps, readVariable: missing }).search({
      lastName: 'Smith',
      firstName: 'Ann',
      licenseType: 'MD',
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'unsupported',
        message: expect.stringContaining('needs a browser (Chromium), which is not installed here'),
      },
    });
  });

  it('the board is off, in plain words for users and with CHROMIUM_PATH for the operator', () => {
    const board = realBoard('wi-med');
    expect(describeBoardMethod(board, missing)).toEqual({
      method: 'off',
      detail: "The board's look-up can only be read with a web browser, and none is installed here.",
      operatorNote: expect.stringContaining('CHROMIUM_PATH'),
    });
    expect(
      describeBoardMethod(
        board,
        () => undefined,
        () => true,
      ),
    ).toEqual({
      method: 'lookup',
      detail: null,
      operatorNote: null,
    });
  });
});
