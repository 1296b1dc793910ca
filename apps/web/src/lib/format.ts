// Built on first use, not at import: creating an Intl formatter loads locale data, which costs
// the home page ~100 ms of start-up on a throttled phone though it formats no date.
let dateFormatter: Intl.DateTimeFormat | undefined;
let dateTimeFormatter: Intl.DateTimeFormat | undefined;
let zonedDateTimeFormatter: Intl.DateTimeFormat | undefined;

function dateFormat(): Intl.DateTimeFormat {
  dateFormatter ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFormatter;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

function dateTimeFormat(): Intl.DateTimeFormat {
  dateTimeFormatter ??= new Intl.DateTimeFormat('en-US', DATE_TIME);
  return dateTimeFormatter;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: string | number | Date | null | undefined, empty = '-'): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : empty;
}

export function formatDateTime(value: string | number | Date | null | undefined, empty = '-'): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : empty;
}

/**
 * A moment with its time zone ("Mar 4, 2026, 12:06 AM EST"): for a document a reader elsewhere
 * checks, where an hour without a zone could be any of four.
 */
export function formatDateTimeWithZone(value: string | number | Date | null | undefined, empty = '-'): string {
  const date = toDate(value);
  if (!date) return empty;
  zonedDateTimeFormatter ??= new Intl.DateTimeFormat('en-US', { ...DATE_TIME, timeZoneName: 'short' });
  return zonedDateTimeFormatter.format(date);
}

export function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** First 5 characters, 20 asterisks, last 4 (docs/product-rules.md, API key and credentials). */
export function maskApiKey(key: string | null | undefined): string {
  if (!key) return '-';
  if (key.length <= 9) return '*'.repeat(20);
  return `${key.slice(0, 5)}${'*'.repeat(20)}${key.slice(-4)}`;
}

/**
 * A calendar date as the boards publish it (YYYY-MM-DD). Read as a local date: `new Date('2026-03-01')`
 * is UTC midnight, which west of Greenwich would print as the day before.
 */
export function formatCalendarDate(value: string | null | undefined, empty = '-'): string {
  if (!value) return empty;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return formatDate(value, empty);
  return dateFormat().format(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A file's size as a person reads it: "820 bytes", "14 KB", "2.4 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** "Jane A. Doe" from the report's parts, for headings. */
export function physicianName(report: { first_name: string; middle_name: string | null; last_name: string }): string {
  return [report.first_name, report.middle_name, report.last_name].filter((part) => part?.trim()).join(' ');
}
