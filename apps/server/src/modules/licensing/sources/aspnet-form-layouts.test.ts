import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Board, type BoardInput, boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { loadBoardConfig } from '../config/load-board-config.ts';
import type { SourceRecord } from '../types.ts';
import { createSource } from './create-source.ts';
import {
  clearSimulatorFaults,
  genericLookupSource,
  realBoardAt,
  setSimulatorFault,
  startSimulatorWithTruth,
} from './layout-test-support.ts';

// Contract tests: each ASP.NET WebForms board's real configuration (jurisdictions.ts), unchanged but for
// its addresses, searches the simulator's copy of that board's real page (apps/board-sim/src/sites/) as a
// browser would — view state, session cookie, post-backs, pagers, detail pages — and reads each license
// as the ground truth holds it. The generic form the configuration used before the evidence reads
// nothing from the same pages.

const WEBFORMS_BOARDS = [
  'ar-med',
  'ky-med',
  'me-md',
  'me-do',
  'mi-md',
  'mi-do',
  'az-md',
  'wy-med',
  'in-med',
  'nj-med',
  'ri-med',
] as const;

type TruthLicense = GroundTruthPerson['licenses'][number];

let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  ({ sim, truth } = await startSimulatorWithTruth(3000));
});
afterAll(() => sim.close());

/** A board's real configuration, `change`d, its addresses pointed at the simulator's copy of its pages. */
const realBoard = (id: string, change?: Parameters<typeof realBoardAt>[2]) => realBoardAt(id, sim.url, change);

/**
 * A physician of the board in the ground truth, the board's license numbered, whose surname every board
 * prints as the person writes it (plain letters, no 'Mc' a board may split).
 */
function physicianOf(id: string, skip = 0): { person: GroundTruthPerson; license: TruthLicense } {
  const found = physiciansOf(id);
  const chosen = found[skip % found.length];
  if (!chosen) throw new Error(`the ground truth holds no license of ${id}`);
  return chosen;
}

function physiciansOf(id: string): { person: GroundTruthPerson; license: TruthLicense }[] {
  return truth.flatMap((person) =>
    person.licenses
      .filter(
        (l) =>
          l.boardId === id &&
          l.licenseNumber &&
          /^[A-Za-z]+$/.test(person.lastName) &&
          !/^Ma?c[A-Z]/.test(person.lastName),
      )
      .map((license) => ({ person, license })),
  );
}

function expectLicense(records: SourceRecord[], license: TruthLicense, person: GroundTruthPerson) {
  const number = license.licenseNumber as string;
  const record = records.find((r) => r.licenseNumber === number);
  expect(record, `${license.boardId} ${number} among ${records.map((r) => r.licenseNumber).join(', ')}`).toBeDefined();
  if (!record) return;
  expect(record.boardId).toBe(license.boardId);
  expect(record.lastName.toUpperCase(), number).toBe(person.lastName.toUpperCase());
  expect(record.firstName.toUpperCase(), number).toBe(person.firstName.toUpperCase());
  expect(record.status, number).toBe(license.status);
  expect(record.expiryDate, number).toBe(license.expiryDate);
  expect(record.licenseType, number).toBe(license.licenseType);
}

const nameQuery = (person: GroundTruthPerson, license: TruthLicense) => ({
  lastName: person.lastName,
  firstName: person.firstName,
  licenseType: license.licenseType,
});

// A search per licensee of the board: 0.4–8.1 s a board measured on 2 cores with other work running
// (vitest's 5 s default was hit); four times the slowest.
const WHOLE_BOARD_TIMEOUT = 30_000;

