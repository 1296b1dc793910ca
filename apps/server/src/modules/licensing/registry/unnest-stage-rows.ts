import { STAGE_COLUMNS, type StageRow } from './map-source-record.ts';
import type { SourceRelation } from './merge-license-rows.ts';

/** Rows as one array parameter per column: a whole batch in a fixed number of parameters. */
export function stageRowColumns(rows: readonly StageRow[]): unknown[][] {
  return STAGE_COLUMNS.map((_, i) => rows.map((row) => row[i]));
}

/** The rows of `stageRowColumns` as a relation `s`, for merges that need no staging table. */
export const unnestStageRows: SourceRelation = (firstParam) =>
  `unnest(${STAGE_COLUMNS.map(([, type], i) => `$${firstParam + i}::${type}[]`).join(', ')}) AS s(${STAGE_COLUMNS.map(([name]) => name).join(', ')})`;
