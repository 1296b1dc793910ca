import type { StateCode } from '@licensewatch/shared/states';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { forgetReportNameNorms } from '../exclusions/forget-report-name-norms.ts';
import { report, reportState } from './tables.ts';

type PhysicianName = { firstName: string; middleName: string | null; lastName: string };

export type PhysicianRevision = PhysicianName & {
  states: StateCode[];
  npi: string | null;
  externalId: string | null;
  department: string | null;
};

const fullName = ({ firstName, middleName, lastName }: PhysicianName) =>
  [firstName, middleName, lastName].filter(Boolean).join(' ');

/**
 * Brings a report in line with what its physician now is (a roster import's row), in one
 * transaction: names, states, NPI, the customer's own id and department; each added state is
 * pending. A new name opens every state again, so the boards are searched under it, and drops the
 * screening's copy of the old one. A report name the user chose is kept; one made from the
 * physician's name follows it. `inTransaction` runs with the report locked, whether or not it still
 * exists (the caller counts its own work in the same commit).
 */
export async function reviseReportPhysician(
  db: Db,
  reportId: string,
  { before, after, addedStates }: { before: PhysicianName; after: PhysicianRevision; addedStates: StateCode[] },
  inTransaction: (tx: Tx) => Promise<void>,
): Promise<void> {
  const renamed =
    before.firstName !== after.firstName ||
    before.middleName !== after.middleName ||
    before.lastName !== after.lastName;
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ name: report.name }).from(report).where(eq(report.id, reportId)).for('update');
    await inTransaction(tx);
    if (!current) return;
    const derived = current.name === fullName(before);
    await tx
      .update(report)
      .set({
        firstName: after.firstName,
        middleName: after.middleName,
        lastName: after.lastName,
        ...(renamed && derived ? { name: fullName(after) } : {}),
        states: after.states,
        npi: after.npi,
        externalId: after.externalId,
        department: after.department,
      })
      .where(eq(report.id, reportId));
    if (renamed) await forgetReportNameNorms(tx, reportId);
    if (addedStates.length > 0)
      await tx
        .insert(reportState)
        .values(addedStates.map((state) => ({ reportId, state })))
        .onConflictDoNothing();
    if (renamed) await tx.update(reportState).set({ status: 'pending' }).where(eq(reportState.reportId, reportId));
  });
}
