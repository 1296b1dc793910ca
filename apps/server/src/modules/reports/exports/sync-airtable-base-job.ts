import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { createAirtableClient } from './airtable.ts';
import { syncReportAirtableBase } from './sync-report-airtable-base.ts';

/** A failure throws, so pg-boss retries the job later with backoff. */
export async function syncAirtableBaseJob(
  ctx: Pick<Platform, 'db' | 'env' | 'log'>,
  { reportId }: Payload<'syncAirtableBase'>,
): Promise<void> {
  const { AIRTABLE_TOKEN: token, AIRTABLE_WORKSPACE_ID: workspaceId, AIRTABLE_API_URL: apiUrl } = ctx.env;
  // Queued while configured, then the process restarted without the settings: nothing to sync to.
  if (!token || !workspaceId) return ctx.log.warn({ reportId }, 'Airtable is not configured; sync skipped');
  const client = createAirtableClient({ apiUrl, token, workspaceId });
  const result = await syncReportAirtableBase(ctx, client, reportId);
  if (result) ctx.log.info({ reportId, ...result }, 'report synced to its Airtable base');
}
