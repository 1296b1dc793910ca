import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | null;

/** Characters a spreadsheet may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula gets a leading apostrophe; numbers stay numbers. */
export function neutraliseFormula(cell: Cell): Cell {
  return typeof cell === 'string' && FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A plain table as CSV (RFC 4180, CRLF), a header row first, safe to open in a spreadsheet. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header.map(neutraliseFormula), ...rows.map((row) => row.map(neutraliseFormula))], {
    record_delimiter: 'windows',
    cast: { number: (value) => String(value) },
  });
}
