import type pg from 'pg';
import type { LicenseEventSource } from '../tables.ts';
import { STAGE_COLUMNS } from './map-source-record.ts';

// Namespace for pg_advisory_xact_lock(ns, hashtext(board_id)); any constant unused elsewhere.
const BOARD_LOCK_NAMESPACE = 7_214_101;

const COLUMNS = STAGE_COLUMNS.map(([name]) => name).filter((name) => name !== 'row_no');
// Everything the board publishes (and what we derive from it): a difference in any of these is a change.
const COMPARED = [...COLUMNS.filter((name) => name !== 'record_key'), 'source_kind'];
// What matching reads of a row: a change here (name_changed_at) is what makes the daily refresh re-match.
const MATCHED = ['first_norm', 'middle_norm', 'last_norm', 'suffix', 'license_type', 'license_number'];

/**
 * One statement per batch: read the current values, upsert every row, and record one
 * license_event per changed status / expiry / discipline with before and after. `old` and the
 * upsert see the same snapshot, and the board locks keep other writers out between them, so
 * before-values are exact.
 *
 * Unchanged rows still pass through DO UPDATE, but only to move last_seen_at: ON CONFLICT locks
 * (writes) each conflicting row anyway, so a separate "touch" UPDATE would write it twice.
 * updated_at moves only when published data differ, and is how RETURNING tells changed rows.
 *
 * The source relation `s` names each row's board_id and source_kind, so one statement can merge
 * what several boards answered. $1 event source, $2 run start (or NULL): a key already seen since
 * the run started is a duplicate within the bulk file; the first occurrence wins.
 */
function mergeSql(sourceRelation: string): string {
  return `
WITH src AS MATERIALIZED (
  SELECT DISTINCT ON (board_id, record_key) * FROM ${sourceRelation} ORDER BY board_id, record_key, row_no
),
old AS MATERIALIZED (
  SELECT l.id, l.status, l.expiry_date, l.discipline,
         s.status AS new_status, s.expiry_date AS new_expiry_date, s.discipline AS new_discipline
  FROM src s JOIN license l ON l.board_id = s.board_id AND l.record_key = s.record_key
),
up AS (
  INSERT INTO license AS l (board_id, source_kind, ${COLUMNS.join(', ')})
  SELECT s.board_id, s.source_kind, ${COLUMNS.map((c) => `s.${c}`).join(', ')} FROM src s
  ON CONFLICT (board_id, record_key) DO UPDATE SET
    ${COMPARED.map((c) => `${c} = excluded.${c}`).join(', ')},
    last_seen_at = now(),
    updated_at = CASE
      WHEN (${COMPARED.map((c) => `l.${c}`).join(', ')}) IS DISTINCT FROM (${COMPARED.map((c) => `excluded.${c}`).join(', ')})
      THEN now() ELSE l.updated_at END,
    name_changed_at = CASE
      WHEN (${MATCHED.map((c) => `l.${c}`).join(', ')}) IS DISTINCT FROM (${MATCHED.map((c) => `excluded.${c}`).join(', ')})
      THEN now() ELSE l.name_changed_at END
  WHERE $2::timestamptz IS NULL OR l.last_seen_at < $2::timestamptz
  RETURNING l.id, l.updated_at = now() AS changed
),
ev AS (
  INSERT INTO license_event (license_id, kind, before, after, source)
  SELECT o.id, c.kind, c.before, c.after, $1
  FROM up JOIN old o ON o.id = up.id
  CROSS JOIN LATERAL (VALUES
    ('status', o.status, o.new_status),
    ('expiry', o.expiry_date::text, o.new_expiry_date::text),
    ('discipline', o.discipline, o.new_discipline)
  ) AS c(kind, before, after)
  WHERE up.changed AND c.before IS DISTINCT FROM c.after
  RETURNING 1
)
SELECT (SELECT count(*) FROM up WHERE changed)::int AS upserted, (SELECT count(*) FROM ev)::int AS events`;
}

export type MergeCounts = { upserted: number; events: number };

/**
 * SQL for the rows to merge, aliased `s`, with board_id, source_kind and STAGE_COLUMNS: over a
 * staging table, or a set-returning expression whose `params` placeholders start at `firstParam`.
 */
export type SourceRelation = (firstParam: number) => string;

/** Merges rows of the boards `boardIds` into the registry in one transaction and one statement on `client`. */
export async function mergeLicenseRows(
  client: pg.PoolClient,
  {
    boardIds,
    eventSource,
    runStartedAt,
    sourceRelation,
    params = [],
  }: {
    boardIds: readonly string[];
    eventSource: LicenseEventSource;
    runStartedAt: Date | null;
    sourceRelation: SourceRelation;
    params?: unknown[];
  },
): Promise<MergeCounts> {
  await client.query('BEGIN');
  try {
    // Ingest batches and live look-ups of a board take turns, so "before" values stay exact. Every merge
    // takes its boards' locks in one order (sorted, one after the other as unnest yields them), so two
    // merges of several boards cannot deadlock.
    await client.query('SELECT pg_advisory_xact_lock($1, hashtext(b)) FROM unnest($2::text[]) AS b', [
      BOARD_LOCK_NAMESPACE,
      [...new Set(boardIds)].sort(),
    ]);
    const { rows } = await client.query<MergeCounts>(mergeSql(sourceRelation(3)), [
      eventSource,
      runStartedAt,
      ...params,
    ]);
    await client.query('COMMIT');
    return rows[0] ?? { upserted: 0, events: 0 };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
