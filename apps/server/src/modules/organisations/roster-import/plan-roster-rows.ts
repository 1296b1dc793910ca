import { ENTITLEMENTS, PLAN_LABELS, withinLimit } from '@licensewatch/shared/plans';
import type { RosterRow, RosterRowAction } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES as M } from '@licensewatch/shared/roster-import-messages';
import type { StateCode } from '@licensewatch/shared/states';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { userPlan } from '../../plans/tables.ts';
import { report } from '../../reports/tables.ts';
import type { CellError } from './validate-roster-rows.ts';
import { nameKey } from './validate-roster-rows.ts';

export type ExistingReport = {
  id: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  licenseType: string;
  states: StateCode[];
  npi: string | null;
  externalId: string | null;
  department: string | null;
};

/** The workspace's reports, indexed the three ways a roster row finds its physician. */
export type Roster = {
  byId: Map<string, ExistingReport>;
  byNpi: Map<string, ExistingReport>;
  byName: Map<string, ExistingReport>;
  /** The plan's states-per-report limit (null: unlimited) and its label, for the row errors. */
  statesPerReport: number | null;
  planLabel: string;
};

export type RowPlan = {
  action: RosterRowAction;
  report: ExistingReport | null;
  changes: string[];
  /** States the row adds to the existing report. */
  addedStates: StateCode[];
  errors: CellError[];
};

export async function loadRoster(db: Db | Tx, workspaceId: string): Promise<Roster> {
  const rows = await db
    .select({
      id: report.id,
      firstName: report.firstName,
      middleName: report.middleName,
      lastName: report.lastName,
      licenseType: report.licenseType,
      states: report.states,
      npi: report.npi,
      externalId: report.externalId,
      department: report.department,
    })
    .from(report)
    .where(eq(report.workspaceId, workspaceId))
    .orderBy(report.createdAt);
  const [plan] = await db
    .select({ planName: userPlan.planName })
    .from(userPlan)
    .where(eq(userPlan.workspaceId, workspaceId));
  const roster: Roster = {
    byId: new Map(),
    byNpi: new Map(),
    byName: new Map(),
    statesPerReport: plan ? ENTITLEMENTS[plan.planName].statesPerReport : null,
    planLabel: plan ? PLAN_LABELS[plan.planName] : '',
  };
  for (const r of rows) {
    if (r.externalId) roster.byId.set(r.externalId.toLowerCase(), r);
    if (r.npi && !roster.byNpi.has(r.npi)) roster.byNpi.set(r.npi, r);
    const name = nameKey(r.firstName, r.middleName, r.lastName, r.licenseType);
    if (!roster.byName.has(name)) roster.byName.set(name, r);
  }
  return roster;
}

/**
 * What importing a valid row does: the report it is, found by internal id, else NPI, else name and
 * license type (a report another internal id already claims is not that physician); then create,
 * update (names, NPI, internal id, department changed, or states added: an import never removes a
 * state, so nothing tracked is lost) or nothing.
 */
export function planRosterRow(row: RosterRow, roster: Roster): RowPlan {
  const claimable = (r: ExistingReport | undefined) =>
    r &&
    (r.externalId === null || (row.externalId !== null && r.externalId.toLowerCase() === row.externalId.toLowerCase()))
      ? r
      : undefined;
  const found =
    (row.externalId ? roster.byId.get(row.externalId.toLowerCase()) : undefined) ??
    (row.npi ? claimable(roster.byNpi.get(row.npi)) : undefined) ??
    claimable(roster.byName.get(nameKey(row.firstName, row.middleName, row.lastName, row.licenseType)));
  const errors: CellError[] = [];
  const limit = roster.statesPerReport;
  if (!found) {
    if (!withinLimit(row.states.length - 1, limit))
      errors.push({ column: 'states', message: M.tooManyStates(roster.planLabel, limit ?? 0) });
    return { action: errors.length ? 'error' : 'create', report: null, changes: [], addedStates: [], errors };
  }
  if (found.licenseType !== row.licenseType) {
    errors.push({ column: 'licenseType', message: M.typeChanged(found.licenseType) });
    return { action: 'error', report: found, changes: [], addedStates: [], errors };
  }
  if (row.npi && found.npi !== row.npi) {
    const other = roster.byNpi.get(row.npi);
    if (other && other.id !== found.id) errors.push({ column: 'npi', message: M.npiTaken });
  }
  const changes: string[] = [];
  if (
    found.firstName !== row.firstName ||
    (found.middleName ?? null) !== row.middleName ||
    found.lastName !== row.lastName
  )
    changes.push('Name');
  if (row.npi && found.npi !== row.npi) changes.push('NPI');
  if (row.externalId && found.externalId !== row.externalId) changes.push('Internal id');
  if (row.department !== null && found.department !== row.department) changes.push('Department');
  const have = new Set(found.states);
  const addedStates = row.states.filter((s) => !have.has(s));
  if (addedStates.length > 0) {
    if (!withinLimit(found.states.length + addedStates.length - 1, limit))
      errors.push({ column: 'states', message: M.tooManyStates(roster.planLabel, limit ?? 0) });
    changes.push(`States +${addedStates.length}`);
  }
  if (errors.length) return { action: 'error', report: found, changes, addedStates, errors };
  return { action: changes.length ? 'update' : 'unchanged', report: found, changes, addedStates, errors };
}
