import type PgBoss from 'pg-boss';
import { z } from 'zod';

export type QueueDefinition = {
  name: string;
  payload: z.ZodType;
  options: Omit<PgBoss.Queue, 'name'>;
  /**
   * A running job's process renews its claim while it lives; a job not renewed for this long (its
   * worker was killed) is given to another worker at pg-boss's next maintenance, instead of after
   * `expireInSeconds`, which stays the most a single run may take. For long jobs someone waits on.
   */
  aliveSeconds?: number;
  /**
   * A cron expression in UTC: pg-boss sends one job of the queue at each tick, across all processes
   * (its payload `{}`). Kept in pg-boss's schedule table, which every process's queue start makes
   * say what is here (job-queue.ts): a schedule added, changed or removed here is so there.
   */
  cron?: string;
};

/**
 * The daily refresh starts at 06:00 UTC, two hours after the nightly bulk-file ingest, so re-matching
 * sees tonight's bulk files: the hour a report's next check is told at (next-check-at.ts).
 */
export const DAILY_REFRESH_HOUR_UTC = 6;

/** Every queue: its name, payload schema and retry policy. Handlers live beside, one per file. */
export const QUEUES = {
  deliverEmail: {
    name: 'deliver-email',
    payload: z.object({ messageId: z.string() }),
    // Backoff from 30 s, about a day in all: an SMTP outage delays mail, it does not lose it.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  deliverSms: {
    name: 'deliver-sms',
    payload: z.object({ messageId: z.string() }),
    // As deliver-email: a Twilio outage delays an SMS, it does not lose it.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  resumeOutbound: {
    name: 'resume-outbound',
    payload: z.object({}),
    // Every 5 minutes: paused alert emails once resumed, and messages whose delivery job gave up.
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 240 },
    cron: '*/5 * * * *',
  },
  weeklyReminders: {
    name: 'weekly-reminders',
    payload: z.object({}),
    // Every 15 minutes: queues the Monday email of each user whose local Monday send time has
    // come (weekly_reminder rows, one per user-week), then drains what is queued. Re-running is
    // harmless. A worker that dies mid-drain hands its run on 30–40 s later (`aliveSeconds`), by
    // when its batch's claim has lapsed too (send-weekly-reminders.ts), retried from 30 s.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 30, expireInSeconds: 900 },
    aliveSeconds: 20,
    // Every 15 minutes, because "Monday at WEEKLY_REMINDER_TIME" comes at a different moment in each
    // user's zone; the job queues only those whose moment has come, once per week.
    cron: '*/15 * * * *',
  },
  smsNotices: {
    name: 'sms-notices',
    payload: z.object({}),
    // Daily: the SMS renewal notices due today (each user's notice days; by default 90, 60, 30, 14,
    // 7 and 3 days before expiry and on the day),
    // each deduplicated per license, day and phone, so a retry or a second run sends nothing more.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
    // 16:00 UTC is 08:00 (winter) or 09:00 (summer) in Los Angeles, later further east: texts arrive
    // in the morning across the US. Each user's "today" is their own zone's (queue-sms-notices.ts).
    cron: '0 16 * * *',
  },
  statusAlerts: {
    name: 'status-alerts',
    payload: z.object({ reportId: z.string() }),
    // Sent at the end of each report's refresh: alerts for its licenses' new license events, once per event.
    options: { policy: 'short', retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  },
  requestPasswordReset: {
    name: 'request-password-reset',
    payload: z.object({ email: z.string() }),
    // The forgot-password form answers before the account is even looked up; this makes the
    // token and stores the email (then deliver-email sends it). Quick retries: someone is waiting.
    options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  },
  deliverContactMessage: {
    name: 'deliver-contact-message',
    payload: z.object({ messageId: z.string() }),
    // As deliver-email: backoff from 30 s over about a day; a Slack outage delays a message, never loses it.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
  sourceHealth: {
    name: 'source-health',
    payload: z.object({}),
    // Scheduled every 5 minutes: no retries, and 'stately' keeps a slow run from piling up more.
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 240 },
    cron: '*/5 * * * *',
  },
  ingestBoard: {
    name: 'ingest-board',
    payload: z.object({ boardId: z.string() }),
    // Sent with singletonKey = boardId: at most one queued and one running ingest per board.
    // A large board's whole bulk file takes minutes; a failed one is retried later, not at once.
    options: { policy: 'stately', retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 3600 },
  },
  seedLookupBoard: {
    name: 'seed-lookup-board',
    payload: z.object({ boardId: z.string() }),
    // Sent once per look-up-only board on a fresh registry, singletonKey = boardId. A board that
    // answered none of its searches is asked again 10 minutes later, then less and less often.
    options: { policy: 'stately', retryLimit: 3, retryDelay: 600, retryBackoff: true, expireInSeconds: 1800 },
  },
  reingestBulkFiles: {
    // Called 'reingest-rosters' before; a worker removes that name's schedule and queue (worker.ts).
    name: 'reingest-bulk-files',
    payload: z.object({}),
    // Scheduled nightly; it only queues one ingest-board per board with a bulk file, so a retry is cheap.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 300 },
    // Bulk files change daily; 04:00 UTC is night across the US.
    cron: '0 4 * * *',
  },
  refreshExclusions: {
    name: 'refresh-exclusions',
    payload: z.object({}),
    // Weekly, and once on a database that has never read the lists: the LEIE full file, its new
    // supplements, then every report screened (docs/exclusions.md). A failed download retries
    // from 30 s on, doubling, over about half an hour; reports keep their last check meanwhile,
    // shown as stale. A worker killed mid-refresh hands it on 30–40 s after its death
    // (`aliveSeconds`), not after the 30-minute expiry (measured in test/crash-recovery.test.ts).
    options: { policy: 'stately', retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
    aliveSeconds: 20,
    // Sundays: the OIG publishes the LEIE monthly; read weekly, a new month's list is in within a week.
    cron: '0 5 * * 0',
  },
  exclusionAlerts: {
    name: 'exclusion-alerts',
    payload: z.object({}),
    // Sent after a screening that found matches or an ingest that recorded reinstatements, and every
    // 15 minutes as a catch-all: each match is told once (queue-exclusion-alerts.ts).
    options: { policy: 'stately', retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
    cron: '*/15 * * * *',
  },
  samChecks: {
    name: 'sam-checks',
    payload: z.object({}),
    // Daily: SAM.gov's exclusions for the physicians whose check is oldest, within the day's request
    // budget (SAM_DAILY_REQUESTS); each physician at most once a day (check-sam-exclusions.ts).
    options: { policy: 'stately', retryLimit: 1, retryDelay: 3600, expireInSeconds: 3600 },
    // After the nightly refresh; each physician's SAM check is at most a day old where the quota allows.
    cron: '0 7 * * *',
  },
  updateReport: {
    name: 'update-report',
    // allAtOnce: every state in one step (a roster import's reports), not state by state.
    payload: z.object({ reportId: z.string(), allAtOnce: z.boolean().optional() }),
    // Sent with singletonKey = reportId: at most one waiting per report ('short'); a second run
    // alongside a running one is harmless, it only does the states still pending. A whole report
    // takes seconds; 15 minutes is the most one run may take (slow real boards). Someone watches
    // its progress, so a worker that dies mid-update must not hold it for those 15 minutes:
    // `aliveSeconds` hands it to another worker 30–40 s after its death (job-queue.ts; measured
    // in test/scale-out.test.ts), the first retry coming 5–10 s after the expiry rather than
    // 30–60 s (8 retries from 5 s span about as long as 5 from 30 s did: a database outage is
    // still waited out for 20–40 minutes).
    options: { policy: 'short', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 900 },
    aliveSeconds: 20,
  },
  dailyRefresh: {
    name: 'daily-refresh',
    payload: z.object({}),
    // Scheduled daily; it only plans the run and queues its chunks (a retry resumes the run it planned).
    options: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    cron: `0 ${DAILY_REFRESH_HOUR_UTC} * * *`,
  },
  refreshBoard: {
    name: 'refresh-board',
    payload: z.object({ runId: z.string(), boardId: z.string() }),
    // One per look-up board and run, singletonKey = run:board; the chunk row is claimed while the
    // job's process lives (claim-refresh-chunk.ts), so a duplicate does nothing. A board with
    // thousands of tracked licenses, asked two at a time, takes minutes on a slow real board: an
    // hour is the most one run may take, but a worker that dies hands the chunk on 30–40 s later
    // (`aliveSeconds`; measured in test/crash-recovery.test.ts), retried from 30 s.
    options: { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
    aliveSeconds: 20,
  },
  refreshReports: {
    name: 'refresh-reports',
    payload: z.object({ runId: z.string(), key: z.string() }),
    // One per range of report ids and run (singletonKey = run:key), queued once every board of the
    // run was asked; claimed and handed on like refresh-board. A chunk takes seconds; retried from 30 s.
    options: { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 1800 },
    aliveSeconds: 20,
  },
  refreshReport: {
    name: 'refresh-report',
    payload: z.object({ reportId: z.string() }),
    // One report refreshed on its own (the daily refresh works in chunks instead), singletonKey =
    // reportId. A failed refresh waits for boards to recover rather than retrying at once.
    options: { policy: 'short', retryLimit: 2, retryDelay: 600, retryBackoff: true, expireInSeconds: 900 },
  },
  syncGoogleSheet: {
    name: 'sync-google-sheet',
    payload: z.object({ reportId: z.string() }),
    // singletonKey = reportId; 'stately' keeps one waiting and one running per report, never two
    // running (two first syncs would create two spreadsheets). Backoff from a minute over about
    // a day: a Google outage delays the link, it never loses it.
    options: { policy: 'stately', retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 },
  },
  syncAirtableBase: {
    name: 'sync-airtable-base',
    payload: z.object({ reportId: z.string() }),
    // As sync-google-sheet. A 429 is waited out inside the job (30 s each, a few times), hence the longer expiry.
    options: { policy: 'stately', retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  },
  deliverWebhook: {
    name: 'deliver-webhook',
    payload: z.object({ deliveryId: z.string() }),
    // One POST (10 s at most); no pg-boss retries: a failed delivery's next try is its row's
    // next_attempt_at (modules/webhooks, ADR 021), which dispatch-webhooks sends when due.
    options: { retryLimit: 0, expireInSeconds: 60 },
  },
  dispatchWebhooks: {
    name: 'dispatch-webhooks',
    payload: z.object({}),
    // Every minute, and after a report's update: status changes fanned out to webhook deliveries,
    // then a deliver-webhook job for each delivery due. 'stately': one waiting, one running.
    options: { policy: 'stately', retryLimit: 0, expireInSeconds: 240 },
    cron: '* * * * *',
  },
  webhookExpiring: {
    name: 'webhook-expiring',
    payload: z.object({}),
    // Daily: license.expiring deliveries on each workspace's notice days, each once per license, threshold and expiry.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
    // After the nightly refresh (06:00 UTC) has brought today's expiry dates.
    cron: '0 9 * * *',
  },
  verificationDue: {
    name: 'verification-due',
    payload: z.object({}),
    // Daily: licenses verified by hand whose newest check is 30 days old, each verification told once
    // (its due_alerted_at and the emails' dedupe keys), so a retry or a second run sends nothing more.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
    // 15:00 UTC: the morning across the US, when the credentialing team can check the boards' look-ups.
    cron: '0 15 * * *',
  },
  rosterSummaries: {
    name: 'roster-summaries',
    payload: z.object({}),
    // Mondays: every organisation's weekly roster summary to its owner and admins, each email
    // deduplicated per organisation, member and week, so a retry or a second run sends nothing more.
    options: { policy: 'stately', retryLimit: 2, retryDelay: 300, expireInSeconds: 900 },
    // 15:00 UTC: 07:00 (winter) or 08:00 (summer) in Los Angeles, the organisations' admins find
    // their roster summary at the start of the week.
    cron: '0 15 * * 1',
  },
  // Declared before roster-import, whose dead letter it is (pg-boss refers to it by name).
  rosterImportFailed: {
    name: 'roster-import-failed',
    payload: z.object({ importId: z.string() }),
    // A roster-import job whose retries are used up lands here: the import is marked failed, so the
    // page stops showing a bar that will never move.
    options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  },
  rosterImport: {
    name: 'roster-import',
    payload: z.object({ importId: z.string() }),
    // One per upload (singletonKey = import id). It resumes from its stored checkpoint, so a retry
    // after a worker's death redoes nothing; 5,000 rows take minutes, someone watches the bar.
    options: {
      policy: 'short',
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 1800,
      deadLetter: 'roster-import-failed',
    },
    aliveSeconds: 20,
  },
} as const satisfies Record<string, QueueDefinition>;

export type QueueKey = keyof typeof QUEUES;
export type Payload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]['payload']>;
