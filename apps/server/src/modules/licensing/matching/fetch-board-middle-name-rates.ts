import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/** Rows read per board: enough for a stable share, bounded whatever the board's size. */
const SAMPLE_ROWS = 1000;
/** Fewer rows than this (a look-up-only board) say nothing about the board's habits. */
const MIN_ROWS = 50;
const TTL_MS = 10 * 60_000;

type Cached = { rate: number | null; at: number };
const caches = new WeakMap<Db, Map<string, Cached>>();

/**
 * The share of each board's rows that show a middle name, or null when the board has too few
 * rows to tell. On a board that prints middle names, a row without one suggests a physician who
 * has none; on one that never does, it says nothing. Read from a bounded sample per board and
 * kept for a few minutes per process, since a board's habits change only with its bulk file.
 */
export async function fetchBoardMiddleNameRates(
  db: Db,
  boardIds: readonly string[],
  now: number = Date.now(),
): Promise<Map<string, number | null>> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const rates = new Map<string, number | null>();
  const missing: string[] = [];
  for (const boardId of new Set(boardIds)) {
    const cached = cache.get(boardId);
    if (cached && now - cached.at < TTL_MS) rates.set(boardId, cached.rate);
    else missing.push(boardId);
  }
  if (missing.length > 0) {
    const boards = sql.join(
      missing.map((id) => sql`${id}`),
      sql`, `,
    );
    // The (board_id, record_key) unique index serves each bounded sample.
    const { rows } = await db.execute<{ board_id: string; rows: number; with_middle: number }>(sql`
      select b.board_id, s.rows::int as rows, s.with_middle::int as with_middle
      from unnest(array[${boards}]::text[]) as b(board_id)
      cross join lateral (
        select count(*) as rows, count(*) filter (where sample.middle_norm <> '') as with_middle
        from (select middle_norm from license where license.board_id = b.board_id limit ${SAMPLE_ROWS}) as sample
      ) as s`);
    for (const row of rows) {
      const rate = row.rows >= MIN_ROWS ? row.with_middle / row.rows : null;
      cache.set(row.board_id, { rate, at: now });
      rates.set(row.board_id, rate);
    }
  }
  return rates;
}
