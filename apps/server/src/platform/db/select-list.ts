import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * A select list of every column of `table` under its Drizzle key, for queries run as prepared
 * statements (query-prepared.ts) that hand back rows shaped as `db.select().from(table)` would:
 * `first_name AS "firstName"`. Drizzle reads a `date` column in string mode as the database's text
 * ('2027-03-31'), which node-postgres would turn into a Date at local midnight, so those are cast to
 * text; timestamps become Dates either way. Columns of other modes are not used where this serves.
 */
export function selectListOf(table: Table, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return Object.entries(getTableColumns(table))
    .map(([key, column]) => {
      const read =
        column.columnType === 'PgDateString' ? `${prefix}"${column.name}"::text` : `${prefix}"${column.name}"`;
      return `${read} AS "${key}"`;
    })
    .join(', ');
}
