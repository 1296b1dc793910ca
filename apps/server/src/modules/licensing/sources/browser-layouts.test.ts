import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Board, type BoardInput, boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { loadBoardConfig } from '../config/load-board-config.ts';
import { simulatedUrl } from '../config/simulator-sources.ts';
import { createSource } from './create-source.ts';
import { genericLookupSource, realBoardAt, startSimulatorWithTruth } from './layout-test-support.ts';
import { closeSharedChromium } from './open-shared-chromium.ts';

// Contract tests: the real configuration of each browser board (jurisdictions.ts), unchanged but for
// its addresses and its pauses (the simulator is this machine), reads the simulator's copy of that board's real single-page app in
// Chromium and finds a ground-truth physician there with the right number, status and expiry. And the
// generic form configuration the evidence contradicted reads nothing from the same page: its HTML
// holds no result until a browser has run its script. Timing as in browser-lookup-source.test.ts: a
// search takes 0.3–1.1 s here, detail pages included; each test allows 60 s.

const BROWSER_BOARDS = [
  'az-do',
  'nv-md',
  'nv-do',
  'ok-do',
  'wi-med',
  'nm-med',
  'dc-med',
  'id-med',
  'or-med',
  'vt-md',
  'vt-do',
  'pa-md',
  'pa-do',
] as const;

/** Boards the evidence is too thin to configure: a person verifies them until an operator confirms more. */
const NOT_CONFIGURED = ['ok-md', 'mn-med'] as const;

const TEST_TIMEOUT = 60_000;
let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  // Large enough that every browser board, DO boards of small states included, lists physicians.
  ({ sim, truth } = await startSimulatorWithTruth(5000));
}, TEST_TIMEOUT);

afterAll(async () => {
  await closeSharedChromium();
  await sim?.close();
});

const deps = { sleep: async () => {} };

/** The board with the fewest namesakes on it whose license has a number (and, if any, a status and expiry). */
function physicianOf(boardId: string) {
  const holders = truth.flatMap((person) =>
    person.licenses.filter((l) => l.boardId === boardId && l.licenseNumber).map((license) => ({ person, license })),
  );
  const namesakes = (last: string) => holders.filter((h) => h.person.lastName === last).length;
  const vague = (h: (typeof holders)[number]) => (h.license.status === 'unknown' || !h.license.expiryDate ? 1 : 0);
  const [found] = [...holders].sort(
    (a, b) => vague(a) - vague(b) || namesakes(a.person.lastName) - namesakes(b.person.lastName),
  );
  if (!found) throw new Error(`the simulator lists nobody on ${boardId}`);
  return found;
}

/** A real board's configuration pointed at the simulator's copy of its page, without pauses. */
function realBoard(id: string): Board {
  return realBoardAt(id, sim.url, (s) => ({ ...s, pauseMs: 0 }));
}

describe('real browser layouts', () => {
  it('configures exactly these boards as browser look-ups', () => {
    const browser = loadBoardConfig({})
      .boards.filter((b) => b.source.kind === 'browser')
      .map((b) => b.id)
      .sort();
    expect(browser).toEqual([...BROWSER_BOARDS].sort());
    for (const id of NOT_CONFIGURED)
      expect(loadBoardConfig({}).boards.find((b) => b.id === id)?.source.kind, id).not.toBe('browser');
  });

  it("simulator mode, which must run without Chromium, reads them on the simulator's generic page", () => {
    const simMode = loadBoardConfig({ simUrl: sim.url }).boards;
    for (const id of BROWSER_BOARDS)
      expect(simMode.find((b) => b.id === id)?.source, id).toMatchObject({
        kind: 'html-lookup',
        searchUrl: `${sim.url}/lookup/${id}/search`,
      });
  });

  it.each(BROWSER_BOARDS)(
    "%s: its real configuration finds a physician on the simulator's copy of its page",
    async (id) => {
      const board = realBoard(id);
      expect(board.source.kind).toBe('browser');
      if (board.source.kind !== 'browser') return;
      expect(board.source.pageUrl.startsWith(`${sim.url}/sites/`)).toBe(true);
      const { person, license } = physicianOf(id);
      const result = await createSource(board, deps).search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      expect(result.ok, JSON.stringify(result)).toBe(true);
      if (!result.ok) return;
      const record = result.value.find((r) => r.licenseNumber === license.licenseNumber);
      expect(record, JSON.stringify(result.value)).toBeDefined();
      expect(record?.firstName.toUpperCase()).toBe(person.firstName.toUpperCase());
      expect(record?.status).toBe(license.status);
      expect(record?.expiryDate).toBe(license.expiryDate);
      // A board that does not say MD or DO stores none; one that does says the right one.
      if (record?.licenseType !== null) expect(record?.licenseType).toBe(license.licenseType);
    },
    TEST_TIMEOUT,
  );

  it.each(BROWSER_BOARDS)(
    '%s: the generic form configuration reads nothing from the same page',
    async (id) => {
      const real = BOARDS.find((b) => b.id === id) as BoardInput;
      if (real.source.kind !== 'browser') throw new Error(`${id} is not a browser board`);
      const { person, license } = physicianOf(id);
      const generic = boardSchema.parse({
        ...real,
        source: genericLookupSource(simulatedUrl(real.source.pageUrl, sim.url), {
          licenseTypes: { MD: 'MD', DO: 'DO', 'Medical Doctor': 'MD', 'Osteopathic Physician': 'DO' },
          fixedLicenseType: license.licenseType,
        }),
      });
      const result = await createSource(generic, deps).search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      // Nothing found, or a failure: never the physician.
      const found = result.ok ? result.value.filter((r) => r.licenseNumber === license.licenseNumber) : [];
      expect(found).toEqual([]);
    },
    TEST_TIMEOUT,
  );
});
