import { STAGE_COLUMNS, type StageRow } from './map-source-record.ts';
import type { SourceRelation } from './merge-license-rows.ts';

/** Rows as one array parameter per column: a whole batch in a fixed number of parameters. */
export function stageRowColumns(rows: readonly StageRow[]): unknown[][] {
  return STAGE_COLUMNS.map((_, i) => rows.map((row) => row[i]));
}

/** The rows of `stageRowColumns` as a relation `s`, for merges that need no staging table. */
export const unnestStageRows: SourceRelation = (firstParam) =>
  `unnest(${STAGE_COLUMNS.map(([, type], i) => `$${firstParam + i}::${type}[]`).join(', ')}) AS s(${STAGE_COLUMNS.map(([name]) => name).join(', ')})`;

/** A row of `boardId`'s answer, for merges of what several boards answered at once. */
export type BoardRow = { boardId: string; sourceKind: string; row: StageRow };

/** Like `stageRowColumns`, with each row's board_id and source_kind first. */
export function boardRowColumns(rows: readonly BoardRow[]): unknown[][] {
  return [rows.map((r) => r.boardId), rows.map((r) => r.sourceKind), ...stageRowColumns(rows.map((r) => r.row))];
}

/** The rows of `boardRowColumns` as a relation `s`. */
export const unnestBoardRows: SourceRelation = (firstParam) =>
  `unnest($${firstParam}::text[], $${firstParam + 1}::text[], ${STAGE_COLUMNS.map(([, type], i) => `$${firstParam + 2 + i}::${type}[]`).join(', ')}) AS s(board_id, source_kind, ${STAGE_COLUMNS.map(([name]) => name).join(', ')})`;
