import { parsePersonName } from '../parse-person-name.ts';
import { clean, type RawFields, vocabularyKey } from './record-fields.ts';

/** Which of a list's columns feed our fields (a Socrata `fieldMap`, a file's `columns`). */
export type FieldColumns = {
  licenseNumber: string;
  lastName?: string | undefined;
  firstName?: string | undefined;
  middleName?: string | undefined;
  suffix?: string | undefined;
  /** One column holding the whole name, in `nameOrder`. */
  name?: string | undefined;
  licenseType?: string | undefined;
  /** Read in order: the first that says something decides; the board's words keep every one that spoke. */
  status?: string | readonly string[] | undefined;
  issueDate?: string | undefined;
  expiryDate?: string | undefined;
  /** Read in order; each one's words are kept, joined. */
  discipline?: string | readonly string[] | undefined;
};

/** How a list writes its cells (board-config.ts, rowReadingOptions). */
export type RowReading = {
  blankValues: readonly string[];
  statusPassWords: readonly string[];
  disciplineWords: Readonly<Record<string, string | null>>;
  firstNameHoldsMiddle: boolean;
  nameOrder: 'last-first' | 'first-last';
  licenseNumberRewrite?: { pattern: string; replacement: string } | undefined;
  licenseNumberPrefix?: { column: string; separator: string; padDigits?: number | undefined } | undefined;
  impliedStatus?: string | undefined;
};

/** A cell of the row by its column name; undefined when the row has no such column. */
export type CellReader = (column: string) => string | null | undefined;

const asList = (columns: string | readonly string[] | undefined): readonly string[] =>
  columns === undefined ? [] : typeof columns === 'string' ? [columns] : columns;

/** Every column a reading needs, so a file's header can be checked before its rows are read. */
export function listReadColumns(columns: FieldColumns, reading: Pick<RowReading, 'licenseNumberPrefix'>): string[] {
  const single = [
    columns.licenseNumber,
    columns.lastName,
    columns.firstName,
    columns.middleName,
    columns.suffix,
    columns.name,
    columns.licenseType,
    columns.issueDate,
    columns.expiryDate,
    reading.licenseNumberPrefix?.column,
  ];
  return [
    ...new Set(
      [...single, ...asList(columns.status), ...asList(columns.discipline)].filter((c): c is string => c !== undefined),
    ),
  ];
}

/**
 * Compiles a list's reading once: the row's cells become our fields, as the board meant them
 * (docs/sources.md) — placeholders read as empty, a status spread over columns read in order,
 * discipline flags turned into words, one name column split, a number given its prefix.
 */
export function rowFieldReader(columns: FieldColumns, reading: RowReading): (cell: CellReader) => RawFields {
  const blanks = new Set(reading.blankValues.map(vocabularyKey));
  const passWords = new Set(reading.statusPassWords.map(vocabularyKey));
  const disciplineWords = new Map(Object.entries(reading.disciplineWords).map(([k, v]) => [vocabularyKey(k), v]));
  const rewrite = reading.licenseNumberRewrite
    ? {
        pattern: new RegExp(reading.licenseNumberRewrite.pattern),
        replacement: reading.licenseNumberRewrite.replacement,
      }
    : undefined;
  const statusColumns = asList(columns.status);
  const disciplineColumns = asList(columns.discipline);

  return (cell) => {
    const read = (column: string | undefined): string | null => {
      if (column === undefined) return null;
      const value = clean(cell(column));
      return value === null || blanks.has(vocabularyKey(value)) ? null : value;
    };

    let lastName = read(columns.lastName);
    let firstName = read(columns.firstName);
    let middleName = read(columns.middleName);
    let suffix = read(columns.suffix);
    const whole = read(columns.name);
    if (whole !== null && (lastName === null || firstName === null)) {
      // 'LAST, FIRST MIDDLE' parses by its comma; 'FIRST MIDDLE LAST JR' by the name parser's rules
      // (particles, suffixes, degrees), which the look-up pages' one-cell names already use.
      const text = reading.nameOrder === 'last-first' && !whole.includes(',') ? whole.replace(/\s+/, ', ') : whole;
      const parts = parsePersonName(text);
      lastName = parts.lastName || null;
      firstName = parts.firstName || null;
      middleName ??= parts.middleName;
      suffix ??= parts.suffix;
    }
    if (reading.firstNameHoldsMiddle && middleName === null && firstName !== null) {
      const [first, ...rest] = firstName.split(/\s+/);
      if (first && rest.length > 0) {
        firstName = first;
        middleName = rest.join(' ');
      }
    }

    // The first status that says something decides; the board's own words keep all that spoke.
    const statuses = statusColumns.map(read).filter((v): v is string => v !== null);
    const deciding = statuses.find((v) => !passWords.has(vocabularyKey(v))) ?? statuses.at(-1) ?? null;
    const status =
      statuses.length === 0
        ? (reading.impliedStatus ?? null)
        : statuses.length === 1
          ? deciding
          : [deciding, ...statuses.filter((v) => v !== deciding)].join(' / ');

    const discipline = disciplineColumns
      .map(read)
      .map((v) => {
        if (v === null) return null;
        const word = disciplineWords.get(vocabularyKey(v));
        return word === undefined ? v : word;
      })
      .filter((v): v is string => v !== null);

    let licenseNumber = read(columns.licenseNumber);
    if (licenseNumber !== null && rewrite) licenseNumber = licenseNumber.replace(rewrite.pattern, rewrite.replacement);
    const prefixRule = reading.licenseNumberPrefix;
    if (licenseNumber !== null && prefixRule && /^\d+$/.test(licenseNumber)) {
      const prefix = read(prefixRule.column);
      if (prefix !== null) {
        const digits = prefixRule.padDigits ? licenseNumber.padStart(prefixRule.padDigits, '0') : licenseNumber;
        licenseNumber = `${prefix}${prefixRule.separator}${digits}`;
      }
    }

    return {
      licenseNumber,
      lastName,
      firstName,
      middleName,
      suffix,
      licenseType: read(columns.licenseType),
      status,
      statusWord: deciding,
      issueDate: read(columns.issueDate),
      expiryDate: read(columns.expiryDate),
      discipline: discipline.length > 0 ? [...new Set(discipline)].join('; ') : null,
    };
  };
}
