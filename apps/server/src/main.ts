import { BRAND } from '@licensewatch/shared/brand';
import pino from 'pino';
import { buildApp } from './app.ts';
import { createContext } from './context.ts';
import { configureExclusionSources } from './modules/exclusions/exclusion-sources.ts';
import { enqueueFirstExclusionRefresh } from './modules/exclusions/ingest/enqueue-first-exclusion-refresh.ts';
import { BoardConfigError } from './modules/licensing/config/load-board-config.ts';
import { enqueueFirstIngest } from './modules/licensing/ingest/enqueue-first-ingest.ts';
import { openLicenseSources } from './modules/licensing/open-license-sources.ts';
import { openDatabase } from './platform/db/embedded-database.ts';
import { outliveDatabaseOutages } from './platform/db/outlive-database-outages.ts';
import { parseEnv, publicBaseUrl } from './platform/env.ts';
import { loadSecret } from './platform/security/load-secret.ts';
import { type DemoAccount, seedDemoAccounts } from './seed-demo.ts';
import { startWorker } from './worker.ts';

const ROLES = ['serve', 'worker', 'all'] as const;
type ProcessRole = (typeof ROLES)[number];

const role = (process.argv[2] ?? 'all') as ProcessRole;
if (!ROLES.includes(role)) {
  console.error(`Unknown role "${role}". Use one of: ${ROLES.join(', ')}.`);
  process.exit(1);
}

const env = parseEnv();
const log = pino({ level: env.LOG_LEVEL });
outliveDatabaseOutages(log);
const licensing = await openLicenseSources(env, { contactUrl: publicBaseUrl(env), log, ownsSimulatorPort: true }).catch(
  (err: unknown) => {
    // A bad LICENSE_SOURCES_FILE fails the start with one line per problem, like a bad env, before any
    // database is opened.
    if (!(err instanceof BoardConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  },
);
const database = await openDatabase(env, { shareRunning: false });
const ctx = await createContext({
  env,
  databaseUrl: database.url,
  secret: loadSecret(env),
  log,
  licensing: licensing.sources,
  exclusions: configureExclusionSources(env, licensing.simUrl),
});

let demo: DemoAccount[] = [];
if (database.embedded && env.NODE_ENV !== 'production' && (env.SEED_DEMO ?? true)) {
  demo = await seedDemoAccounts(ctx, env.DATA_DIR);
}

const app = role === 'worker' ? null : await buildApp(ctx);
if (app) await app.listen({ port: env.PORT, host: env.HOST });
if (role !== 'serve') {
  await startWorker(ctx);
  await enqueueFirstIngest(ctx);
  await enqueueFirstExclusionRefresh(ctx);
}

const lines = [`${BRAND.name} (${role}) is running${app ? ` at ${ctx.baseURL}` : ''}`];
lines.push(database.embedded ? `Database: embedded PGlite in ${env.DATA_DIR}` : 'Database: PostgreSQL (DATABASE_URL)');
lines.push(
  licensing.mode === 'simulator'
    ? `License sources: board simulator at ${licensing.simUrl} (${licensing.sources.boards.length} boards)`
    : `License sources: real boards (${licensing.sources.boards.length})`,
);
lines.push(ctx.mailer.transport === 'outbox' ? `Emails: dev outbox at ${ctx.baseURL}/dev/outbox` : 'Emails: SMTP');
lines.push(
  ctx.sms.transport === 'outbox' ? `SMS: dev outbox at ${ctx.baseURL}/dev/outbox (no TWILIO_*)` : 'SMS: Twilio',
);
lines.push(
  {
    stripe: 'Payments: Stripe',
    test: 'Payments: built-in test mode, no card is charged (set STRIPE_SECRET_KEY for Stripe)',
    off: 'Payments: off, free plans only (no STRIPE_SECRET_KEY)',
  }[ctx.billing.mode],
);
lines.push(
  ctx.env.SLACK_WEBHOOK_URL
    ? 'Contact form: messages posted to Slack'
    : `Contact form: messages stored as pending, not posted (no SLACK_WEBHOOK_URL)${env.NODE_ENV === 'production' ? '' : `; see ${ctx.baseURL}/api/dev/contact-messages`}`,
);
for (const a of demo) lines.push(`${a.name.padEnd(20)}: ${a.email} / ${a.password}`);
console.log(`\n${lines.map((l) => `  ${l}`).join('\n')}\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await app?.close();
  await ctx.close();
  await licensing.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
