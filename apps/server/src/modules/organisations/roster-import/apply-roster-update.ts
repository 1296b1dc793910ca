import type { RosterRow } from '@licensewatch/shared/roster-import';
import type { StateCode } from '@licensewatch/shared/states';
import { STATE_CODES } from '@licensewatch/shared/states';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { report, reportState } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import type { ExistingReport } from './plan-roster-rows.ts';

const fullName = (first: string, middle: string | null, last: string) =>
  [first, middle, last].filter(Boolean).join(' ');

/**
 * Brings an existing report in line with its roster row: names, NPI, internal id, department, and
 * the row's states it did not track yet (added as pending, then its update is queued to look them
 * up). States the row leaves out stay: an import adds tracking, it never drops any. A new name
 * (a corrected roster) opens every state again, so that the boards are searched under it; what the
 * old name found stays attached.
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
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: report.name })
      .from(report)
      .where(eq(report.id, existing.id))
      .for('update');
    await inTransaction(tx);
    if (!current) return;
    // A report name the user chose is kept; one made from the physician's name follows it.
    const derived = current.name === fullName(existing.firstName, existing.middleName, existing.lastName);
    await tx
      .update(report)
      .set({
        firstName: next.firstName,
        middleName: next.middleName,
        lastName: next.lastName,
        ...(renamed && derived ? { name: fullName(next.firstName, next.middleName, next.lastName) } : {}),
        // The exclusion screening's copy of the names is refilled from the new ones (fill-report-name-norms.ts).
        ...(renamed ? { firstNorm: null, middleNorm: null, lastNorm: null } : {}),
        states,
        npi: next.npi,
        externalId: next.externalId,
        department: next.department,
      })
      .where(eq(report.id, existing.id));
    if (addedStates.length > 0)
      await tx
        .insert(reportState)
        .values(addedStates.map((state) => ({ reportId: existing.id, state })))
        .onConflictDoNothing();
    if (renamed) await tx.update(reportState).set({ status: 'pending' }).where(eq(reportState.reportId, existing.id));
  });
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
