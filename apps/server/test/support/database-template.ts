import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '../../src/platform/db/client.ts';
import { startEmbeddedDatabase } from '../../src/platform/db/embedded-database.ts';
import { runMigrations } from '../../src/platform/db/migrate.ts';

// A fresh PGlite spends most of a test file's start-up making its cluster (4 s of 4.7 s here, more
// on a busy machine); loading a migrated copy takes about a quarter of that. The copy is made
// once per set of migrations and PGlite version, and kept in the temporary directory between runs.

const migrationsDir = fileURLToPath(new URL('../../src/platform/db/migrations', import.meta.url));

/** PGlite's version (its package.json is not among its exports: found above its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the template for the current migrations and PGlite lives. */
export function databaseTemplatePath(): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
      .sort();
  for (const file of files(migrationsDir)) hash.update(path.relative(migrationsDir, file)).update(readFileSync(file));
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
