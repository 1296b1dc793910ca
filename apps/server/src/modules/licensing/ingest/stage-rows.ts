import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Logger } from 'pino';
import { STAGE_COLUMNS, type StageRow } from '../registry/map-source-record.ts';
import { stageRowColumns, unnestStageRows } from '../registry/unnest-stage-rows.ts';

const COLUMN_LIST = STAGE_COLUMNS.map(([name]) => name).join(', ');

/** A session-local table the batch is loaded into before the set-based merge. */
export async function createStageTable(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE ${name} (${STAGE_COLUMNS.map(([column, type]) => `${column} ${type}`).join(', ')})`,
  );
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
      if (pglite) log.info('embedded PGlite cannot take COPY FROM STDIN: roster batches are staged with INSERTs');
      return !pglite;
    });
    known.catch(() => copySupport.delete(pool));
    copySupport.set(pool, known);
  }
  return known;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const NEEDS_ESCAPE = /[\\\t\n\r]/;

function copyField(value: string | number | null): string {
  if (value === null) return '\\N';
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

// Lines are joined into ~64 KB chunks: one stream write per row would cost more than the COPY.
async function* copyText(rows: AsyncIterable<StageRow>): AsyncGenerator<string> {
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
  rows: AsyncIterable<StageRow>,
): Promise<void> {
  await pipeline(Readable.from(copyText(rows)), client.query(copyFrom(`COPY ${stage} (${COLUMN_LIST}) FROM STDIN`)));
}

/** The PGlite path: multi-row INSERTs of `chunkSize` rows, each one statement of array parameters. */
export async function insertRowsIntoStage(
  client: pg.PoolClient,
  stage: string,
  rows: AsyncIterable<StageRow>,
  chunkSize = 5_000,
): Promise<void> {
  const sql = `INSERT INTO ${stage} (${COLUMN_LIST}) SELECT * FROM ${unnestStageRows(1)}`;
  let chunk: StageRow[] = [];
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= chunkSize) {
      await client.query(sql, stageRowColumns(chunk));
      chunk = [];
    }
  }
  if (chunk.length) await client.query(sql, stageRowColumns(chunk));
}
