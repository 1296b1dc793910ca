import type pg from 'pg';
import { STAGE_COLUMNS } from './map-source-record.ts';

const COLUMNS = STAGE_COLUMNS.map(([name]) => name).filter((name) => name !== 'row_no' && name !== 'record_key');

export type CompareCounts = { wouldInsert: number; wouldUpdate: number; unchanged: number };

/**
 * What merging the staged rows would do, without doing it (`ingest --dry-run`): the same first-occurrence
 * rule and the same compared columns as `mergeLicenseRows`. $1 board_id, $2 source_kind.
 */
export async function compareLicenseRows(
  client: pg.PoolClient,
  { boardId, sourceKind, stage }: { boardId: string; sourceKind: string; stage: string },
): Promise<CompareCounts> {
  const differs = `(${[...COLUMNS.map((c) => `l.${c}`), 'l.source_kind'].join(', ')}) IS DISTINCT FROM (${[...COLUMNS.map((c) => `s.${c}`), '$2::text'].join(', ')})`;
  const { rows } = await client.query<CompareCounts>(
    `WITH src AS MATERIALIZED (SELECT DISTINCT ON (record_key) * FROM ${stage} ORDER BY record_key, row_no)
     SELECT count(*) FILTER (WHERE l.id IS NULL)::int AS "wouldInsert",
            count(*) FILTER (WHERE l.id IS NOT NULL AND ${differs})::int AS "wouldUpdate",
            count(*) FILTER (WHERE l.id IS NOT NULL AND NOT ${differs})::int AS "unchanged"
     FROM src s LEFT JOIN license l ON l.board_id = $1 AND l.record_key = s.record_key`,
    [boardId, sourceKind],
  );
  return rows[0] ?? { wouldInsert: 0, wouldUpdate: 0, unchanged: 0 };
}
