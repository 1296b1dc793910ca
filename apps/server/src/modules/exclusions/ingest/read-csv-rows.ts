import { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { SourceError } from '../../licensing/types.ts';

/** A record with the file line it ends on, or a line the CSV parser could not read, with why. */
export type CsvRow = { record: string[]; line: number } | { unreadable: { row: number; reason: string } };

/**
 * The rows of an exclusion list's CSV as they stream in (the LEIE's, SAM's extract): a line the
 * parser cannot read is one unreadable row in its place, not the end of the file, so the list's
 * reader can count and keep it. A file that cannot be read at all fails as a parse-failure naming
 * `what`. Stopping early (a reader refusing the header) closes the stream.
 */
export async function* readCsvRows(
  bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  what: string,
): AsyncGenerator<CsvRow> {
  const skipped: CsvRow[] = [];
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error: CsvError | undefined) => {
      const row = (error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0;
      skipped.push({ unreadable: { row, reason: error?.message ?? 'unreadable row' } });
      return undefined;
    },
  });
  const input = Readable.from(bytes);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      yield* skipped.splice(0);
      yield { record, line: info.lines };
    }
    yield* skipped.splice(0);
  } catch (error) {
    throw new SourceError({
      kind: 'parse-failure',
      message: `cannot read ${what} (${error instanceof Error ? error.message : String(error)})`,
    });
  } finally {
    input.destroy();
    parser.destroy();
  }
}
