import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { connectDatabase } from '../../src/platform/db/client.ts';
import { startEmbeddedDatabase } from '../../src/platform/db/embedded-database.ts';
import { runMigrations } from '../../src/platform/db/migrate.ts';
import { startJobQueue } from '../../src/platform/jobs/job-queue.ts';

// A fresh PGlite spends most of a test file's start-up making its cluster (4 s of 4.7 s here, more
// on a busy machine); loading a migrated copy takes about a quarter of that. The copy also holds the
// job queue's schema, its queues and trigger, which every file's server would otherwise install
// again (0.26–0.40 s a file here, more on a busy machine). It is made once per set of migrations,
// job queue code and PGlite version, and kept in the temporary directory between runs.

const migrationsDir = fileURLToPath(new URL('../../src/platform/db/migrations', import.meta.url));
/** The job queue's code, its queues and trigger among it: a queue added there is in the next template. */
const jobsDir = fileURLToPath(new URL('../../src/platform/jobs', import.meta.url));

/** A package's version (a package.json is not always among its exports: found above its entry point). */
function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template for the current migrations, job queue and PGlite lives. */
export function databaseTemplatePath(): string {
  const hash = createHash('sha256');
  hash.update(packageVersion('@electric-sql/pglite')).update(packageVersion('pg-boss'));
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const dir of [migrationsDir, jobsDir])
    for (const file of files(dir)) hash.update(path.relative(dir, file)).update(readFileSync(file));
  return path.join(os.tmpdir(), `licensewatch-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The migrated template, made now if this run is the first with these migrations. */
export async function ensureDatabaseTemplate(): Promise<string> {
  const file = databaseTemplatePath();
  if (existsSync(file)) return file;
  const database = await startEmbeddedDatabase(null);
  try {
    const { pool } = connectDatabase(database.url, { max: 1 });
    try {
      await runMigrations(pool);
    } finally {
      await pool.end();
    }
    const jobs = await startJobQueue(database.url, pino({ level: 'silent' }));
    await jobs.stop();
    const dump = Buffer.from(await (await database.dump()).arrayBuffer());
    // Written aside and renamed: a run that starts meanwhile sees the whole file or none.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, dump);
    renameSync(partial, file);
    return file;
  } finally {
    await database.close();
  }
}

/** The template's contents, when a run has made it; otherwise a test database starts empty. */
export function readDatabaseTemplate(): Blob | undefined {
  const file = databaseTemplatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}
