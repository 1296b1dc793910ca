import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { connectDatabase } from '../../src/platform/db/client.ts';
import { isAlive, startEmbeddedDatabase } from '../../src/platform/db/embedded-database.ts';
import { runMigrations } from '../../src/platform/db/migrate.ts';
import { startJobQueue } from '../../src/platform/jobs/job-queue.ts';

// A fresh PGlite spends most of a test file's start-up making its cluster (4 s of 4.7 s here, more
// on a busy machine); starting from a migrated copy skips that. The copy also holds the job queue's
// schema, its queues and trigger, which every file's server would otherwise install again
// (0.26–0.40 s a file here). It is made once per set of migrations, job queue code and PGlite
// version, as a data directory in the temporary directory, kept between runs.
//
// Each file's database is a copy of that directory, on a memory-backed file system where there is
// one, opened as `npm start` opens DATA_DIR. Loading the same cluster into an in-memory PGlite from
// a tarball (`loadDataDir`) took 2.1–3.0 s a file here, most of it unpacking 46 MB into the
// WebAssembly file system; copying the directory and opening it took 0.9–1.3 s, and 0.4–0.55 s
// since test databases ask for a smaller buffer cache (test-database.ts; docs/decisions/053).

const PREFIX = 'licensewatch-test-db-';
/** A template no run has copied for this long belongs to migrations a checkout has moved past. */
const UNUSED_TEMPLATE_MS = 24 * 60 * 60 * 1000;
const migrationsDir = fileURLToPath(new URL('../../src/platform/db/migrations', import.meta.url));
/** The job queue's code, its queues and trigger among it: a queue added there is in the next template. */
const jobsDir = fileURLToPath(new URL('../../src/platform/jobs', import.meta.url));
/** Where each file's copy goes: memory-backed on Linux, the temporary directory elsewhere. */
const copiesDir = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();

/** A package's version (a package.json is not always among its exports: found above its entry point). */
function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template for the current migrations, job queue and PGlite lives (a data directory). */
export function databaseTemplatePath(): string {
  return path.join(os.tmpdir(), `${PREFIX}${templateVersion()}`);
}

let version: string | undefined;
/**
 * Sixteen hex digits that change with the migrations, the job queue's code and the versions of
 * PGlite and pg-boss: what a template's content depends on (here and in postgres-template.ts).
 */
export function templateVersion(): string {
  if (version) return version;
  const hash = createHash('sha256');
  hash.update(packageVersion('@electric-sql/pglite')).update(packageVersion('pg-boss'));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const dir of [migrationsDir, jobsDir])
    for (const file of files(dir)) hash.update(path.relative(dir, file)).update(readFileSync(file));
  version = hash.digest('hex').slice(0, 16);
  return version;
}

/** The migrated template, made now if this run is the first with these migrations. */
export async function ensureDatabaseTemplate(): Promise<string> {
  const dir = databaseTemplatePath();
  removeAbandonedCopies(dir);
  if (existsSync(dir)) return dir;
  // Made aside and renamed: a run that starts meanwhile sees the whole directory or none.
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const database = await startEmbeddedDatabase(partial);
  try {
    await fillTemplate(database.url);
  } finally {
    await database.close();
  }
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another run made the same template first: use theirs.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** What a template holds: the schema of every migration, and the job queue's schema, queues and schedules. */
export async function fillTemplate(databaseUrl: string): Promise<void> {
  const { pool } = connectDatabase(databaseUrl, { max: 1 });
  try {
    await runMigrations(pool);
  } finally {
    await pool.end();
  }
  const jobs = await startJobQueue(databaseUrl, pino({ level: 'silent' }));
  await jobs.stop();
}

/**
 * A fresh copy of the template for one test file's database, or undefined when no run has made
 * the template (the database then starts empty). The caller removes it when done.
 */
export function copyDatabaseTemplate(): string | undefined {
  const template = databaseTemplatePath();
  if (!existsSync(template)) return undefined;
  const copy = path.join(copiesDir, `${PREFIX}copy-${process.pid}-${Math.random().toString(36).slice(2, 10)}`);
  cpSync(template, copy, { recursive: true });
  // Its modification time says when a run last used it (removeAbandonedCopies keeps it a day).
  const now = new Date();
  utimesSync(template, now, now);
  return copy;
}

/**
 * Copies left by runs killed before their files could remove them, templates of the old form, and
 * templates of other migrations no run has used for a day (46 MB each; another checkout on older
 * migrations that still uses its own keeps it, and one that comes back after a day makes it again).
 */
function removeAbandonedCopies(current: string) {
  for (const name of readdirSync(os.tmpdir())) {
    const file = path.join(os.tmpdir(), name);
    if (!name.startsWith(PREFIX) || file === current) continue;
    if (name.endsWith('.tar')) rmSync(file, { force: true });
    else if (/^[0-9a-f]{16}$/.test(name.slice(PREFIX.length))) {
      // Another run's set-up may remove it first.
      const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
      if (modified !== undefined && Date.now() - modified > UNUSED_TEMPLATE_MS)
        rmSync(file, { recursive: true, force: true });
    }
  }
  for (const name of readdirSync(copiesDir)) {
    const pid = Number(/^licensewatch-test-db-copy-(\d+)-/.exec(name)?.[1]);
    if (pid && !isAlive(pid)) rmSync(path.join(copiesDir, name), { recursive: true, force: true });
  }
}
