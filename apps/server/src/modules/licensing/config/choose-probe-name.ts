import type { StateCode } from '@licensewatch/shared/states';

/** The name `sources:probe` asks a look-up board for (health/probe-board.ts). */
export type ProbeName = { lastName: string; firstName?: string | undefined };

// The probe needs a name the board surely lists, so that every field can be checked on real rows.
// Smith is the commonest US surname (Census 2010), and a surname alone finds every namesake. The
// Census publishes no surnames by state; Ancestry's count of US phone listings (2023) puts Garcia
// ahead of Smith in Texas, and Smith outside the top three in California and New Mexico, where
// Garcia ranks high: those three ask Garcia. The list stays this small on purpose: a board where
// neither finds anyone (a small osteopathic board) gets its own name in its configuration (`probe`).
const DEFAULT_SURNAME = 'Smith';
const STATE_SURNAMES: Partial<Record<StateCode, string>> = { CA: 'Garcia', TX: 'Garcia', NM: 'Garcia' };

/** The board's configured probe name, or the common surname of its state. */
export function chooseProbeName(jurisdiction: StateCode, configured?: ProbeName): ProbeName {
  return configured ?? { lastName: STATE_SURNAMES[jurisdiction] ?? DEFAULT_SURNAME };
}
