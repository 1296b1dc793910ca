import pino from 'pino';
import type { CliCommand } from './cli/cli-command.ts';
import { parseEnv, publicBaseUrl } from './platform/env.ts';
import { loadSecret } from './platform/security/load-secret.ts';

// Commands and the server's modules are imported when needed (an operator's `users:plan` and the
// browser tests' plan changes need neither the boards nor the scheduled jobs): loading every
// command's modules first cost a third more CPU per call (README, Test it).
const usage = async () => {
  const { JOB_NAMES } = await import('./cli/run-job-command.ts');
  return `Usage: npm run cli -- <command> [options]

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
                                  read boards' bulk files (seed searches on look-up boards) into the registry now;
                                  --dry-run reads and compares only: what would change, nothing written
  sources:probe [--board ID|STATE] [--name "LAST, FIRST"]
                                  ask every board a machine reads for a known name (look-up boards) or the first
                                  rows of its bulk file (bulk boards), check each field, store ok / moved / changed /
                                  blocked / slow / unavailable; --name asks that name of every look-up board this once
  ledger:verify --workspace ID    check the workspace's compliance ledger entry by entry (its hash chain);
                                  exit 1 at the first changed or missing entry
  jobs:run <queue>                run a scheduled job now: ${JOB_NAMES.join(', ')}
                                  (weekly-reminders: this week's Monday email to everyone due, whatever the day)
  session                         run the commands a parent process sends over IPC (child_process.fork), one
                                  context for all, until it disconnects; not those that need the boards`;
};

const accountCommand = (name: 'createUserCommand' | 'setUserPlanCommand' | 'setOrganisationPlanCommand') =>
  (async (run) => (await import('./cli/account-commands.ts'))[name](run)) satisfies CliCommand;
const activeCommand = (active: boolean) =>
  (async (run) => (await import('./cli/account-commands.ts')).setUserActiveCommand(active)(run)) satisfies CliCommand;

/** Every command, by the name it is typed with (usage() says what each takes). */
const COMMANDS: Record<string, CliCommand> = {
  // createContext has applied the migrations.
  'db:migrate': async () => console.log('Migrations are up to date.'),
  'users:create': accountCommand('createUserCommand'),
  'users:plan': accountCommand('setUserPlanCommand'),
  'organisations:plan': accountCommand('setOrganisationPlanCommand'),
  'users:deactivate': activeCommand(false),
  'users:activate': activeCommand(true),
  ingest: async (run) => (await import('./cli/ingest-command.ts')).ingestCommand(run),
  'sources:probe': async (run) => (await import('./cli/probe-sources-command.ts')).probeSourcesCommand(run),
  'jobs:run': async (run) => (await import('./cli/run-job-command.ts')).runJobCommand(run),
  'ledger:verify': async (run) => (await import('./cli/verify-ledger-command.ts')).verifyLedgerCommand(run),
};

/** Only the licensing commands need the boards (and, in simulator mode, a simulator). */
const needsBoards = async (name: string, args: string[]) =>
  ['ingest', 'jobs:run', 'sources:probe'].includes(name) &&
  !(name === 'jobs:run' && (await import('./cli/run-job-command.ts')).JOBS_WITHOUT_BOARDS.includes(args[0] ?? ''));

const [command, ...rest] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help') {
  console.log(await usage());
  process.exit(command ? 0 : 1);
}
const run: CliCommand | undefined =
  command === 'session'
    ? async (session) =>
        (await import('./cli/command-session.ts')).commandSession(COMMANDS, async (name, args) =>
          (await needsBoards(name, args)) ? `${name} needs the boards: run it by itself.` : null,
        )(session)
    : COMMANDS[command];
if (!run) {
  console.error(`Unknown command "${command}".\n\n${await usage()}`);
  process.exit(1);
}

const env = parseEnv();
const log = pino({ level: 'warn' });
const { openDatabase } = await import('./platform/db/embedded-database.ts');
// Embedded PGlite belongs to one process: reach a running server through its socket instead.
const database = await openDatabase(env, { shareRunning: true });
const licensing = (await needsBoards(command, rest)) ? await openBoards() : null;
const { createContext } = await import('./context.ts');
const ctx = await createContext({
  env,
  databaseUrl: database.url,
  secret: loadSecret(env),
  log,
  licensing: licensing?.sources,
});

try {
  await run({ ctx, env, simUrl: licensing?.simUrl, args: rest });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await ctx.close();
  await licensing?.close();
  await database.close();
}

async function openBoards() {
  const { openLicenseSources } = await import('./modules/licensing/open-license-sources.ts');
  const { BoardConfigError } = await import('./modules/licensing/config/load-board-config.ts');
  return openLicenseSources(env, { contactUrl: publicBaseUrl(env), log, ownsSimulatorPort: false }).catch(
    async (err: unknown) => {
      // A bad LICENSE_SOURCES_FILE: the same lines as at server start, not a stack trace.
      if (!(err instanceof BoardConfigError)) throw err;
      console.error(err.message);
      await database.close();
      process.exit(1);
    },
  );
}
