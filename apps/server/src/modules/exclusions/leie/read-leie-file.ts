import { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { SourceError } from '../../licensing/types.ts';
import { LEIE_COLUMNS, type ParsedLeieRow, parseLeieRow } from './parse-leie-row.ts';

export type LeieItem = { row: number } & ParsedLeieRow;

/**
 * The rows of an LEIE CSV (full file or supplement) as they stream in, each parsed or with the
 * reason it could not be; a line the CSV parser cannot read is one such row, not the end of the
 * file. A file whose header is not the LEIE's is refused whole: its columns would be misread.
 */
export async function* readLeieFile(bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<LeieItem> {
  const skipped: LeieItem[] = [];
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const row = (error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0;
      skipped.push({ row, reason: error?.message ?? 'unreadable row' });
      return undefined;
    },
  });
  const input = Readable.from(bytes);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let header = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      yield* skipped.splice(0);
      if (!header) {
        const names = record.map((name) => name.trim().toUpperCase());
        if (names.join(',') !== LEIE_COLUMNS.join(','))
          throw new SourceError({
            kind: 'parse-failure',
            message: `not an LEIE file: the header is '${record.join(',').slice(0, 200)}'`,
          });
        header = true;
        continue;
      }
      yield { row: info.lines, ...parseLeieRow(record) };
    }
    yield* skipped.splice(0);
    if (!header) throw new SourceError({ kind: 'parse-failure', message: 'the LEIE file is empty' });
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError({
      kind: 'parse-failure',
      message: `cannot read the LEIE file (${error instanceof Error ? error.message : String(error)})`,
    });
  } finally {
    input.destroy();
    parser.destroy();
  }
}
