import type { RosterRow, RosterRowFailure } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { eq, sql } from 'drizzle-orm';
import { rosterImport } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { countReportCredits } from '../../plans/count-report-credits.ts';
import { createReport } from '../../reports/create-report.ts';
import { applyRosterUpdate } from './apply-roster-update.ts';
import { type ExistingReport, loadRoster, planRosterRow, type Roster, type RowPlan } from './plan-roster-rows.ts';
import { nameKey } from './validate-roster-rows.ts';

type Outcome = 'created' | 'updated' | 'unchanged' | 'failed';

const remember = (roster: Roster, r: ExistingReport) => {
  if (r.externalId) roster.byId.set(r.externalId.toLowerCase(), r);
  if (r.npi) roster.byNpi.set(r.npi, r);
  roster.byName.set(nameKey(r.firstName, r.middleName, r.lastName, r.licenseType), r);
};

const isUniqueViolation = (err: unknown): boolean =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || isUniqueViolation((err as { cause?: unknown }).cause));

/** Rows imported side by side: each waits mostly on the database, and the reports' updates run meanwhile. */
const ROWS_AT_ONCE = 10;

/**
 * Imports a stored upload's rows, ROWS_AT_ONCE at a time, from the last checkpoint on. Each row is
 * planned again against the reports as they are now, so a row a previous (killed) run already
 * imported is found and left unchanged: a retry, like a re-import of the same file, creates nothing
 * twice. Rows imported side by side are different physicians (the file's duplicates are refused
 * before the import); a batch the workspace's report credits do not cover goes row by row, so that
 * the credits go to the file's first rows. A new report goes through createReport, the same code as POST /reports (plan,
 * tracked-license limit, one credit, its update queued — every state in one step, nobody watches
 * an imported report state by state); a row it refuses (out of credits, over the limit) is recorded
 * as failed and the import goes on, keeping what it has done.
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

  async function importRow(
    row: RosterRow,
    plan: RowPlan,
  ): Promise<{ outcome: Outcome; failure: RosterRowFailure | null }> {
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
          { npi: row.npi, externalId: row.externalId, department: row.department },
          { allAtOnce: true },
        );
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
        return { outcome: 'created', failure: null };
      }
      if (plan.action === 'update' && plan.report) {
        remember(roster, await applyRosterUpdate(ctx, plan.report, row, plan.addedStates));
        return { outcome: 'updated', failure: null };
      }
      if (plan.action === 'unchanged') return { outcome: 'unchanged', failure: null };
      return { outcome: 'failed', failure: { row: row.row, message: plan.errors.map((e) => e.message).join('; ') } };
    } catch (err) {
      if (err instanceof AppError) return { outcome: 'failed', failure: { row: row.row, message: err.message } };
      if (isUniqueViolation(err))
        return { outcome: 'failed', failure: { row: row.row, message: ROSTER_IMPORT_MESSAGES.idTaken } };
      throw err;
    }
  }

  try {
    for (let from = job.processedRows; from < job.rows.length; from += ROWS_AT_ONCE) {
      const batch = job.rows.slice(from, from + ROWS_AT_ONCE);
      // Planned together: the batch's rows are different physicians, so none changes another's plan.
      const planned = batch.map((row) => ({ row, plan: planRosterRow(row, roster) }));
      // Short of credits, the first rows of the file get them, as importing one by one would give.
      const creates = planned.filter(({ plan }) => plan.action === 'create').length;
      const credits = await countReportCredits(db, workspaceId);
      const results: Awaited<ReturnType<typeof importRow>>[] = [];
      if (credits === null || credits >= creates)
        results.push(...(await Promise.all(planned.map(({ row, plan }) => importRow(row, plan)))));
      else for (const { row, plan } of planned) results.push(await importRow(row, plan));
      const counted = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
      const failures = results.flatMap((r) => (r.failure ? [r.failure] : []));
      // The checkpoint: a retried job starts after this batch.
      await db
        .update(rosterImport)
        .set({
          processedRows: from + batch.length,
          createdCount: sql`${rosterImport.createdCount} + ${counted('created')}`,
          updatedCount: sql`${rosterImport.updatedCount} + ${counted('updated')}`,
          unchangedCount: sql`${rosterImport.unchangedCount} + ${counted('unchanged')}`,
          failedCount: sql`${rosterImport.failedCount} + ${counted('failed')}`,
          ...(failures.length > 0
            ? { failures: sql`${rosterImport.failures} || ${JSON.stringify(failures)}::jsonb` }
            : {}),
        })
        .where(eq(rosterImport.id, importId));
    }
    await db.update(rosterImport).set({ status: 'done', finishedAt: new Date() }).where(eq(rosterImport.id, importId));
  } catch (err) {
    ctx.log.error({ err, importId }, 'roster import interrupted');
    throw err;
  }
}
