import { stringify } from 'csv-stringify/sync';

export type Cell = string | number | null;

/** Characters a spreadsheet may read as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula gets a leading apostrophe (OWASP's rule), in
 * every export: the CSV writer below and the XLSX writer (reports/exports/xlsx.ts) both pass each
 * cell through here, so an export added later is neutralised by default. Text that merely looks
 * like a number ("-2" as a name) is text and is prefixed too. A cell that is a number (days to
 * expiry, -10 for a lapsed license) is deliberately left as it is: it is written as the number's
 * own digits, which a spreadsheet reads back as that number and can run nothing, and quoting it
 * would turn the column into text that no longer sorts or sums.
 */
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
