import type { RosterRowFailure } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { eq, sql } from 'drizzle-orm';
import { rosterImport } from '../../../platform/db/schema.ts';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { createReport } from '../../reports/create-report.ts';
import { applyRosterUpdate } from './apply-roster-update.ts';
import { type ExistingReport, loadRoster, planRosterRow, type Roster } from './plan-roster-rows.ts';
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

/**
 * Imports a stored upload's rows one by one, from the last checkpoint on. Each row is planned again
 * against the reports as they are now, so a row a previous (killed) run already imported is found
 * and left unchanged: a retry, like a re-import of the same file, creates nothing twice. A new
 * report goes through createReport, the same code as POST /reports (plan, tracked-license limit,
 * one credit, its update queued); a row it refuses (out of credits, over the limit) is recorded as
 * failed and the import goes on, keeping what it has done.
 */
export async function rosterImportJob(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  { importId }: Payload<'rosterImport'>,
): Promise<void> {
  const { db } = ctx;
  const [job] = await db.select().from(rosterImport).where(eq(rosterImport.id, importId));
  if (!job || job.status === 'done' || job.status === 'failed') return;
  await db.update(rosterImport).set({ status: 'running' }).where(eq(rosterImport.id, importId));
  const roster = await loadRoster(db, job.workspaceId);
  try {
    for (const [i, row] of job.rows.entries()) {
      if (i < job.processedRows) continue;
      const plan = planRosterRow(row, roster);
      let outcome: Outcome;
      let failure: RosterRowFailure | null = null;
      try {
        if (plan.action === 'create') {
          const created = await createReport(
            ctx,
            job.workspaceId,
            {
              firstName: row.firstName,
              middleName: row.middleName,
              lastName: row.lastName,
              licenseType: row.licenseType,
              states: row.states,
            },
            { npi: row.npi, externalId: row.externalId, department: row.department },
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
          outcome = 'created';
        } else if (plan.action === 'update' && plan.report) {
          remember(roster, await applyRosterUpdate(ctx, plan.report, row, plan.addedStates));
          outcome = 'updated';
        } else if (plan.action === 'unchanged') {
          outcome = 'unchanged';
        } else {
          outcome = 'failed';
          failure = { row: row.row, message: plan.errors.map((e) => e.message).join('; ') };
        }
      } catch (err) {
        if (err instanceof AppError) failure = { row: row.row, message: err.message };
        else if (isUniqueViolation(err)) failure = { row: row.row, message: ROSTER_IMPORT_MESSAGES.idTaken };
        else throw err;
        outcome = 'failed';
      }
      // The checkpoint: a retried job starts after this row.
      await db
        .update(rosterImport)
        .set({
          processedRows: i + 1,
          createdCount: sql`${rosterImport.createdCount} + ${outcome === 'created' ? 1 : 0}`,
          updatedCount: sql`${rosterImport.updatedCount} + ${outcome === 'updated' ? 1 : 0}`,
          unchangedCount: sql`${rosterImport.unchangedCount} + ${outcome === 'unchanged' ? 1 : 0}`,
          failedCount: sql`${rosterImport.failedCount} + ${outcome === 'failed' ? 1 : 0}`,
          ...(failure ? { failures: sql`${rosterImport.failures} || ${JSON.stringify([failure])}::jsonb` } : {}),
        })
        .where(eq(rosterImport.id, importId));
    }
    await db.update(rosterImport).set({ status: 'done', finishedAt: new Date() }).where(eq(rosterImport.id, importId));
  } catch (err) {
    ctx.log.error({ err, importId }, 'roster import interrupted');
    throw err;
  }
}
