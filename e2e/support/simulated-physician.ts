import { createPopulation, type SimPerson } from '../../apps/board-sim/src/population.ts';
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
 * A simulated MD whose report is easy to check: plain ASCII name shared with no one, no suffix,
 * and at least `minStates` numbered MD licenses in different states. `skip` picks a later one, so
 * tests running side by side need not share a physician; `withStatus` one of whose licenses has that
 * board status (e.g. suspended).
 */
export function simulatedPhysician({
  minStates = 2,
  skip = 0,
  withStatus,
}: {
  minStates?: number;
  skip?: number;
  withStatus?: string;
} = {}): SimulatedPhysician {
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
    if (person.suffix || person.sameNameAs !== null || person.licenseType !== 'MD') continue;
    if (!plain(person.firstName) || !plain(person.lastName) || (person.middleName && !plain(person.middleName)))
      continue;
    if (names.get(`${person.firstName} ${person.lastName}`.toLowerCase()) !== 1) continue;
    const licenses = person.licenses.filter((l) => l.licenseType === 'MD' && l.licenseNumber && l.expiryDate);
    const states = new Set(licenses.map((l) => l.jurisdiction));
    if (states.size < minStates || states.size !== licenses.length) continue;
    if (withStatus && !licenses.some((l) => l.status === withStatus)) continue;
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
