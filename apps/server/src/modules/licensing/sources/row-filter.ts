import type { RowFilter } from '../config/board-config.ts';
import { vocabularyKey } from './record-fields.ts';

/**
 * Whether a row's cell passes the source's row filter, compared like board vocabularies (trimmed,
 * case-insensitive). A missing cell never passes: a row that cannot say it is ours is not ours.
 */
export function rowFilterMatcher(filter: RowFilter | undefined): (cell: string | null | undefined) => boolean {
  if (!filter) return () => true;
  const wanted = new Set((filter.in ?? [filter.equals ?? '']).map(vocabularyKey));
  return (cell) => cell != null && wanted.has(vocabularyKey(cell));
}

/**
 * An `equals` filter as a SoQL `$where` clause, the value as written (single quotes doubled), so the portal
 * sends only this board's rows. An `in` filter stays on our side: `field='value'` clauses joined by AND
 * are all the SoQL every portal we read (and the simulator) is known to take.
 */
export function soqlFilterClause(filter: RowFilter | undefined): string | undefined {
  if (filter?.equals === undefined) return undefined;
  return `${filter.column}='${filter.equals.replaceAll("'", "''")}'`;
}
