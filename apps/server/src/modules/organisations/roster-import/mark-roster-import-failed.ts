import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { rosterImport } from '../tables.ts';

/**
 * The dead letter of roster-import (queues.ts): its retries are used up, so the import is over.
 * What it did stays done; a re-upload of the file imports the rest (re-import is idempotent).
 */
export async function markRosterImportFailed(db: Db, { importId }: Payload<'rosterImportFailed'>): Promise<void> {
  await db
    .update(rosterImport)
    .set({ status: 'failed', error: ROSTER_IMPORT_MESSAGES.importStopped, finishedAt: new Date() })
    .where(and(eq(rosterImport.id, importId), inArray(rosterImport.status, ['queued', 'running'])));
}
