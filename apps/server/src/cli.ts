import { parseArgs } from 'node:util';
import { ROLES } from '@licensewatch/shared/accounts';
import { PLAN_NAMES, type PlanName } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { createContext } from './context.ts';
import { createUser } from './modules/accounts/create-user.ts';
import { setUserActive } from './modules/accounts/set-user-active.ts';
import { rosterSummariesJob } from './modules/alerts/roster-weekly/roster-summaries-job.ts';
import { queueSmsNotices } from './modules/alerts/sms/queue-sms-notices.ts';
import { queueStatusAlerts } from './modules/alerts/status/queue-status-alerts.ts';
import { verificationDueJob } from './modules/alerts/verification-due/verification-due-job.ts';
import { weeklyRemindersJob } from './modules/alerts/weekly/weekly-reminders-job.ts';
import { configureExclusionSources } from './modules/exclusions/exclusion-sources.ts';
import { refreshExclusionLists } from './modules/exclusions/ingest/refresh-exclusion-lists.ts';
import { BoardConfigError } from './modules/licensing/config/load-board-config.ts';
import { describeSourceFailure } from './modules/licensing/describe-source-failure.ts';
import { describeBoardProbe } from './modules/licensing/health/describe-board-probe.ts';
import { listIngestWarnings } from './modules/licensing/health/list-ingest-warnings.ts';
import { probeBoards } from './modules/licensing/health/probe-boards.ts';
import { sourceHealthJob } from './modules/licensing/health/source-health-job.ts';
import { findBoardsToIngest } from './modules/licensing/ingest/find-boards-to-ingest.ts';
import { ingestBoard } from './modules/licensing/ingest/ingest-board.ts';
import { seedLookupBoard } from './modules/licensing/ingest/seed-lookup-board.ts';
import { describeUnknownValues } from './modules/licensing/ingest/tally-unknown-values.ts';
import { openLicenseSources } from './modules/licensing/open-license-sources.ts';
import { assignPlan } from './modules/plans/assign-plan.ts';
import { runDailyRefresh } from './modules/reports/update/run-daily-refresh.ts';
import { openDatabase } from './platform/db/embedded-database.ts';
import { organisation, user } from './platform/db/schema.ts';
import { parseEnv, publicBaseUrl } from './platform/env.ts';
import { loadSecret } from './platform/security/load-secret.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                      apply pending database migrations
  users:create --email E --password P [--name N] [--role admin|user] [--verified]
                                  create an account (verified: may sign in at once)
  users:plan --email E --plan free|basic|premium|small|growth|enterprise [--until YYYY-MM-DD | --trial]
                                  put an account on a plan (paid access until the date, 30 days by default)
  organisations:plan --id ID --plan small|growth|enterprise|… [--until YYYY-MM-DD]
                                  put an organisation on a plan: business plans are sold by sales, not checkout
  users:deactivate --email E       sign the account out everywhere and refuse its sign-ins and API key
  users:activate --email E         let a deactivated account sign in and use its API key again
  ingest <STATE|BOARD_ID|all> [--dry-run]
                                  read board rosters (seed searches on look-up boards) into the registry now;
                                  --dry-run reads and compares only: what would change, nothing written
  sources:probe [--board ID|STATE] [--name "LAST, FIRST"]
                                  ask every board a machine reads for a known name (look-up boards) or its first
                                  roster rows (bulk boards), check each field, store ok / moved / changed / blocked /
                                  slow / unavailable; --name asks that name of every look-up board this once
  jobs:run <queue>                run a scheduled job now: source-health, daily-refresh, weekly-reminders, sms-notices, roster-summaries, refresh-exclusions, verification-due
                                  (weekly-reminders: this week's Monday email to everyone due, whatever the day)`;

/** --plan and --until as the plan commands take them: paid access until the day's end, 30 days by default. */
function planAndUntil(values: { plan?: string | undefined; until?: string | undefined }): {
  planName: PlanName;
  until: Date;
} {
  if (!values.plan) throw new Error('--plan is required');
  const planName = values.plan as PlanName;
  if (!PLAN_NAMES.includes(planName)) throw new Error(`--plan must be one of: ${PLAN_NAMES.join(', ')}`);
  const until = values.until ? new Date(`${values.until}T23:59:59Z`) : new Date(Date.now() + 30 * 86_400_000);
  if (Number.isNaN(until.getTime())) throw new Error('--until must be a date, YYYY-MM-DD');
  return { planName, until };
}

const [command, ...rest] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help') {
  console.log(USAGE);
  process.exit(command ? 0 : 1);
}

