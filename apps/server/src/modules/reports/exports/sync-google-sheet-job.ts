import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { createGoogleSheetsClient } from './google-sheets.ts';
import { syncReportGoogleSheet } from './sync-report-google-sheet.ts';

/** A failure throws, so pg-boss retries the job later with backoff. */
export async function syncGoogleSheetJob(
  ctx: Pick<Platform, 'db' | 'env' | 'log'>,
  { reportId }: Payload<'syncGoogleSheet'>,
): Promise<void> {
  const {
    GOOGLE_SERVICE_ACCOUNT_EMAIL: email,
    GOOGLE_SERVICE_ACCOUNT_KEY: key,
    GOOGLE_API_ROOT_URL,
    GOOGLE_DRIVE_FOLDER_ID,
  } = ctx.env;
  // Queued while configured, then the process restarted without the settings: nothing to sync to.
  if (!email || !key) return ctx.log.warn({ reportId }, 'Google Sheets is not configured; sync skipped');
  const client = createGoogleSheetsClient({
    email,
    key,
    rootUrl: GOOGLE_API_ROOT_URL,
    folderId: GOOGLE_DRIVE_FOLDER_ID,
  });
  const result = await syncReportGoogleSheet(ctx, client, reportId);
  if (result) ctx.log.info({ reportId, ...result }, 'report synced to its Google Sheet');
}
