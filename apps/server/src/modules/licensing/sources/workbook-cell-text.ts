import type { DateFormat } from './record-fields.ts';

// Excel counts days from 1899-12-30 (its 1900 system, the default; the 1900 leap-day bug only moves
// dates before March 1900, which no license has).
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;
// The last day Excel can show, 9999-12-31: a larger number in a date column is not a date.
const MAX_SERIAL = 2_958_465;

/** A calendar date written the way the source's `dateFormat` reads it. */
function writeDate(date: Date, form: DateFormat): string {
  const yyyy = String(date.getUTCFullYear()).padStart(4, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const dd = String(date.getUTCDate()).padStart(2, '0');
  if (form === 'mm/dd/yyyy') return `${mm}/${dd}/${yyyy}`;
  if (form === 'yyyymmdd') return `${yyyy}${mm}${dd}`;
  return `${yyyy}-${mm}-${dd}`;
}

/**
 * A workbook cell's value (as exceljs reads it) as the text a delimited file would have held, so the
 * same row reading takes it. A date cell is written in `dateForm` (the source's first `dateFormat`),
 * its time of day dropped. In a date column a bare number is read as Excel's day count too: exceljs
 * tells a date only by its cell's number format, and misses some (the locale date formats 27–36,
 * exceljs#2893, or a column exported without one), so a date can arrive as its serial number.
 */
export function workbookCellText(value: unknown, dateForm: DateFormat, dateColumn: boolean): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (dateColumn && value >= 1 && value <= MAX_SERIAL)
      return writeDate(new Date(EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS), dateForm);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : writeDate(value, dateForm);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text?: string }[]; text?: unknown; result?: unknown; error?: string };
    // Rich text (runs of differently formatted text), a hyperlink's shown text, a formula's last result.
    if (Array.isArray(cell.richText)) return cell.richText.map((run) => run.text ?? '').join('');
    if ('text' in cell) return workbookCellText(cell.text, dateForm, dateColumn);
    if ('result' in cell) return workbookCellText(cell.result, dateForm, dateColumn);
    // '#N/A' and the like: shown as Excel shows them, so the row's error names what the cell held.
    if (typeof cell.error === 'string') return cell.error;
  }
  return '';
}
