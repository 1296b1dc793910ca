import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardInput } from '../config/board-config.ts';
import { boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { simulateAddresses, simulatedUrl, simulatorBoard } from '../config/simulator-sources.ts';
import { createGateRegistry } from '../http-client.ts';
import type { SourceQuery } from '../types.ts';
import { createSource } from './create-source.ts';
import {
  clearSimulatorFaults,
  genericLookupSource,
  setSimulatorFault,
  startSimulatorWithTruth,
} from './layout-test-support.ts';

// Contract tests: the real configuration of each look-up board whose search is a plain HTML form
// (Kansas, Virginia, West Virginia's osteopathic board), unchanged but for its addresses, searches the
// simulator's copy of that board's real page (apps/board-sim/src/sites/) and finds each physician of
// the ground truth, by name and by number, with the number, status and dates the board holds. A board
// that moved, changed or put up a CAPTCHA says so; and the generic form the evidence contradicted
// reads nothing from the same pages.

const PLAIN_FORMS = ['ks-med', 'va-med', 'wv-do'] as const;
type PlainForm = (typeof PLAIN_FORMS)[number];

/** Which dates each board's pages give: West Virginia's list has no first licensing date, nor a detail address. */
const GIVES_ISSUE_DATE: Record<PlainForm, boolean> = { 'ks-med': true, 'va-med': true, 'wv-do': false };

/** A number as a person may type it, which the board's form would not find as typed. */
const TYPED: Record<PlainForm, (number: string) => string> = {
  'ks-med': (n) => n.replace('-', ''),
  'va-med': (n) => n.replace(/^0+/, ''),
  'wv-do': (n) => ` ${n} `,
};

/** The product's earlier configuration of each board: the generic form BOARDS.md found contradicted. */
const EARLIER_METHOD: Record<PlainForm, 'GET' | 'POST'> = { 'ks-med': 'GET', 'va-med': 'POST', 'wv-do': 'GET' };

let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  ({ sim, truth } = await startSimulatorWithTruth(3000));
});
afterAll(() => sim.close());
afterEach(() => clearSimulatorFaults(sim.url));

/** A board's real configuration in simulator mode: its addresses at `${sim}/sites/<real host>/<real path>`. */
function realBoard(id: PlainForm): Board {
  return boardSchema.parse(simulatorBoard(BOARDS.find((b) => b.id === id) as BoardInput, sim.url));
}

function source(board: Board) {
  return createSource(board, { gates: createGateRegistry() });
}

/** Every license of the board in the ground truth, with its holder. */
function licensees(id: PlainForm) {
  return truth.flatMap((person) =>
    person.licenses
      .filter((l) => l.boardId === id && l.licenseNumber !== null)
      .map((license) => ({ person, license: { ...license, licenseNumber: license.licenseNumber as string } })),
  );
}

const setFault = (fault: Record<string, unknown>) => setSimulatorFault(sim.url, fault);

// A search per licensee of the board: 2.4–7.1 s measured on 2 cores with other work running (vitest's
// 5 s default was hit); four times the slowest.
const WHOLE_BOARD_TIMEOUT = 30_000;

