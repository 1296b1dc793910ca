import { createPopulation, type SimPerson } from '../../apps/board-sim/src/population.ts';
import { loadBoardConfig } from '../../apps/server/src/modules/licensing/config/load-board-config.ts';
import { createBoardSources } from '../../apps/server/src/modules/licensing/sources/create-source.ts';
import type { StateCode } from '../../packages/shared/src/states.ts';

/** Same as the e2e server's simulator (playwright.config.ts SIM_SIZE, default SIM_SEED). */
const E2E_SIM_SIZE = 2000;

export type SimulatedPhysician = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  licenses: { state: StateCode; number: string; status: string }[];
};

const plain = (s: string) => /^[A-Za-z]+$/.test(s);

/**
 * Boards a machine reads in simulator mode (bulk or look-up); a report finds nothing by itself on the
 * others, which a person verifies by hand (docs/sources.md). The physicians picked here hold licenses
 * on these boards only, so a report made for them finds every license.
 */
const SIM_BOARDS = createBoardSources(loadBoardConfig({ simUrl: 'http://127.0.0.1:1' })).boards;
const MACHINE_READ_BOARDS: ReadonlySet<string> = new Set(
  SIM_BOARDS.filter((b) => b.method === 'bulk' || b.method === 'lookup').map((b) => b.id),
);
// A board that publishes its active licensees only (Maryland) holds no other license to find.
const ACTIVE_ONLY_BOARDS: ReadonlySet<string> = new Set(SIM_BOARDS.filter((b) => b.activeOnly).map((b) => b.id));
const readByMachine = (person: SimPerson) =>
  person.licenses.every(
    (l) =>
      MACHINE_READ_BOARDS.has(l.boardId) &&
      (!ACTIVE_ONLY_BOARDS.has(l.boardId) || l.status === 'active' || l.status === 'probation'),
  );

/**
 * A simulated MD whose report is easy to check: plain ASCII name shared with no one, no suffix,
 * and at least `minStates` numbered MD licenses in different states. `skip` picks a later one, so
 * tests running side by side need not share a physician; `withStatus` one of whose licenses has that
 * board status (e.g. suspended).
 */
export function simulatedPhysician({
  minStates = 2,
  skip = 0,
  withStatus,
  expiringWithin,
}: {
  minStates?: number;
  skip?: number;
  withStatus?: string;
  /** One of the licenses expires within this many days from today, and another later. */
  expiringWithin?: number;
} = {}): SimulatedPhysician {
  const today = new Date().toISOString().slice(0, 10);
  const horizon = new Date(Date.now() + (expiringWithin ?? 0) * 86_400_000).toISOString().slice(0, 10);
  const population = createPopulation({ size: E2E_SIM_SIZE });
  const names = new Map<string, number>();
  const people: SimPerson[] = [];
  for (const person of population.people()) {
    people.push(person);
    const key = `${person.firstName} ${person.lastName}`.toLowerCase();
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  let skipped = 0;
  for (const person of people) {
    if (person.suffix || person.sameNameAs !== null || person.licenseType !== 'MD' || !readByMachine(person)) continue;
    if (!plain(person.firstName) || !plain(person.lastName) || (person.middleName && !plain(person.middleName)))
      continue;
    if (names.get(`${person.firstName} ${person.lastName}`.toLowerCase()) !== 1) continue;
    const licenses = person.licenses.filter((l) => l.licenseType === 'MD' && l.licenseNumber && l.expiryDate);
    const states = new Set(licenses.map((l) => l.jurisdiction));
    if (states.size < minStates || states.size !== licenses.length) continue;
    if (withStatus && !licenses.some((l) => l.status === withStatus)) continue;
    if (
      expiringWithin !== undefined &&
      !(
        licenses.some((l) => (l.expiryDate as string) > today && (l.expiryDate as string) <= horizon) &&
        licenses.some((l) => (l.expiryDate as string) > horizon)
      )
    )
      continue;
    if (skipped++ < skip) continue;
    return {
      firstName: person.firstName,
      middleName: person.middleName,
      lastName: person.lastName,
      licenses: licenses.map((l) => ({ state: l.jurisdiction, number: l.licenseNumber as string, status: l.status })),
    };
  }
  throw new Error('no suitable simulated physician');
}

export type InitialNamesakes = {
  /** The first initial the report is made for ('K'), and the last name. */
  initial: string;
  lastName: string;
  /** A suspended MD license of one of them: a possible match the user can confirm. */
  suspended: { state: StateCode; number: string };
  /** Every state where either holds an MD license. */
  states: StateCode[];
};

/**
 * Two simulated MDs with one last name and one first initial but different first names (Kevin and
 * Karl Johnson), one of them with a suspended license: a report for "K Johnson" fits both equally
 * loosely, so the engine attaches none of their licenses and offers them as possible matches.
 * Plain ASCII names, no suffixes, every MD license numbered. `skip` picks a later pair.
 */
export function simulatedInitialNamesakes({ skip = 0 }: { skip?: number } = {}): InitialNamesakes {
  const population = createPopulation({ size: E2E_SIM_SIZE });
  const bySurname = new Map<string, SimPerson[]>();
  for (const person of population.people()) {
    if (person.suffix || person.licenseType !== 'MD' || !plain(person.firstName) || !plain(person.lastName)) continue;
    if (!readByMachine(person)) continue;
    const md = person.licenses.filter((l) => l.licenseType === 'MD');
    if (md.length === 0 || md.some((l) => !l.licenseNumber)) continue;
    const key = person.lastName.toLowerCase();
    bySurname.set(key, [...(bySurname.get(key) ?? []), person]);
  }
  let skipped = 0;
  for (const people of bySurname.values()) {
    for (const person of people) {
      const suspended = person.licenses.find((l) => l.licenseType === 'MD' && l.status === 'suspended');
      if (!suspended) continue;
      const initial = person.firstName.charAt(0).toUpperCase();
      const sharing = people.filter((other) => other.firstName.charAt(0).toUpperCase() === initial);
      const firstNames = new Set(sharing.map((p) => p.firstName.toLowerCase()));
      // Exactly two, with different first names: neither is "the only K. Johnson on record".
      if (sharing.length !== 2 || firstNames.size !== 2) continue;
      if (skipped++ < skip) continue;
      const states = new Set(
        sharing.flatMap((p) => p.licenses.filter((l) => l.licenseType === 'MD').map((l) => l.jurisdiction)),
      );
      return {
        initial,
        lastName: person.lastName,
        suspended: { state: suspended.jurisdiction, number: suspended.licenseNumber as string },
        states: [...states],
      };
    }
  }
  throw new Error('no simulated namesakes by initial');
}

/** A 1×1 PNG: the screenshot a person keeps of a board's page, as evidence of a verification by hand. */
export const EVIDENCE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
