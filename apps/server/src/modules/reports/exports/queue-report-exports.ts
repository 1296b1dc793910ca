import type { Platform } from '../../../platform/deps.ts';
import { airtableEnabled, googleSheetsEnabled } from '../../../platform/env.ts';

/**
 * Queues the Google Sheet and Airtable syncs of a report whose licenses were just updated, each
 * only when its provider is configured. singletonKey = report id: a sync already waiting covers
 * this one too, and the queue never runs two of one report at once (which could create two).
 */
export async function queueReportExports(ctx: Pick<Platform, 'env' | 'jobs'>, reportId: string): Promise<void> {
  if (googleSheetsEnabled(ctx.env)) await ctx.jobs.send('syncGoogleSheet', { reportId }, { singletonKey: reportId });
  if (airtableEnabled(ctx.env)) await ctx.jobs.send('syncAirtableBase', { reportId }, { singletonKey: reportId });
}
