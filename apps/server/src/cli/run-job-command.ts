import { rosterSummariesJob } from '../modules/alerts/roster-weekly/roster-summaries-job.ts';
import { queueSmsNotices } from '../modules/alerts/sms/queue-sms-notices.ts';
import { queueStatusAlerts } from '../modules/alerts/status/queue-status-alerts.ts';
import { verificationDueJob } from '../modules/alerts/verification-due/verification-due-job.ts';
import { weeklyRemindersJob } from '../modules/alerts/weekly/weekly-reminders-job.ts';
import { configureExclusionSources } from '../modules/exclusions/exclusion-sources.ts';
import { refreshExclusionLists } from '../modules/exclusions/ingest/refresh-exclusion-lists.ts';
import { listIngestWarnings } from '../modules/licensing/health/list-ingest-warnings.ts';
import { sourceHealthJob } from '../modules/licensing/health/source-health-job.ts';
import { describeUnknownValues } from '../modules/licensing/ingest/tally-unknown-values.ts';
import { runDailyRefresh } from '../modules/reports/update/run-daily-refresh.ts';
import type { CliCommand, CliRun } from './cli-command.ts';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Each scheduled job the CLI runs now, in this process, rather than queued for the workers. */
const JOBS: Record<string, (run: CliRun) => Promise<void>> = {
  'source-health': async ({ ctx }) => {
    if (!ctx.licensing) throw new Error('No license sources are configured.');
    for (const r of await sourceHealthJob(ctx)) {
      console.log(`${r.boardId}: ${r.available ? `available (${r.latencyMs} ms)` : `unavailable: ${r.error}`}`);
    }
    // What the boards published but no vocabulary knew, from each board's latest bulk-file run.
    for (const w of await listIngestWarnings(ctx.db)) {
      console.log(
        `${w.boardId}: last ingest ${w.status} (${w.finishedAt?.toISOString() ?? 'unfinished'}): ${describeUnknownValues(w.unknownValues)}`,
      );
    }
  },
  'daily-refresh': async ({ ctx }) => {
    if (!ctx.licensing) throw new Error('No license sources are configured.');
    const started = performance.now();
    const totals = await runDailyRefresh(ctx, {
      // As the workers' refresh does through the statusAlerts queue: the changes reach the owners now.
      alert: async (reportIds) => {
        let queued = 0;
        for (const reportId of reportIds) {
          const alerts = await queueStatusAlerts(ctx, reportId);
          queued += alerts.emails + alerts.sms;
        }
        return queued;
      },
    });
    for (const failure of totals.failures) console.error(failure);
    console.log(
      `Refreshed ${plural(totals.reports, 'report')} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${plural(totals.checked, 'license')} checked at their boards, ${plural(totals.events, 'change')} recorded, ` +
        `${plural(totals.attached, 'license')} newly attached, ${plural(totals.failures.length, 'check')} failed, ` +
        `${plural(totals.alerts, 'status-change alert')} queued.`,
    );
  },
  'weekly-reminders': async ({ ctx }) => {
    // Here and now, whatever the day: each user due gets this week's email once (a second run
    // in the same week, or Monday's scheduled run after it, sends nothing more).
    const { queued, sent, skipped } = await weeklyRemindersJob(ctx, { ignoreTime: true, drainAll: true });
    console.log(`Queued ${queued}, sent ${sent}, nothing to say for ${skipped}`);
  },
  'sms-notices': async ({ ctx }) => {
    // Queued in the outbox; a running worker (or, without Twilio, the dev outbox) takes them from there.
    const queued = await queueSmsNotices(ctx);
    console.log(`Queued ${queued} SMS renewal notice${queued === 1 ? '' : 's'}.`);
  },
  'roster-summaries': async ({ ctx }) => {
    // This week's roster summary of every organisation, now, whatever the day; once per member and week.
    const { organisations, sent } = await rosterSummariesJob(ctx);
    console.log(
      `Sent ${sent} roster summar${sent === 1 ? 'y' : 'ies'} for ${organisations} organisation${organisations === 1 ? '' : 's'}.`,
    );
  },
  'refresh-exclusions': async ({ ctx, env, simUrl }) => {
    // The LEIE full file and new supplements read, then every report screened (docs/exclusions.md).
    const refreshed = await refreshExclusionLists({ ...ctx, exclusions: configureExclusionSources(env, simUrl) });
    if (!refreshed) return;
    const { full, supplements, screening } = refreshed;
    console.log(
      `LEIE: ${full.rowsRead} rows read, ${full.rowsUpserted} changed, ${full.rowsRejected} rejected, ` +
        `${full.delisted} delisted; ${supplements.length} supplement(s) read; ` +
        `${screening.screened} reports screened, ${screening.added} new match(es).`,
    );
    for (const r of full.rejections.slice(0, 20)) console.error(`  line ${r.row}: ${r.reason}`);
    // A running worker tells the new matches and reinstatements.
    await ctx.jobs.send('exclusionAlerts', {});
  },
  'verification-due': async ({ ctx }) => {
    // Licenses verified by hand whose newest check is 30 days old: each told once (email and webhook).
    const { verifications, emails, webhooks } = await verificationDueJob(ctx);
    console.log(
      `${verifications} verification${verifications === 1 ? '' : 's'} by hand due: ${emails} email${emails === 1 ? '' : 's'} and ${webhooks} webhook${webhooks === 1 ? '' : 's'} queued.`,
    );
  },
};

/** The jobs that read no board: the CLI opens the license sources (and a simulator) only for the others. */
export const JOBS_WITHOUT_BOARDS = ['weekly-reminders', 'roster-summaries', 'sms-notices'];

export const JOB_NAMES = Object.keys(JOBS);

/** jobs:run <queue> */
export const runJobCommand: CliCommand = async (run) => {
  const job = JOBS[run.args[0] ?? ''];
  if (!job) throw new Error(`Unknown job "${run.args[0] ?? ''}". Jobs: ${JOB_NAMES.join(', ')}.`);
  await job({ ...run, args: run.args.slice(1) });
};
