import type { AppContext } from './context.ts';
import { requestPasswordResetJob } from './modules/accounts/request-password-reset-job.ts';
import { queueExclusionAlertsJob } from './modules/alerts/exclusions/queue-exclusion-alerts-job.ts';
import { rosterSummariesJob } from './modules/alerts/roster-weekly/roster-summaries-job.ts';
import { queueSmsNoticesJob } from './modules/alerts/sms/queue-sms-notices-job.ts';
import { queueStatusAlertsJob } from './modules/alerts/status/queue-status-alerts-job.ts';
import { verificationDueJob } from './modules/alerts/verification-due/verification-due-job.ts';
import { weeklyRemindersJob } from './modules/alerts/weekly/weekly-reminders-job.ts';
import { deliverContactMessageJob } from './modules/contact/deliver-contact-message-job.ts';
import { resumeContactDeliveries } from './modules/contact/resume-contact-deliveries.ts';
import { checkSamExclusions } from './modules/exclusions/check-sam-exclusions.ts';
import { refreshExclusionListsJob } from './modules/exclusions/ingest/refresh-exclusion-lists-job.ts';
import { sourceHealthJob } from './modules/licensing/health/source-health-job.ts';
import { ingestBoardJob } from './modules/licensing/ingest/ingest-board-job.ts';
import { markInterruptedIngestRuns } from './modules/licensing/ingest/mark-interrupted-ingest-runs.ts';
import { reingestBulkFilesJob } from './modules/licensing/ingest/reingest-bulk-files-job.ts';
import { seedLookupBoardJob } from './modules/licensing/ingest/seed-lookup-board-job.ts';
import { markRosterImportFailed } from './modules/organisations/roster-import/mark-roster-import-failed.ts';
import { rosterImportJob } from './modules/organisations/roster-import/roster-import-job.ts';
import { syncAirtableBaseJob } from './modules/reports/exports/sync-airtable-base-job.ts';
import { syncGoogleSheetJob } from './modules/reports/exports/sync-google-sheet-job.ts';
import { dailyRefreshJob } from './modules/reports/update/daily-refresh-job.ts';
import { refreshBoardJob } from './modules/reports/update/refresh-board-job.ts';
import { refreshReportJob } from './modules/reports/update/refresh-report-job.ts';
import { refreshReportsJob } from './modules/reports/update/refresh-reports-job.ts';
import { resumeReportUpdates } from './modules/reports/update/resume-report-updates.ts';
import { updateReportJob } from './modules/reports/update/update-report-job.ts';
import { deliverWebhookJob } from './modules/webhooks/delivery/deliver-webhook-job.ts';
import { dispatchWebhooks } from './modules/webhooks/delivery/dispatch-webhooks.ts';
import { pruneEvents } from './modules/webhooks/events/prune-events.ts';
import { queueExpiredLicenses, queueExpiringLicenses } from './modules/webhooks/events/queue-expiring-licenses.ts';
import { deliverMessageJob } from './platform/outbox/deliver-message-job.ts';
import { resumeOutboundMessages } from './platform/outbox/resume-outbound-messages.ts';