describe('ASP.NET WebForms look-ups, each read through its real configuration', () => {
  it.each(WEBFORMS_BOARDS)(
    '%s: every physician found by name reads as the ground truth holds the license',
    async (id) => {
      const board = realBoard(id);
      expect(board.source.kind).toBe('aspnet-form');
      const source = createSource(board);
      const physicians = physiciansOf(id);
      // Expiries the board leaves blank, other standings: the whole board, not one physician.
      expect(physicians.length).toBeGreaterThan(2);
      for (const { person, license } of physicians) {
        const found = await source.search(nameQuery(person, license));
        if (!found.ok) throw new Error(`${id}: ${found.error.kind}: ${found.error.message}`);
        expectLicense(found.value, license, person);
        expect(found.notes?.saidNoResults ?? false).toBe(false);
      }
    },
    WHOLE_BOARD_TIMEOUT,
  );

  it.each(WEBFORMS_BOARDS)('%s: by number where the board searches by number, else unsupported', async (id) => {
    const board = realBoard(id);
    const { person, license } = physicianOf(id, 2);
    const found = await createSource(board).search({ licenseNumber: license.licenseNumber as string });
    if (board.source.kind === 'aspnet-form' && !board.source.byNumber) {
      expect(found).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
      return;
    }
    if (!found.ok) throw new Error(`${id}: ${found.error.kind}: ${found.error.message}`);
    expect(found.value.map((r) => r.licenseNumber)).toEqual([license.licenseNumber]);
    expectLicense(found.value, license, person);
  });

  it.each(WEBFORMS_BOARDS)("%s: a surname nobody has is the board's own no-results", async (id) => {
    const found = await createSource(realBoard(id)).search({
      lastName: 'Qwxzyvranek',
      firstName: 'Ada',
      licenseType: id.endsWith('-do') ? 'DO' : 'MD',
    });
    expect(found).toMatchObject({ ok: true, value: [], notes: { saidNoResults: true } });
  });

  it.each(WEBFORMS_BOARDS)(
    '%s: the generic form the configuration used before reads nothing from the page',
    async (id) => {
      const { person, license } = physicianOf(id);
      const real = realBoard(id);
      if (real.source.kind !== 'aspnet-form') throw new Error(`${id} is not a WebForms look-up`);
      for (const method of ['POST', 'GET'] as const) {
        const generic = boardSchema.parse({
          ...(BOARDS.find((b) => b.id === id) as BoardInput),
          source: genericLookupSource(real.source.pageUrl, {
            method,
            licenseTypes: { MD: 'MD', DO: 'DO', Physician: 'MD', 'Osteopathic Physician': 'DO' },
          }),
        });
        const found = await createSource(generic).search(nameQuery(person, license));
        // It never finds the license: it fails, or reads the search form's own table as no one.
        expect(found.ok && found.value.some((r) => r.licenseNumber === license.licenseNumber), method).toBe(false);
        expect(found.ok && found.value.length > 0 && found.value.some((r) => r.status !== 'unknown'), method).toBe(
          false,
        );
      }
    },
  );

  it.each(WEBFORMS_BOARDS)('%s: simulator mode reads it through its real configuration', async (id) => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === id) as Board;
    const real = realBoard(id);
    expect(board.source).toMatchObject({ kind: 'aspnet-form', pageUrl: (real.source as { pageUrl: string }).pageUrl });
    const { person, license } = physicianOf(id, 3);
    const found = await createSource(board).search(nameQuery(person, license));
    if (!found.ok) throw new Error(`${id}: ${found.error.message}`);
    expectLicense(found.value, license, person);
  });

  it.each(WEBFORMS_BOARDS)('%s: is healthy, its search page holding the configured controls', async (id) => {
    expect(await createSource(realBoard(id)).health()).toMatchObject({ ok: true });
  });
});