const env = parseEnv();
const log = pino({ level: 'warn' });
// Embedded PGlite belongs to one process: reach a running server through its socket instead.
const database = await openDatabase(env, { shareRunning: true });
// Only the licensing commands need the boards (and, in simulator mode, a simulator).
const licensing =
  ['ingest', 'jobs:run', 'sources:probe'].includes(command) &&
  !['weekly-reminders', 'roster-summaries', 'sms-notices'].includes(rest[0] ?? '')
    ? await openLicenseSources(env, { contactUrl: publicBaseUrl(env), log, ownsSimulatorPort: false }).catch(
        async (err: unknown) => {
          // A bad LICENSE_SOURCES_FILE: the same lines as at server start, not a stack trace.
          if (!(err instanceof BoardConfigError)) throw err;
          console.error(err.message);
          await database.close();
          process.exit(1);
        },
      )
    : null;
const ctx = await createContext({
  env,
  databaseUrl: database.url,
  secret: loadSecret(env),
  log,
  licensing: licensing?.sources,
});

try {
  switch (command) {
    case 'db:migrate':
      // createContext has applied them.
      console.log('Migrations are up to date.');
      break;
    case 'users:create': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          name: { type: 'string' },
          role: { type: 'string', default: 'user' },
          verified: { type: 'boolean', default: false },
        },
      });
      if (!values.email || !values.password) throw new Error('--email and --password are required');
      const role = values.role as (typeof ROLES)[number];
      if (!ROLES.includes(role)) throw new Error(`--role must be one of: ${ROLES.join(', ')}`);
      const created = await createUser(ctx.auth, ctx.db, {
        email: values.email,
        password: values.password,
        name: values.name,
        role,
        verified: values.verified,
      });
      console.log(`Created ${role} ${created.email} (id ${created.id})${values.verified ? ', verified' : ''}.`);
      break;
    }
    case 'users:plan': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          plan: { type: 'string' },
          until: { type: 'string' },
          trial: { type: 'boolean', default: false },
        },
      });
      if (!values.email) throw new Error('--email is required');
      const { planName, until } = planAndUntil(values);
      const [account] = await ctx.db.select({ id: user.id }).from(user).where(eq(user.email, values.email));
      if (!account) throw new Error(`No account has the email ${values.email}.`);
      await assignPlan(ctx.db, {
        userId: account.id,
        planName,
        trial: values.trial,
        endDate: until,
        reason: 'plan-change',
      });
      console.log(
        `${values.email} is on ${planName}${values.trial ? ' (trial)' : planName === 'free' ? '' : ` until ${until.toISOString().slice(0, 10)}`}.`,
      );
      break;
    }
    case 'organisations:plan': {
      const { values } = parseArgs({
        args: rest,
        options: { id: { type: 'string' }, plan: { type: 'string' }, until: { type: 'string' } },
      });
      if (!values.id) throw new Error('--id is required');
      const { planName, until } = planAndUntil(values);
      const [org] = await ctx.db
        .select({ id: organisation.id, name: organisation.name })
        .from(organisation)
        .where(eq(organisation.id, values.id));
      if (!org) throw new Error(`No organisation has the id ${values.id}.`);
      // The organisation's id is its workspace's: plans, credits and limits count there (ADR 019).
      await assignPlan(ctx.db, { userId: org.id, planName, trial: false, endDate: until, reason: 'plan-change' });
      console.log(
        `${org.name} is on ${planName}${planName === 'free' ? '' : ` until ${until.toISOString().slice(0, 10)}`}.`,
      );
      break;
    }
    case 'users:deactivate':
    case 'users:activate': {
      const { values } = parseArgs({ args: rest, options: { email: { type: 'string' } } });
      if (!values.email) throw new Error('--email is required');
      const active = command === 'users:activate';
      const done = await setUserActive(ctx.db, { email: values.email }, active);
      if (!done) throw new Error(`No account has the email ${values.email}.`);
      console.log(
        active
          ? `${values.email} is active: it may sign in and use its API key.`
          : `${values.email} is deactivated: ${done.sessionsRevoked} session(s) ended; sign-in and its API key are refused.`,
      );
      break;
    }
    case 'ingest': {
      const { values, positionals } = parseArgs({
        args: rest,
        allowPositionals: true,
        options: { 'dry-run': { type: 'boolean', default: false } },
      });
      const target = positionals[0];
      const dryRun = values['dry-run'];
      if (!target) throw new Error('Name what to ingest: a state (WA), a board id (wa-md) or all.');
      if (!ctx.licensing) throw new Error('No license sources are configured.');
      const boards = findBoardsToIngest(ctx.licensing, target);
      if (!boards) throw new Error(`"${target}" is not a configured state or board.`);
      for (const board of boards) {
        const started = performance.now();
        if (board.method === 'manual' || board.method === 'off') {
          console.log(
            `${board.id}: ${board.method === 'manual' ? 'verified by hand' : 'source off'}; nothing to read (${board.operatorNote ?? board.methodDetail})`,
          );
          continue;
        }
        try {
          const counts = await ingestBoard(ctx, ctx.licensing, board, { dryRun });
          if (!counts && dryRun) {
            console.log(`${board.id}: look-ups only; no roster to compare (dry run: no seed searches)`);
            continue;
          }
          if (!counts) {
            // No roster to read: the seed searches are what an ingest can do for this board.
            const seeded = await seedLookupBoard(ctx, ctx.licensing, board);
            console.log(
              `${board.id}: look-ups only; ${seeded?.searches ?? 0} seed searches (${seeded?.failedSearches ?? 0} failed), ` +
                `${seeded?.rowsRead ?? 0} read, ${seeded?.rowsUpserted ?? 0} new or changed, ${seeded?.eventsRecorded ?? 0} events`,
            );
            continue;
          }
          const seconds = (performance.now() - started) / 1000;
          const rate = `in ${seconds.toFixed(1)} s (${Math.round(counts.rowsRead / Math.max(seconds, 0.001))} rows/s)`;
          console.log(
            counts.dryRun
              ? `${board.id}: dry run, nothing written: ${counts.rowsRead} read, would insert ${counts.dryRun.wouldInsert}, ` +
                  `would update ${counts.dryRun.wouldUpdate}, ${counts.dryRun.unchanged} unchanged, ${counts.rowsRejected} rejected ${rate}`
              : `${board.id}: ${counts.rowsRead} read, ${counts.rowsUpserted} new or changed, ${counts.rowsRejected} rejected, ` +
                  `${counts.eventsRecorded} events, ${counts.licensesRemoved} no longer listed ${rate}`,
          );
          if (counts.removalsWithheld > 0) {
            console.warn(
              `${board.id}: warning: ${counts.removalsWithheld} licenses missing from the roster were not marked removed ` +
                '(rows were rejected, or too many are missing for a complete roster)',
            );
          }
          // Unknown wording is never silent: it names the words to add to the board's vocabulary.
          if (counts.unknownValues) {
            const line = `${board.id}: ${counts.status === 'failed' ? 'FAILED' : 'warning'}: ${counts.error ?? describeUnknownValues(counts.unknownValues)}`;
            if (counts.status === 'failed') console.error(line);
            else console.warn(line);
          }
          if (counts.status === 'failed') process.exitCode = 1;
        } catch (err) {
          console.error(`${board.id}: failed: ${describeSourceFailure(err)}`);
          process.exitCode = 1;
        }
      }
      break;
    }
    case 'sources:probe': {
      const { values } = parseArgs({
        args: rest,
        options: { board: { type: 'string' }, name: { type: 'string' } },
      });
      if (!ctx.licensing) throw new Error('No license sources are configured.');
      const boards = findBoardsToIngest(ctx.licensing, values.board ?? 'all');
      if (!boards) throw new Error(`"${values.board}" is not a configured state or board.`);
      // "LAST, FIRST" as boards print names; a name without a comma is a surname alone.
      const [lastName = '', firstName] = (values.name ?? '').split(',').map((part) => part.trim());
      if (values.name !== undefined && !lastName) throw new Error('--name must be "LAST, FIRST" or a last name');
      const { probes, skipped } = await probeBoards(ctx, ctx.licensing, boards, {
        name: values.name === undefined ? undefined : { lastName, firstName: firstName || undefined },
        onProbe: (probe) => console.log(describeBoardProbe(probe)),
      });
      for (const s of skipped)
        console.log(
          `${s.boardId}: ${s.method === 'manual' ? 'verified by hand' : 'source off'}; not probed (${s.detail})`,
        );
      // Not passed includes a probe that checked nothing: the board is not known to read as configured.
      const failed = probes.filter((p) => p.outcome !== 'ok');
      const summary = [
        probes.length === 0
          ? 'No board a machine reads was probed'
          : `${probes.length - failed.length} of ${probes.length} board${probes.length === 1 ? '' : 's'} passed`,
        ...(failed.length > 0
          ? [`not passed: ${failed.map((p) => `${p.boardId} (${p.outcome ?? 'not checked'})`).join(', ')}`]
          : []),
        ...(skipped.length > 0 ? [`${skipped.length} not read by a machine, skipped`] : []),
      ];
      console.log(`${summary.join('; ')}.`);
      if (failed.length > 0) process.exitCode = 1;
      break;
    }
    case 'jobs:run': {
      const queue = rest[0];
      if (queue === 'weekly-reminders') {
        // Here and now, whatever the day: each user due gets this week's email once (a second run
        // in the same week, or Monday's scheduled run after it, sends nothing more).
        const { queued, sent, skipped } = await weeklyRemindersJob(ctx, { ignoreTime: true, drainAll: true });
        console.log(`Queued ${queued}, sent ${sent}, nothing to say for ${skipped}`);
        break;
      }
      if (queue === 'roster-summaries') {
        // This week's roster summary of every organisation, now, whatever the day; once per member and week.
        const { organisations, sent } = await rosterSummariesJob(ctx);
        console.log(
          `Sent ${sent} roster summar${sent === 1 ? 'y' : 'ies'} for ${organisations} organisation${organisations === 1 ? '' : 's'}.`,
        );
        break;
      }
      if (queue === 'sms-notices') {
        // Queued in the outbox; a running worker (or, without Twilio, the dev outbox) takes them from there.
        const queued = await queueSmsNotices(ctx);
        console.log(`Queued ${queued} SMS renewal notice${queued === 1 ? '' : 's'}.`);
        break;
      }
      if (queue === 'verification-due') {
        // Licenses verified by hand whose newest check is 30 days old: each told once (email and webhook).
        const { verifications, emails, webhooks } = await verificationDueJob(ctx);
        console.log(
          `${verifications} verification${verifications === 1 ? '' : 's'} by hand due: ${emails} email${emails === 1 ? '' : 's'} and ${webhooks} webhook${webhooks === 1 ? '' : 's'} queued.`,
        );
        break;
      }
      if (queue === 'refresh-exclusions') {
        // The LEIE full file and new supplements read, then every report screened (docs/exclusions.md).
        const refreshed = await refreshExclusionLists({
          ...ctx,
          exclusions: configureExclusionSources(env, licensing?.simUrl),
        });
        if (refreshed) {
          const { full, supplements, screening } = refreshed;
          console.log(
            `LEIE: ${full.rowsRead} rows read, ${full.rowsUpserted} changed, ${full.rowsRejected} rejected, ` +
              `${full.delisted} delisted; ${supplements.length} supplement(s) read; ` +
              `${screening.screened} reports screened, ${screening.added} new match(es).`,
          );
          for (const r of full.rejections.slice(0, 20)) console.error(`  line ${r.row}: ${r.reason}`);
          // A running worker tells the new matches and reinstatements.
          await ctx.jobs.send('exclusionAlerts', {});
        }
        break;
      }
      if (!ctx.licensing) throw new Error('No license sources are configured.');
      if (queue === 'source-health') {
        for (const r of await sourceHealthJob(ctx)) {
          console.log(`${r.boardId}: ${r.available ? `available (${r.latencyMs} ms)` : `unavailable: ${r.error}`}`);
        }
        // What the boards published but no vocabulary knew, from each board's latest roster run.
        for (const w of await listIngestWarnings(ctx.db)) {
          console.log(
            `${w.boardId}: last ingest ${w.status} (${w.finishedAt?.toISOString() ?? 'unfinished'}): ${describeUnknownValues(w.unknownValues)}`,
          );
        }
      } else if (queue === 'daily-refresh') {
        // Here and now, in this process, rather than queued for the workers (run-daily-refresh.ts).
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
        const n = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
        console.log(
          `Refreshed ${n(totals.reports, 'report')} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
            `${n(totals.checked, 'license')} checked at their boards, ${n(totals.events, 'change')} recorded, ` +
            `${n(totals.attached, 'license')} newly attached, ${n(totals.failures.length, 'check')} failed, ` +
            `${n(totals.alerts, 'status-change alert')} queued.`,
        );
      } else {
        throw new Error(
          `Unknown job "${queue ?? ''}". Jobs: source-health, daily-refresh, weekly-reminders, sms-notices, roster-summaries, refresh-exclusions, verification-due.`,
        );
      }
      break;
    }
    default:
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await ctx.close();
  await licensing?.close();
  await database.close();
}