/** The `worker` role: job handlers. pg-boss owns polling, retries and stopping. */
export async function startWorker(ctx: AppContext): Promise<void> {
  // A worker killed mid-ingest left its runs 'running'; a starting worker is the first to know.
  await markInterruptedIngestRuns(ctx);
  await ctx.jobs.work('deliverEmail', (payload) => deliverMessageJob(ctx, payload));
  await ctx.jobs.work('deliverSms', (payload) => deliverMessageJob(ctx, payload));
  await ctx.jobs.work('resumeOutbound', async () => {
    await resumeOutboundMessages(ctx);
  });
  await ctx.jobs.work('requestPasswordReset', (payload) => requestPasswordResetJob(ctx, payload));
  await ctx.jobs.work('deliverContactMessage', (payload) => deliverContactMessageJob(ctx, payload));
  await ctx.jobs.work('sourceHealth', async () => {
    await sourceHealthJob(ctx);
  });
  await ctx.jobs.work('ingestBoard', (payload) => ingestBoardJob(ctx, payload));
  // Each seed searches one board at a time; several boards (different servers) run side by side
  // so a fresh registry covers every jurisdiction within a minute.
  await ctx.jobs.work('seedLookupBoard', (payload) => seedLookupBoardJob(ctx, payload), { workers: 4 });
  await ctx.jobs.work('reingestBulkFiles', () => reingestBulkFilesJob(ctx));
  // Several reports update side by side; each spends most of its time waiting on boards.
  await ctx.jobs.work('updateReport', (payload) => updateReportJob(ctx, payload), { workers: 4 });
  await ctx.jobs.work('dailyRefresh', async () => {
    await dailyRefreshJob(ctx);
  });
  await ctx.jobs.work('refreshReport', (payload) => refreshReportJob(ctx, payload), { workers: 2 });
  // The daily refresh's chunks: boards (each asked two at a time, mostly waiting on the board) side
  // by side; ranges of reports (matching in this process's one thread, and the database) fewer.
  await ctx.jobs.work('refreshBoard', (payload) => refreshBoardJob(ctx, payload), { workers: 8 });
  await ctx.jobs.work('refreshReports', (payload) => refreshReportsJob(ctx, payload), { workers: 2 });
  await ctx.jobs.work('smsNotices', async () => {
    await queueSmsNoticesJob(ctx);
  });
  await ctx.jobs.work('statusAlerts', (payload) => queueStatusAlertsJob(ctx, payload));
  await ctx.jobs.work('syncGoogleSheet', (payload) => syncGoogleSheetJob(ctx, payload));
  await ctx.jobs.work('syncAirtableBase', (payload) => syncAirtableBaseJob(ctx, payload));
  await ctx.jobs.work('weeklyReminders', async () => {
    await weeklyRemindersJob(ctx);
  });
  await ctx.jobs.work('rosterSummaries', async () => {
    await rosterSummariesJob(ctx);
  });
  await ctx.jobs.work('rosterImport', (payload) => rosterImportJob(ctx, payload));
  await ctx.jobs.work('rosterImportFailed', (payload) => markRosterImportFailed(ctx.db, payload));
  // Updates a stopped worker left half done go on now, not when pg-boss expires their jobs.
  await resumeReportUpdates(ctx);
  await resumeContactDeliveries(ctx);
  await resumeOutboundMessages(ctx);
  // The scheduled queues' cron is in queues.ts: every process's job queue declares it at its start.
  // The nightly bulk-file ingest's queue was 'reingest-rosters' before it was renamed. pg-boss keeps
  // schedules by queue name, so a database from before still holds that name's nightly schedule,
  // whose jobs no worker takes any more: it goes, with the old queue. Once every database has had a
  // worker of this version start, the line may go too.
  await ctx.jobs.retire('reingest-rosters');
  // Webhooks (ADR 021): each POST waits on a customer's server, so several run side by side.
  await ctx.jobs.work('deliverWebhook', (payload) => deliverWebhookJob(ctx, payload), { workers: 4 });
  await ctx.jobs.work('dispatchWebhooks', async () => {
    await dispatchWebhooks(ctx);
  });
  await ctx.jobs.work('webhookExpiring', async () => {
    await queueExpiringLicenses(ctx);
    await queueExpiredLicenses(ctx);
    // Daily too: the events feed keeps 30 days.
    await pruneEvents(ctx);
    await ctx.jobs.send('dispatchWebhooks', {});
  });
  await ctx.jobs.work('refreshExclusions', () => refreshExclusionListsJob(ctx));
  await ctx.jobs.work('samChecks', async () => {
    // The day's request budget (SAM_DAILY_REQUESTS) is what bounds it, counted in the database.
    await checkSamExclusions(ctx, { reportIds: null });
  });
  await ctx.jobs.work('verificationDue', async () => {
    await verificationDueJob(ctx);
  });
  await ctx.jobs.work('exclusionAlerts', () => queueExclusionAlertsJob(ctx));
}
