import type { SocrataSourceConfig } from '../config/board-config.ts';
import type { SourceRecord } from '../types.ts';
import { clean, type DateFormat, parseDate } from './record-fields.ts';

type ActionColumns = NonNullable<SocrataSourceConfig['disciplineDataset']>;

/** A board's disciplinary actions by licence number (trimmed, upper case), oldest first once sorted. */
export type DisciplineActions = Map<string, { date: string | null; text: string }[]>;

const numberKey = (value: string) => value.trim().toUpperCase();

/**
 * Adds a page of an actions dataset's rows (Delaware's dz6p-akeq) to `actions`: each row's licence
 * number, date (ISO when it reads in the source's date form, else as written) and text. A row without
 * a number or a text says nothing about any licence and is left out.
 */
export function collectDisciplineActions(
  actions: DisciplineActions,
  rows: readonly Record<string, string | undefined>[],
  columns: ActionColumns,
  dateFormat: DateFormat | readonly DateFormat[],
): void {
  for (const row of rows) {
    const number = clean(row[columns.licenseNumber]);
    const text = clean(row[columns.text]);
    if (number === null || text === null) continue;
    const written = columns.date === undefined ? null : clean(row[columns.date]);
    const date = written === null ? null : (parseDate(written, dateFormat) ?? written);
    const list = actions.get(numberKey(number));
    if (list) list.push({ date, text });
    else actions.set(numberKey(number), [{ date, text }]);
  }
}

/**
 * The record with its licence's actions as its discipline ('2024-03-01: Probation; …', oldest first),
 * in place of the flag its own row carried; unchanged when the board lists no action against it.
 */
export function withDisciplineActions(record: SourceRecord, actions: DisciplineActions): SourceRecord {
  const list = record.licenseNumber === null ? undefined : actions.get(numberKey(record.licenseNumber));
  if (!list || list.length === 0) return record;
  const discipline = [...list]
    .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
    .map((a) => (a.date ? `${a.date}: ${a.text}` : a.text))
    .join('; ');
  return { ...record, discipline };
}
