import { SourceError } from '../../licensing/types.ts';
import { readCsvRows } from '../ingest/read-csv-rows.ts';
import { LEIE_COLUMNS, type ParsedLeieRow, parseLeieRow } from './parse-leie-row.ts';

export type LeieItem = { row: number } & ParsedLeieRow;

/**
 * The rows of an LEIE CSV (full file or supplement) as they stream in, each parsed or with the
 * reason it could not be; a line the CSV parser cannot read is one such row, not the end of the
 * file. A file whose header is not the LEIE's is refused whole: its columns would be misread.
 */
export async function* readLeieFile(bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<LeieItem> {
  let header = false;
  for await (const row of readCsvRows(bytes, 'the LEIE file')) {
    if ('unreadable' in row) {
      yield row.unreadable;
      continue;
    }
    if (!header) {
      const names = row.record.map((name) => name.trim().toUpperCase());
      if (names.join(',') !== LEIE_COLUMNS.join(','))
        throw new SourceError({
          kind: 'parse-failure',
          message: `not an LEIE file: the header is '${row.record.join(',').slice(0, 200)}'`,
        });
      header = true;
      continue;
    }
    yield { row: row.line, ...parseLeieRow(row.record) };
  }
  if (!header) throw new SourceError({ kind: 'parse-failure', message: 'the LEIE file is empty' });
}