describe('ASP.NET WebForms look-ups, board by board', () => {
  it('Kentucky: the grid is read only after the rdbtGrid post-back; the list view alone reads as a changed page', async () => {
    const { person, license } = physicianOf('ky-med');
    const listOnly = realBoard('ky-med', (s) => ({ ...s, afterSearch: undefined }));
    const found = await createSource(listOnly).search(nameQuery(person, license));
    expect(found).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    if (!found.ok) expect(found.error.message).toMatch(/neither result rows nor the board's no-results words/);
  });

  it("Maine: the regulator is required, and the MDs' board lists its physician assistants, whose rows are left out", async () => {
    const { person, license } = physicianOf('me-md');
    const noRegulator = realBoard('me-md', (s) => ({ ...s, set: {} }));
    const refused = await createSource(noRegulator).search(nameQuery(person, license));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    // The osteopathic board's search of every regulator keeps only its own type of row.
    const { person: osteopath, license: doLicense } = physicianOf('me-do');
    const found = await createSource(realBoard('me-do')).search(nameQuery(osteopath, doLicense));
    expect(found.ok && found.value.every((r) => r.licenseType === 'DO')).toBe(true);
  });

  it('Arizona: without the rbName1 radio the name search is refused; the list alone gives no standing', async () => {
    const { person, license } = physicianOf('az-md');
    const unticked = realBoard('az-md', (s) => ({
      ...s,
      byName: { ...(s.byName as Record<string, unknown>), check: [] },
    }));
    expect(await createSource(unticked).search(nameQuery(person, license))).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
    // Without the profile the configuration is not whole: the list names no standing.
    expect(() => realBoard('az-md', (s) => ({ ...s, detail: undefined }))).toThrow(/status/);
  });

  it("Michigan: a common surname's rows come through the pager, every MD of it, zero-width characters gone", async () => {
    const board = realBoard('mi-md');
    // The initial most of the board's surnames begin with: more MDs than one page of ten holds.
    const licenses = truth.flatMap((p) => p.licenses.filter((l) => l.boardId === 'mi-md').map((l) => ({ p, l })));
    const count = (initial: string) => licenses.filter(({ p }) => p.lastName.startsWith(initial)).length;
    const initial = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].sort((a, b) => count(b) - count(a))[0] as string;
    const wanted = licenses.filter(({ p }) => p.lastName.startsWith(initial)).map(({ l }) => l.licenseNumber as string);
    expect(wanted.length).toBeGreaterThan(10);
    const found = await createSource(board).search({ lastName: initial, firstName: '', licenseType: 'MD' });
    if (!found.ok) throw new Error(found.error.message);
    const numbers = found.value.map((r) => r.licenseNumber);
    // Ten rows a page, nurses and DOs among them: more than one page was read.
    for (const number of wanted) expect(numbers).toContain(number);
    for (const r of found.value) {
      expect(`${r.firstName}${r.lastName}${r.licenseNumber}${r.rawStatus}`).not.toMatch(/[\u200b-\u200d]/);
      expect(r.licenseType).toBe('MD');
    }
  });

  it('Wyoming: one cell gives both the expiry and the standing', async () => {
    const { person, license } = physicianOf('wy-med');
    const found = await createSource(realBoard('wy-med')).search(nameQuery(person, license));
    if (!found.ok) throw new Error(found.error.message);
    const record = found.value.find((r) => r.licenseNumber === license.licenseNumber);
    expect(record?.rawStatus).not.toMatch(/Expires/i);
    expect(record?.expiryDate).toBe(license.expiryDate);
  });

  it('Indiana, New Jersey, Rhode Island: the expiry comes from the detail page, the list having none', async () => {
    for (const id of ['in-med', 'nj-med', 'ri-med']) {
      const { person, license } = physicianOf(id);
      const listOnly = realBoard(id, (s) => ({ ...s, detail: undefined }));
      const found = await createSource(listOnly).search(nameQuery(person, license));
      if (!found.ok) throw new Error(found.error.message);
      const record = found.value.find((r) => r.licenseNumber === license.licenseNumber);
      expect(record, id).toBeDefined();
      expect(record?.expiryDate, id).toBeNull();
    }
  });
});

describe('ASP.NET WebForms look-ups under faults', () => {
  const fault = (body: Record<string, unknown>) => setSimulatorFault(sim.url, body);
  afterAll(() => clearSimulatorFaults(sim.url));

  it('moved, changed and blocked answer each in its kind, scoped to the surname searched', async () => {
    const { person, license } = physicianOf('nj-med');
    const query = nameQuery(person, license);
    const board = realBoard('nj-med', (s) => ({ ...s, retries: 0 }));
    await fault({ boardId: 'nj-med', moved: 'not-found' });
    expect(await createSource(board).search(query)).toMatchObject({ ok: false, error: { kind: 'moved' } });
    await fault({ boardId: 'nj-med', blocked: 'recaptcha', lastName: person.lastName });
    expect(await createSource(board).search(query)).toMatchObject({ ok: false, error: { kind: 'blocked' } });
    // Another surname searched on the same board is spared.
    const other = physicianOf('nj-med', 3);
    if (other.person.lastName !== person.lastName)
      expect((await createSource(board).search(nameQuery(other.person, other.license))).ok).toBe(true);
    await fault({ boardId: 'nj-med', changed: true, lastName: person.lastName });
    expect(await createSource(board).search(query)).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    // Michigan's two boards share one page: a fault set for the DOs' board reaches the MDs' search too.
    const mi = physicianOf('mi-md');
    await fault({ boardId: 'mi-do', moved: 'not-found' });
    expect(
      await createSource(realBoard('mi-md', (s) => ({ ...s, retries: 0 }))).search(nameQuery(mi.person, mi.license)),
    ).toMatchObject({ ok: false, error: { kind: 'moved' } });
  });
});
