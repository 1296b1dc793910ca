import { parseArgs } from 'node:util';
import { ROLES } from '@licensewatch/shared/auth';
import pino from 'pino';
import { loadSecret } from './auth/load-secret.ts';
import { createContext } from './context.ts';
import { openDatabase } from './db/embedded-database.ts';
import { parseEnv } from './env.ts';
import { createUser } from './services/create-user.ts';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                      apply pending database migrations
  users:create --email E --password P [--name N] [--role admin|user] [--verified]
                                  create an account (verified: may sign in at once)`;

const [command, ...rest] = process.argv.slice(2);
if (!command || command === 'help' || command === '--help') {
  console.log(USAGE);
  process.exit(command ? 0 : 1);
}

const env = parseEnv();
// Embedded PGlite belongs to one process: reach a running server through its socket instead.
const database = await openDatabase(env, { shareRunning: true });
const ctx = await createContext({
  env,
  databaseUrl: database.url,
  secret: loadSecret(env),
  log: pino({ level: 'warn' }),
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
    default:
      throw new Error(`Unknown command "${command}".\n\n${USAGE}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await ctx.close();
  await database.close();
}
