import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The Drizzle schema and the committed SQL migrations must say the same thing: a change to a table's
// definition (or a move of the definition between files) that is not a migration would reach no
// database. drizzle-kit compares the schema with the migrations' last snapshot; this runs it on a
// copy of the migrations, so whatever it would write lands in a temporary folder. The schema is every
// module's tables.ts (ADR 035), as apps/server/drizzle.config.ts names it.

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_SRC = join(ROOT, 'apps/server/src');
const SCHEMA = join(SERVER_SRC, '**/tables.ts');
const MIGRATIONS = join(ROOT, 'apps/server/src/platform/db/migrations');
const BIN = join(ROOT, 'node_modules/drizzle-kit/bin.cjs');
// Outside the repository, a file finds no node_modules: it names drizzle's module by its path.
const PG_CORE = createRequire(import.meta.url).resolve('drizzle-orm/pg-core');

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What drizzle-kit generate would add for this schema: the names of the new migration files. */
async function wouldGenerate(schema: string): Promise<{ added: string[]; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'schema-check-'));
  dirs.push(dir);
  cpSync(MIGRATIONS, join(dir, 'migrations'), { recursive: true });
  const before = new Set(readdirSync(join(dir, 'migrations')));
  // drizzle-kit takes --out relative to where it runs.
  const args = [BIN, 'generate', '--dialect', 'postgresql', '--schema', schema, '--out', 'migrations'];
  const { stdout, stderr } = await promisify(execFile)(process.execPath, args, { cwd: dir });
  const added = readdirSync(join(dir, 'migrations')).filter((f) => !before.has(f));
  return { added, output: stdout + stderr };
}

describe('the schema and the migrations', () => {
  it('agree: drizzle-kit finds nothing to migrate', async () => {
    const { added, output } = await wouldGenerate(SCHEMA);
    expect(added, output).toEqual([]);
    expect(output).toContain('No schema changes');
  }, 30_000);

  it('a table defined without its migration is caught', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-extra-'));
    dirs.push(dir);
    const extra = join(dir, 'schema-with-extra.ts');
    writeFileSync(
      extra,
      readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })
        .filter((file) => basename(file) === 'tables.ts')
        .map((file) => `export * from ${JSON.stringify(join(SERVER_SRC, file))};\n`)
        .join('') +
        `import { pgTable, text } from ${JSON.stringify(PG_CORE)};\n` +
        "export const probe = pgTable('schema_check_probe', { id: text('id').primaryKey() });\n",
    );
    const { added, output } = await wouldGenerate(extra);
    expect(
      added.some((f) => f.endsWith('.sql')),
      output,
    ).toBe(true);
  }, 30_000);
});
