import pg from 'pg';
import { fillTemplate, templateVersion } from './database-template.ts';

// On PostgreSQL (TEST_DATABASE_URL, CI's second integration run) each test file's database was
// created empty and migrated by its server's start: 1.5–2.5 s for the database and the context
// here, against 0.5–0.8 s when it is created from a migrated template database (PostgreSQL's
// CREATE DATABASE … TEMPLATE, which copies it block by block). The template is made by the run's
// global set-up once per set of migrations and job queue code, and kept on the server between
// runs, as the PGlite template is kept in the temporary directory (database-template.ts;
// docs/decisions/055).

const PREFIX = 'lw_template_';
/** "Being accessed by other users": a session that has just closed may linger a moment on the server. */
const OBJECT_IN_USE = '55006';

/** The template database's name for the current migrations and job queue. */
export function postgresTemplateName(): string {
  return `${PREFIX}${templateVersion()}`;
}

/** `serverUrl` with its database replaced by `name`. */
export function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The migrated template database on `serverUrl`'s server, made now if this run is the first with
 * these migrations. Templates of other migrations, whole or half-made, are dropped: a checkout on
 * other migrations makes its own again in about two seconds. A half-made one of these migrations
 * may be another run's, still being filled: it is left, and goes when the migrations change.
 */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      String.raw`SELECT datname FROM pg_database WHERE datname LIKE 'lw\_template\_%'`,
    );
    for (const { datname } of rows) {
      if (datname === name || datname.startsWith(`${name}_`)) continue;
      // Another run may be dropping it too.
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    if (rows.some((row) => row.datname === name)) return name;
    // Made under another name and renamed: a run that starts meanwhile sees the whole template or none.
    const partial = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${partial}`);
    try {
      await fillTemplate(databaseUrlFor(serverUrl, partial));
      await whileInUse(() => admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`));
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      // Another run made the same template first: use theirs.
      const theirs = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (theirs.rowCount === 0) throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** The template to create a test file's database from, when the run's global set-up made one. */
export async function existingPostgresTemplate(admin: pg.Client): Promise<string | undefined> {
  const name = postgresTemplateName();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  return rowCount ? name : undefined;
}

/**
 * Runs `statement` (a CREATE or RENAME of a database) again while PostgreSQL says another session
 * still has its database open: the pool that filled the template has ended, but its backends take a
 * moment to go. Gives up after 5 s.
 */
export async function whileInUse<T>(statement: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await statement();
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
