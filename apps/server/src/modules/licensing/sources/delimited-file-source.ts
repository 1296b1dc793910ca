import { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import type { BoardWith, DelimitedFileSourceConfig } from '../config/board-config.ts';
import {
  type LicenseSource,
  type RosterItem,
  SourceError,
  type SourceQuery,
  type SourceRecord,
  type SourceResult,
} from '../types.ts';
import { HttpClient, type HttpDeps } from './http-client.ts';
import {
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
  vocabularyKey,
  withUnknown,
} from './record-fields.ts';
import { rowFilterMatcher } from './row-filter.ts';

type Field = keyof DelimitedFileSourceConfig['columns'];

/**
 * Roster downloads (optionally zipped), read as a stream: constant memory whatever the file size.
 * These boards publish no live search, so look-ups go to the registry the roster fed.
 */
export class DelimitedFileSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;
  private readonly keepRow: (cell: string | undefined) => boolean;

  constructor(
    private readonly board: BoardWith<'delimited-file'>,
    deps: HttpDeps = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    this.mapping = recordMapping(board, board.source);
    this.keepRow = rowFilterMatcher(board.source.filter);
  }

  async search(_query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    return {
      ok: false,
      error: { kind: 'unsupported', message: `${this.boardId} publishes a roster file, not a live search` },
    };
  }

  async *fetchRoster(): AsyncIterable<RosterItem> {
    const opened = await this.http.stream(this.board.source.url);
    if (!opened.ok) throw new SourceError(opened.error);
    const download = opened.value;
    const source = this.board.source;
    const bytes = source.zip ? unzipEntry(download.body, source.zip.entry) : download.body;
    const quote = source.quote === false ? null : source.quote;
    const text = textLines(bytes, source.encoding, quote !== null && !source.multilineFields ? quote : null);

    const skipped: RosterItem[] = [];
    const parser = parse({
      delimiter: source.delimiter,
      quote,
      bom: true,
      info: true,
      // Column counts are checked here against the header, so a short row is one error, not the end.
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined) => {
        const row = (error as (CsvError & { lines?: number }) | undefined)?.lines ?? 0;
        skipped.push({ error: { row, reason: error?.message ?? 'unreadable row' } });
        return undefined;
      },
    });
    const input = Readable.from(text);
    input.on('error', (error) => parser.destroy(error));
    input.pipe(parser);

    let columns: Map<Field, number> | undefined;
    let filterColumn: number | undefined;
    let width = 0;
    try {
      for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
        yield* skipped.splice(0);
        const { record, info } = item;
        if (!columns) {
          columns = headerColumns(record, source.columns, this.boardId);
          filterColumn = source.filter ? filterIndex(record, source.filter.column, this.boardId) : undefined;
          width = record.length;
          continue;
        }
        // Another board's row in a shared file: not read, not counted.
        if (filterColumn !== undefined && record.length >= width && !this.keepRow(record[filterColumn])) continue;
        const rosterItem = this.toItem(record, info.lines, columns, width);
        if (rosterItem) yield rosterItem;
      }
      yield* skipped.splice(0);
      if (!columns)
        throw new SourceError({ kind: 'parse-failure', message: `${this.boardId}: the roster file is empty` });
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw new SourceError({
        kind: 'parse-failure',
        message: `${this.boardId}: cannot read the roster (${error instanceof Error ? error.message : String(error)})`,
      });
    } finally {
      input.destroy();
      parser.destroy();
      download.close();
    }
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const opened = await this.http.stream(this.board.source.url);
    if (!opened.ok) return opened;
    // Headers prove the file is there; the body is not downloaded.
    opened.value.close();
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** Undefined for a row that belongs to another board (another profession in a shared file). */
  private toItem(record: string[], row: number, columns: Map<Field, number>, width: number): RosterItem | undefined {
    if (record.length === 1 && record[0] === UNBALANCED)
      return { error: { row, reason: 'unbalanced quotes (a quoted field is not closed on its line)' } };
    const extra = record.slice(width);
    if (record.length < width || extra.some((cell) => cell.trim() !== ''))
      return { error: { row, reason: `expected ${width} fields, found ${record.length}` } };
    const raw: RawFields = {};
    for (const [field, index] of columns) raw[field] = record[index];
    const mapped = mapRow(raw, this.mapping);
    if ('record' in mapped) return { record: mapped.record, row, ...withUnknown(mapped) };
    if ('reason' in mapped) return { error: { row, reason: mapped.reason, ...withUnknown(mapped) } };
    return undefined;
  }
}

// Stands in for a line whose quotes do not balance; it holds no delimiter or quote, so it parses as one field.
const UNBALANCED = '\u0000unbalanced-quotes';
const MAX_LINE_CHARS = 1 << 20;