describe.each(PLAIN_FORMS)('%s: its real configuration against the simulated page', (id) => {
  it('is a look-up of the real page, pointed at the simulator', () => {
    const board = realBoard(id);
    expect(board.source.kind).toBe('html-lookup');
    if (board.source.kind !== 'html-lookup') return;
    const real = BOARDS.find((b) => b.id === id)?.source as { searchUrl: string };
    expect(board.source.searchUrl).toBe(simulateAddresses(real.searchUrl, sim.url));
    expect(board.source.searchUrl.startsWith(`${sim.url}/sites/`)).toBe(true);
  });

  it(
    'finds every physician of the board by name, with the number, status and dates the board holds',
    async () => {
      const s = source(realBoard(id));
      const all = licensees(id);
      expect(all.length).toBeGreaterThan(0);
      const statuses = new Set<string>();
      for (const { person, license } of all) {
        const query = { firstName: person.firstName, lastName: person.lastName, licenseType: license.licenseType };
        const result = await s.search(query);
        expect(result.ok, `${person.lastName} ${license.licenseNumber}`).toBe(true);
        if (!result.ok) continue;
        const record = result.value.find((r) => r.licenseNumber === license.licenseNumber);
        expect(record, `${person.firstName} ${person.lastName} ${license.licenseNumber}`).toBeDefined();
        expect(record?.firstName.toUpperCase()).toBe(person.firstName.toUpperCase());
        expect([record?.licenseType, record?.status, record?.expiryDate], license.licenseNumber).toEqual([
          license.licenseType,
          license.status,
          license.expiryDate,
        ]);
        expect(record?.issueDate, license.licenseNumber).toBe(GIVES_ISSUE_DATE[id] ? license.issueDate : null);
        statuses.add(license.status);
      }
      // More than the one standing: each board's own words for them are read.
      expect(statuses.size).toBeGreaterThan(1);
    },
    WHOLE_BOARD_TIMEOUT,
  );

  it('finds a physician by number, as the board writes it and as a person types it', async () => {
    const s = source(realBoard(id));
    const { license } = licensees(id)[0] as ReturnType<typeof licensees>[number];
    for (const typed of [license.licenseNumber, TYPED[id](license.licenseNumber)]) {
      const result = await s.search({ licenseNumber: typed });
      expect(result.ok && result.value.map((r) => [r.licenseNumber, r.status, r.expiryDate]), typed).toEqual([
        [license.licenseNumber, license.status, license.expiryDate],
      ]);
    }
  });

  it("answers a surname nobody has with the board's own no-results words; health reads the same page", async () => {
    const s = source(realBoard(id));
    const type = id === 'wv-do' ? 'DO' : 'MD';
    expect(await s.search({ firstName: 'Nobody', lastName: 'Qqxyzzyv', licenseType: type })).toEqual({
      ok: true,
      value: [],
      notes: { rejectedRows: [], saidNoResults: true },
    });
    expect(await s.health()).toMatchObject({ ok: true });
  });

  it('reports a board that moved, changed or put up a CAPTCHA as such, never as no licenses', async () => {
    const s = source(realBoard(id));
    const { person, license } = licensees(id)[0] as ReturnType<typeof licensees>[number];
    const query: SourceQuery = {
      firstName: person.firstName,
      lastName: person.lastName,
      licenseType: license.licenseType,
    };
    const faults = [
      [{ moved: 'not-found' }, 'moved'],
      [{ moved: 'redirect' }, 'moved'],
      [{ changed: true }, 'parse-failure'],
      [{ blocked: 'recaptcha' }, 'blocked'],
      [{ blocked: 'cloudflare' }, 'blocked'],
    ] as const;
    for (const [fault, kind] of faults) {
      await setFault({ boardId: id, lastName: person.lastName, ...fault });
      expect(await s.search(query), JSON.stringify(fault)).toMatchObject({ ok: false, error: { kind } });
    }
    // Scoped to that physician's surname: the board's other searches still answer.
    const other = licensees(id).find((l) => l.person.lastName !== person.lastName);
    if (other)
      expect(
        (
          await s.search({
            firstName: other.person.firstName,
            lastName: other.person.lastName,
            licenseType: other.license.licenseType,
          })
        ).ok,
      ).toBe(true);
    // A slow board is still read, only later.
    await setFault({ boardId: id, lastName: person.lastName, latencyMs: 300 });
    const started = performance.now();
    const slow = await s.search(query);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(slow.ok && slow.value.some((r) => r.licenseNumber === license.licenseNumber)).toBe(true);
  });

  it('what the evidence contradicted reads nothing: LastName/FirstName, table tbody tr, cells 1–5', async () => {
    const real = BOARDS.find((b) => b.id === id) as BoardInput;
    const earlier = boardSchema.parse({
      ...simulatorBoard(real, sim.url),
      source: genericLookupSource(simulatedUrl((real.source as { searchUrl: string }).searchUrl, sim.url), {
        method: EARLIER_METHOD[id],
        licenseTypes: { MD: 'MD', 'M.D.': 'MD', Physician: 'MD', DO: 'DO', 'D.O.': 'DO' },
      }),
    });
    const s = source(earlier);
    for (const { person, license } of licensees(id).slice(0, 5)) {
      const byName = await s.search({
        firstName: person.firstName,
        lastName: person.lastName,
        licenseType: license.licenseType,
      });
      expect(byName.ok && byName.value, license.licenseNumber).toEqual([]);
      const byNumber = await s.search({ licenseNumber: license.licenseNumber });
      expect(byNumber.ok && byNumber.value, license.licenseNumber).toEqual([]);
    }
  });
});

describe('ks-med: results kept in the session, 25 a page', () => {
  it("its real configuration pages through a search by the board's Next links, in the session the search opened", async () => {
    // Every MD of the board at once (the profession code, as the board's scrapers send it): three pages here.
    const real = realBoard('ks-med');
    const board = boardSchema.parse({ ...real, source: { ...real.source, extraParams: { profession: '04' } } });
    const doctors = licensees('ks-med').filter((l) => l.license.licenseType === 'MD');
    expect(doctors.length).toBeGreaterThan(2 * 25);
    const result = await source(board).search({ firstName: '', lastName: '', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber).sort()).toEqual(
      doctors.map((d) => d.license.licenseNumber).sort(),
    );
    // The Next link is what carries the search on: without it, the first page's 25 are all there is.
    const noNext = boardSchema.parse({
      ...board,
      source: {
        ...board.source,
        selectors: { ...(board.source as { selectors: object }).selectors, nextPage: undefined },
      },
    });
    const firstPage = await source(noNext).search({ firstName: '', lastName: '', licenseType: 'MD' });
    expect(firstPage.ok && firstPage.value).toHaveLength(25);
  });
});
