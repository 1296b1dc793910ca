import type { RosterRow } from '@licensewatch/shared/roster-import';
import type { StateCode } from '@licensewatch/shared/states';
import { STATE_CODES } from '@licensewatch/shared/states';
import type { Tx } from '../../../platform/db/client.ts';
import type { Platform } from '../../../platform/deps.ts';
import { reviseReportPhysician } from '../../reports/revise-report-physician.ts';
import type { ExistingReport } from './plan-roster-rows.ts';

/**
 * Brings an existing report in line with its roster row (reports' reviseReportPhysician): names,
 * NPI, internal id, department, and the row's states it did not track yet (added as pending, then
 * its update is queued to look them up). States the row leaves out stay: an import adds tracking,
 * it never drops any. A new name (a corrected roster) opens every state again, so that the boards
 * are searched under it; what the old name found stays attached.
 */
export async function applyRosterUpdate(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  existing: ExistingReport,
  row: RosterRow,
  addedStates: StateCode[],
  /** The import counts its row in the transaction that changes the report (record-roster-row.ts). */
  inTransaction: (tx: Tx) => Promise<void> = async () => {},
): Promise<ExistingReport> {
  const wanted = new Set([...existing.states, ...addedStates]);
  const states = STATE_CODES.filter((s) => wanted.has(s));
  const renamed =
    existing.firstName !== row.firstName ||
    existing.middleName !== row.middleName ||
    existing.lastName !== row.lastName;
  const next: ExistingReport = {
    ...existing,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    states,
    npi: row.npi ?? existing.npi,
    externalId: row.externalId ?? existing.externalId,
    department: row.department ?? existing.department,
  };
  await reviseReportPhysician(ctx.db, existing.id, { before: existing, after: next, addedStates }, inTransaction);
  // The update job screens the report against the exclusion lists first: a new NPI needs that alone
  // (an update with no state to search does nothing more).
  const newNpi = next.npi !== existing.npi;
  if (addedStates.length > 0 || renamed || newNpi)
    await ctx.jobs
      .send('updateReport', { reportId: existing.id, allAtOnce: true }, { singletonKey: existing.id })
      .catch((err: unknown) => {
        ctx.log.error({ err, reportId: existing.id }, 'could not queue the report update');
      });
  return next;
}