/**
 * Decodes the download into blocks of whole lines. When roster fields never span lines, a line with an
 * odd number of quote characters is replaced by a marker: otherwise its open quote would swallow every
 * following row up to the next stray quote, and one bad row would silently cost the rest of the roster.
 */
export async function* textLines(
  bytes: AsyncIterable<Uint8Array>,
  encoding: 'utf-8' | 'latin1',
  guardQuote: string | null,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder(encoding);
  const guard = (block: string) => {
    if (guardQuote === null || !block.includes(guardQuote)) return block;
    return (
      block
        .split('\n')
        // Keep a CR so CRLF files keep one record delimiter throughout.
        .map((line) =>
          line.split(guardQuote).length % 2 === 1 ? line : line.endsWith('\r') ? `${UNBALANCED}\r` : UNBALANCED,
        )
        .join('\n')
    );
  };
  let carry = '';
  for await (const chunk of bytes) {
    const text = carry + decoder.decode(chunk, { stream: true });
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      carry = text;
      if (carry.length > MAX_LINE_CHARS)
        throw new SourceError({
          kind: 'parse-failure',
          message: 'the roster has a line longer than 1 MB; wrong format?',
        });
      continue;
    }
    carry = text.slice(cut + 1);
    yield guard(text.slice(0, cut + 1));
  }
  const rest = carry + decoder.decode();
  if (rest !== '') yield guard(rest);
}

function headerColumns(
  header: string[],
  wanted: DelimitedFileSourceConfig['columns'],
  boardId: string,
): Map<Field, number> {
  const positions = new Map(header.map((name, i) => [vocabularyKey(name), i]));
  const columns = new Map<Field, number>();
  const missing: string[] = [];
  for (const [field, name] of Object.entries(wanted) as [Field, string | undefined][]) {
    if (name === undefined) continue;
    const index = positions.get(vocabularyKey(name));
    if (index === undefined) missing.push(name);
    else columns.set(field, index);
  }
  if (missing.length > 0)
    throw new SourceError({
      kind: 'parse-failure',
      message: `${boardId}: the roster header lacks ${missing.map((m) => `'${m}'`).join(', ')}`,
    });
  return columns;
}

function filterIndex(header: string[], column: string, boardId: string): number {
  const index = header.findIndex((name) => vocabularyKey(name) === vocabularyKey(column));
  if (index < 0)
    throw new SourceError({
      kind: 'parse-failure',
      message: `${boardId}: the roster header lacks the filter column '${column}'`,
    });
  return index;
}

/**
 * Streams one entry out of a ZIP as it downloads (local headers, so no seeking to the central directory).
 * A download that ends before the entry does is a truncated file: parse-failure, never a short roster.
 */
export async function* unzipEntry(
  chunks: AsyncIterable<Uint8Array>,
  entryName?: string,
): AsyncGenerator<Uint8Array, void, undefined> {
  const out: Uint8Array[] = [];
  let found: string | undefined;
  let complete = false;
  let failure: Error | undefined;
  const wanted = entryName?.toLowerCase();
  const unzip = new Unzip((file) => {
    const isDirectory = file.name.endsWith('/');
    const match = !found && !isDirectory && (wanted === undefined || file.name.toLowerCase() === wanted);
    if (!match) {
      // Started with a no-op sink: an unstarted entry would otherwise be buffered in memory.
      file.ondata = () => {};
      if (!isDirectory) file.start();
      return;
    }
    found = file.name;
    file.ondata = (error, data, final) => {
      if (error) failure = error;
      else {
        if (data.length > 0) out.push(data);
        if (final) complete = true;
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  const truncated = (detail: string) =>
    new SourceError({ kind: 'parse-failure', message: `the ZIP download is damaged or truncated (${detail})` });

  for await (const chunk of chunks) {
    try {
      unzip.push(chunk, false);
    } catch (error) {
      throw truncated(error instanceof Error ? error.message : String(error));
    }
    if (failure) throw truncated(failure.message);
    while (out.length > 0) yield out.shift() as Uint8Array;
    // The rest of the archive (other entries, central directory) is not needed.
    if (complete) return;
  }
  try {
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    throw truncated(error instanceof Error ? error.message : String(error));
  }
  if (failure) throw truncated(failure.message);
  while (out.length > 0) yield out.shift() as Uint8Array;
  if (!found)
    throw new SourceError({
      kind: 'parse-failure',
      message: entryName ? `the ZIP holds no entry named '${entryName}'` : 'the ZIP holds no file',
    });
  if (!complete) throw truncated(`'${found}' ends early`);
}
