import type { RosterRow, RosterUpload } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { rosterImport } from '../tables.ts';
import { checkRosterFile } from './check-roster-file.ts';
import { getRosterImport, type RosterImportRow } from './get-roster-import.ts';

/**
 * Checks the file again (whatever a preview said), stores its importable rows and queues the one
 * job that imports them. Rows with errors are left out and counted as skipped.
 */
export async function startRosterImport(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  acting: { workspaceId: string; userId: string },
  upload: RosterUpload,
): Promise<RosterImportRow> {
  const { db } = ctx;
  await requireActivePlan(db, acting.workspaceId);
  const { rows } = await checkRosterFile(db, acting.workspaceId, upload);
  const importable: RosterRow[] = rows.flatMap(({ checked, plan }) =>
    checked.value && plan && plan.action !== 'error' ? [checked.value] : [],
  );
  if (importable.length === 0)
    throw new AppError('ROSTER_NOTHING_TO_IMPORT', ROSTER_IMPORT_MESSAGES.nothingToImport, 400);
  const [{ id }] = (await db
    .insert(rosterImport)
    .values({
      workspaceId: acting.workspaceId,
      createdBy: acting.userId,
      fileName: upload.fileName,
      totalRows: importable.length,
      skippedRows: rows.length - importable.length,
      rows: importable,
    })
    .returning({ id: rosterImport.id })) as [{ id: string }];
  try {
    await ctx.jobs.send('rosterImport', { importId: id }, { singletonKey: id });
  } catch (err) {
    // Without its job the import would wait forever: say so instead.
    ctx.log.error({ err, importId: id }, 'could not queue the roster import');
    await db
      .update(rosterImport)
      .set({ status: 'failed', error: 'The import could not be queued. Try again.', finishedAt: new Date() })
      .where(eq(rosterImport.id, id));
  }
  return getRosterImport(db, acting.workspaceId, id);
}
