import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Each table has one owner, the module whose tables.ts declares it (ADR 035): only the owner's files
// insert, update or delete its rows; another module asks the owner's operation. Reads and joins
// are free. This reads every server file for writes, in Drizzle (`.insert(report)`) and in SQL
// (`UPDATE report SET`, `INSERT INTO ${report}`), and fails on a write outside the owner.

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_SRC = join(ROOT, 'apps/server/src');

/** modules/<name> or platform (one owner: the layer that knows no domain); entry files own nothing. */
function ownerOf(file: string): string | null {
  const [top, name] = file.split('/');
  if (top === 'modules' && name) return `modules/${name}`;
  if (top === 'platform') return 'platform';
  return null;
}

type Table = { owner: string; sqlName: string; file: string };

/** Every table: its Drizzle name (the export), its SQL name and the owner that declares it. */
function readTables(files: Map<string, string>): Map<string, Table> {
  const tables = new Map<string, Table>();
  for (const [file, text] of files) {
    if (basename(file) !== 'tables.ts') continue;
    const owner = ownerOf(file);
    if (!owner) throw new Error(`${file}: a tables.ts outside modules/ and platform/`);
    for (const [, name, sqlName] of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(name as string, { owner, sqlName: sqlName as string, file });
    }
  }
  return tables;
}

type Write = { file: string; table: string; how: string };

/** The names a file imports from a tables.ts, local name → exported name. */
function importedTableNames(file: string, text: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, list, spec] of text.matchAll(/import (?:type )?\{([^}]*)\} from '([^']+)'/g)) {
    if (!spec?.endsWith('/tables.ts')) continue;
    const target = relative(SERVER_SRC, resolve(dirname(join(SERVER_SRC, file)), spec));
    if (basename(target) !== 'tables.ts') continue;
    for (const entry of (list as string).split(',')) {
      const [exported, local] = entry
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (exported) names.set(local ?? exported, exported);
    }
  }
  return names;
}

/** Every insert, update or delete in one file's text, by table (Drizzle name). */
function findWrites(file: string, text: string, tables: Map<string, Table>): Write[] {
  // Comments describe writes without making them.
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const bySql = new Map([...tables].map(([name, t]) => [t.sqlName, name]));
  const imported = importedTableNames(file, text);
  const writes: Write[] = [];
  for (const [, how, local] of code.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = imported.get(local as string);
    if (table) writes.push({ file, table, how: how as string });
  }
  const statement = /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi;
  for (const [, verb, interpolated, named] of code.matchAll(statement)) {
    const table = interpolated ? imported.get(interpolated) : bySql.get((named as string).toLowerCase());
    if (table) writes.push({ file, table, how: (verb as string).split(/\s/)[0]?.toLowerCase() ?? '' });
  }
  return writes;
}

function readServerFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(SERVER_SRC, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    files.set(file, readFileSync(join(SERVER_SRC, file), 'utf8'));
  }
  return files;
}

const files = readServerFiles();
const tables = readTables(files);
const writes = [...files].flatMap(([file, text]) => findWrites(file, text, tables));

describe('table writes', () => {
  it('come only from the module that owns the table', () => {
    const strays = writes
      .filter((w) => ownerOf(w.file) !== tables.get(w.table)?.owner)
      .map((w) => `${w.file} ${w.how}s ${w.table}, owned by ${tables.get(w.table)?.owner}`);
    expect(strays).toEqual([]);
  });

  it('are found in Drizzle and in SQL, under any import name', () => {
    // Known writes of both kinds: if the reading broke, these would vanish rather than the test fail.
    expect(writes).toContainEqual({ file: 'modules/reports/create-report.ts', table: 'report', how: 'insert' });
    expect(writes).toContainEqual({ file: 'modules/reports/set-report-npi.ts', table: 'report', how: 'update' });
    expect(tables.size).toBeGreaterThan(40);

    const stray = [
      "import { report as r, reportState } from '../reports/tables.ts';",
      'await db.update(r).set({ name });',
      'await tx.delete( reportState );',
      'await db.execute(sql`INSERT INTO report_license (report_id) VALUES (1)`);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a file that interpolates in SQL
      'await db.execute(sql`delete from ${reportState} where true`);',
      '// update report set nothing: a comment is not a write',
    ].join('\n');
    expect(findWrites('modules/alerts/stray.ts', stray, tables)).toEqual([
      { file: 'modules/alerts/stray.ts', table: 'report', how: 'update' },
      { file: 'modules/alerts/stray.ts', table: 'reportState', how: 'delete' },
      { file: 'modules/alerts/stray.ts', table: 'reportLicense', how: 'insert' },
      { file: 'modules/alerts/stray.ts', table: 'reportState', how: 'delete' },
    ]);
  });
});
