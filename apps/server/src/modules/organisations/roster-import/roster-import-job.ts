import type { RosterRow } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../../platform/db/is-unique-violation.ts';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { countReportCredits } from '../../plans/count-report-credits.ts';
import { createReport } from '../../reports/create-report.ts';
import { rosterImport } from '../tables.ts';
import { applyRosterUpdate } from './apply-roster-update.ts';
import { type ExistingReport, loadRoster, planRosterRow, type Roster, type RowPlan } from './plan-roster-rows.ts';
import { RowAlreadyRecorded, type RowOutcome, recordRosterRow } from './record-roster-row.ts';
import { nameKey } from './validate-roster-rows.ts';

const remember = (roster: Roster, r: ExistingReport) => {
  if (r.externalId) roster.byId.set(r.externalId.toLowerCase(), r);
  if (r.npi) roster.byNpi.set(r.npi, r);
  roster.byName.set(nameKey(r.firstName, r.middleName, r.lastName, r.licenseType), r);
};

/** Rows imported side by side: each waits mostly on the database, and the reports' updates run meanwhile. */
const ROWS_AT_ONCE = 10;

/**
 * Imports a stored upload's rows, ROWS_AT_ONCE at a time, skipping those a previous run counted.
 * Each row's outcome is counted in the transaction that makes its change (record-roster-row.ts), so
 * a worker killed at any moment leaves no row both imported and uncounted: the retry creates
 * nothing twice and its summary counts each row once, as what it first became. A row whose change
 * another run of the import made meanwhile is rolled back and left to that run's count. Rows
 * imported side by side are different physicians (the file's duplicates are refused before the
 * import); a batch the workspace's report credits do not cover goes row by row, so that the credits
 * go to the file's first rows. A new report goes through createReport, the same code as POST
 * /reports (plan, tracked-license limit, one credit, its update queued — every state in one step,
 * nobody watches an imported report state by state); a row it refuses (out of credits, over the
 * limit) is recorded as failed and the import goes on, keeping what it has done.
 */
export async function rosterImportJob(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  { importId }: Payload<'rosterImport'>,
): Promise<void> {
  const { db } = ctx;
  const [job] = await db.select().from(rosterImport).where(eq(rosterImport.id, importId));
  if (!job || job.status === 'done' || job.status === 'failed') return;
  await db.update(rosterImport).set({ status: 'running' }).where(eq(rosterImport.id, importId));
  const { workspaceId } = job;
  const roster = await loadRoster(db, workspaceId);

  // Inside the row's own transaction: a row another run counted meanwhile rolls the change back.
  const record = (tx: Parameters<typeof recordRosterRow>[0], row: RosterRow, outcome: RowOutcome) =>
    recordRosterRow(tx, importId, row.row, outcome).then((counted) => {
      if (!counted) throw new RowAlreadyRecorded(row.row);
    });
  const fail = (row: RosterRow, message: string) =>
    recordRosterRow(db, importId, row.row, 'failed', { row: row.row, message });

  async function importRow(row: RosterRow, plan: RowPlan): Promise<void> {
    try {
      if (plan.action === 'create') {
        const created = await createReport(
          ctx,
          workspaceId,
          {
            firstName: row.firstName,
            middleName: row.middleName,
            lastName: row.lastName,
            licenseType: row.licenseType,
            states: row.states,
          },
          {
            identity: { npi: row.npi, externalId: row.externalId, department: row.department },
            allAtOnce: true,
            inTransaction: (tx) => record(tx, row, 'created'),
          },
        );
        crashPoint('roster-import:row-created');
        remember(roster, {
          id: created.id,
          firstName: row.firstName,
          middleName: row.middleName,
          lastName: row.lastName,
          licenseType: row.licenseType,
          states: row.states,
          npi: row.npi,
          externalId: row.externalId,
          department: row.department,
        });
        return;
      }
      if (plan.action === 'update' && plan.report) {
        remember(
          roster,
          await applyRosterUpdate(ctx, plan.report, row, plan.addedStates, (tx) => record(tx, row, 'updated')),
        );
        return;
      }
      if (plan.action === 'unchanged') {
        await recordRosterRow(db, importId, row.row, 'unchanged');
        return;
      }
      await fail(row, plan.errors.map((e) => e.message).join('; '));
    } catch (err) {
      if (err instanceof RowAlreadyRecorded) return;
      if (err instanceof AppError) await fail(row, err.message);
      else if (isUniqueViolation(err)) await fail(row, ROSTER_IMPORT_MESSAGES.idTaken);
      else throw err;
    }
  }

  try {
    const counted = new Set(job.doneRows);
    const remaining = job.rows.filter((row) => !counted.has(row.row));
    for (let from = 0; from < remaining.length; from += ROWS_AT_ONCE) {
      const batch = remaining.slice(from, from + ROWS_AT_ONCE);
      // Planned together: the batch's rows are different physicians, so none changes another's plan.
      const planned = batch.map((row) => ({ row, plan: planRosterRow(row, roster) }));
      // Short of credits, the first rows of the file get them, as importing one by one would give.
      const creates = planned.filter(({ plan }) => plan.action === 'create').length;
      const credits = await countReportCredits(db, workspaceId);
      if (credits === null || credits >= creates)
        await Promise.all(planned.map(({ row, plan }) => importRow(row, plan)));
      else for (const { row, plan } of planned) await importRow(row, plan);
    }
    await db.update(rosterImport).set({ status: 'done', finishedAt: new Date() }).where(eq(rosterImport.id, importId));
  } catch (err) {
    ctx.log.error({ err, importId }, 'roster import interrupted');
    throw err;
  }
}
