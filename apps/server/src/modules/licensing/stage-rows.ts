import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { STAGE_COLUMNS } from './registry/map-source-record.ts';

/** A stage table's columns: name and SQL type, in the order each staged row lists its values. */
export type StageColumns = readonly (readonly [name: string, type: string])[];
type StageValue = string | number | null;

const columnList = (columns: StageColumns) => columns.map(([name]) => name).join(', ');

/** A session-local table the batch is loaded into before the set-based merge (license rows unless `columns`). */
export async function createStageTable(
  client: pg.PoolClient,
  name: string,
  columns: StageColumns = STAGE_COLUMNS,
): Promise<void> {
  await client.query(`CREATE TEMP TABLE ${name} (${columns.map(([column, type]) => `${column} ${type}`).join(', ')})`);
}

const copySupport = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * PGlite's socket hands each protocol message to the WASM backend on its own, and COPY FROM
 * STDIN's sub-protocol does not survive that (the connection dies with "protocol
 * synchronization was lost"). Probing with a COPY would kill the connection, so recognise
 * PGlite by its version string, once per pool.
 */
export function supportsCopyFromStdin(pool: pg.Pool, log: Logger): Promise<boolean> {
  let known = copySupport.get(pool);
  if (!known) {
    known = pool.query<{ version: string }>('SELECT version()').then(({ rows }) => {
      const pglite = /PGlite/i.test(rows[0]?.version ?? '');
      if (pglite) log.info('embedded PGlite cannot take COPY FROM STDIN: bulk-file batches are staged with INSERTs');
      return !pglite;
    });
    known.catch(() => copySupport.delete(pool));
    copySupport.set(pool, known);
  }
  return known;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function copyField(value: StageValue): string {
  if (value === null) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

// Lines are joined into ~64 KB chunks: one stream write per row would cost more than the COPY.
async function* copyText(rows: AsyncIterable<readonly StageValue[]>): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += `${row.map(copyField).join('\t')}\n`;
    if (chunk.length >= 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Streams rows into the stage table with COPY, holding at most one chunk in memory. */
export async function copyRowsIntoStage(
  client: pg.PoolClient,
  stage: string,
  rows: AsyncIterable<readonly StageValue[]>,
  columns: StageColumns = STAGE_COLUMNS,
): Promise<void> {
  await pipeline(
    Readable.from(copyText(rows)),
    client.query(copyFrom(`COPY ${stage} (${columnList(columns)}) FROM STDIN`)),
  );
}

/** The PGlite path: multi-row INSERTs of `chunkSize` rows, each one statement of array parameters. */
export async function insertRowsIntoStage(
  client: pg.PoolClient,
  stage: string,
  rows: AsyncIterable<readonly StageValue[]>,
  { chunkSize = 5_000, columns = STAGE_COLUMNS }: { chunkSize?: number; columns?: StageColumns } = {},
): Promise<void> {
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const sql = `INSERT INTO ${stage} (${columnList(columns)}) SELECT * FROM unnest(${unnest})`;
  let chunk: (readonly StageValue[])[] = [];
  const flush = () =>
    client.query(
      sql,
      columns.map((_, i) => chunk.map((row) => row[i])),
    );
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= chunkSize) {
      await flush();
      chunk = [];
    }
  }
  if (chunk.length) await flush();
}
