import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import type { BoardSimulator } from '@licensewatch/board-sim/server';
import { NYSED_SIM_API_KEY } from '@licensewatch/board-sim/sites/nysed-rosa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardInput } from '../config/board-config.ts';
import { boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { loadBoardConfig } from '../config/load-board-config.ts';
import { simulateAddresses } from '../config/simulator-sources.ts';
import type { SourceRecord } from '../types.ts';
import { createBoardSources, createSource, type SourceDeps } from './create-source.ts';
import { genericLookupSource, realBoardAt, startSimulatorWithTruth } from './layout-test-support.ts';

// Contract tests for the boards whose look-up page is a single-page app over a JSON API: each board's
// real configuration, unchanged but for its addresses (simulator mode), reads the simulator's copy of
// that API (apps/board-sim/src/sites/) — every physician the board licenses, by name and by number,
// each field as the board meant it. The configuration before the evidence — a form posting
// LastName/FirstName and reading `table tbody tr` — reads nothing from the same page.

const JSON_API_BOARDS = ['ny-med', 'ma-med'] as const;

/** What an operator sets: New York's API answers only the key its page publishes. */
const deps: SourceDeps = {
  readVariable: (name) => (name === 'NYSED_ROSA_API_KEY' ? NYSED_SIM_API_KEY : undefined),
};

let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  ({ sim, truth } = await startSimulatorWithTruth(1500));
});
afterAll(() => sim.close());

/** A board's real configuration, its addresses pointed at the simulator's copy of its API. */
const simulated = (id: string) => realBoardAt(id, sim.url);

/** The board's licences in the ground truth, with their holders. */
function licensed(id: string) {
  return truth.flatMap((person) =>
    person.licenses.filter((l) => l.boardId === id && l.licenseNumber).map((license) => ({ person, license })),
  );
}

type Licensed = ReturnType<typeof licensed>[number];

/**
 * The record holds the licence as the ground truth has it. `bySurname`: the search knew the surname,
 * which marks where a name printed without a comma ('LE PAUL JAMES') splits; by number, the name is
 * split as best the board's words allow, so only its words are compared.
 */
function expectRead(record: SourceRecord | undefined, { person, license }: Licensed, bySurname: boolean) {
  const number = license.licenseNumber as string;
  expect(record, number).toBeDefined();
  const words = `${record?.lastName} ${record?.firstName} ${record?.middleName ?? ''}`.toUpperCase().split(/\s+/);
  if (bySurname) expect(record?.firstName.toUpperCase(), number).toBe(person.firstName.toUpperCase());
  else expect(words, number).toContain(person.firstName.toUpperCase());
  expect(record?.status, number).toBe(license.status);
  expect(record?.issueDate, number).toBe(license.issueDate);
  expect(record?.expiryDate, number).toBe(license.expiryDate);
  // A board that does not say MD or DO stores none; one that does says the right one.
  if (record?.licenseType !== null) expect(record?.licenseType, number).toBe(license.licenseType);
}

describe('JSON-API look-ups: the real configuration against the real layout', () => {
  it.each(JSON_API_BOARDS)(
    '%s: every physician the board licenses is read by name and by number, exactly',
    async (id) => {
      const board = simulated(id);
      expect(['nysed-rosa', 'massachusetts-medboard']).toContain(board.source.kind);
      const source = createSource(board, deps);
      const all = licensed(id);
      expect(all.length).toBeGreaterThan(20);
      for (const one of all) {
        const { person, license } = one;
        const byName = await source.search({
          lastName: person.lastName,
          firstName: person.firstName,
          licenseType: license.licenseType,
        });
        if (!byName.ok) throw new Error(`${id} ${license.licenseNumber}: ${byName.error.message}`);
        expectRead(
          byName.value.find((r) => r.licenseNumber === license.licenseNumber),
          one,
          true,
        );
        const byNumber = await source.search({ licenseNumber: license.licenseNumber as string });
        if (!byNumber.ok) throw new Error(`${id} ${license.licenseNumber}: ${byNumber.error.message}`);
        expect(byNumber.value).toHaveLength(1);
        expectRead(byNumber.value[0], one, false);
      }
      expect(await source.health()).toMatchObject({ ok: true });
    },
  );

  it("New York is off until the operator gives the API's key, and says so", () => {
    const sources = createBoardSources(loadBoardConfig(), { readVariable: () => undefined });
    expect(sources.boards.find((b) => b.id === 'ny-med')).toMatchObject({
      method: 'off',
      operatorNote: expect.stringContaining('set NYSED_ROSA_API_KEY'),
    });
    const keyed = createBoardSources(loadBoardConfig(), deps);
    expect(keyed.boards.find((b) => b.id === 'ny-med')).toMatchObject({ method: 'lookup', sourceKind: 'nysed-rosa' });
    expect(keyed.boards.find((b) => b.id === 'ma-med')).toMatchObject({
      method: 'lookup',
      sourceKind: 'massachusetts-medboard',
    });
  });
});

/** The configuration every look-up board had before the evidence: a form read through `table tbody tr`. */
const genericLookup = (searchUrl: string) =>
  genericLookupSource(searchUrl, {
    method: 'GET',
    licenseTypes: { MD: 'MD', DO: 'DO', Physician: 'MD' },
    dateFormat: 'mm/dd/yyyy',
  });

describe('JSON-API look-ups: what the evidence contradicted', () => {
  it.each([
    ['ny-med', 'https://eservices.nysed.gov/professions/verification-search'],
    ['ma-med', 'https://findmydoctor.mass.gov/'],
  ])(
    '%s: the generic form reader finds no physician on the page, which is an app with no result table',
    async (id, page) => {
      const real = BOARDS.find((b) => b.id === id) as BoardInput;
      expect(real.lookupUrl).toBe(page);
      const before = boardSchema.parse({ ...real, source: simulateAddresses(genericLookup(page), sim.url) });
      const source = createSource(before);
      const [{ person, license }] = licensed(id) as [Licensed];
      const byName = await source.search({
        lastName: person.lastName,
        firstName: person.firstName,
        licenseType: license.licenseType,
      });
      expect(byName).toEqual({ ok: true, value: [] });
      expect(await source.search({ licenseNumber: license.licenseNumber as string })).toEqual({ ok: true, value: [] });
    },
  );
});
