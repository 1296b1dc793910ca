import { Readable } from 'node:stream';
import { type CsvError, type Info, parse } from 'csv-parse';
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import type { BoardWith } from './config/board-config.ts';
import type { ReadVariable } from './config/describe-board-method.ts';
import { type ByteStream, HttpClient, type HttpDeps } from './http-client.ts';
import { CookieJar } from './sources/cookie-jar.ts';
import { findLinkedFile } from './sources/find-linked-file.ts';
import { listBoxFolderFiles } from './sources/list-box-folder-files.ts';
import { readPostBackForm } from './sources/read-post-back-form.ts';
import { type CellReader, listReadColumns, rowFieldReader } from './sources/read-row-fields.ts';
import { readWorkbookSheet } from './sources/read-workbook-sheet.ts';
import {
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
  vocabularyKey,
  withUnknown,
} from './sources/record-fields.ts';
import { rowFilterMatcher } from './sources/row-filter.ts';
import { reachAzureB2c, signInAzureB2c } from './sources/sign-in-azure-b2c.ts';
import { tallyBulkFileRows } from './sources/tally-bulk-file-rows.ts';
import { workbookCellText } from './sources/workbook-cell-text.ts';
import {
  type BulkFileItem,
  type LicenseSource,
  SourceError,
  type SourceQuery,
  type SourceRecord,
  type SourceResult,
} from './types.ts';

/**
 * Bulk-file downloads (optionally zipped), read as a stream: constant memory whatever the file size. An
 * .xlsx workbook (`workbook`) is read whole instead, within a size limit (read-workbook-sheet.ts).
 * These boards publish no live search, so look-ups go to the registry the bulk file fed.
 */
export class DelimitedFileSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;
  private readonly readFields: (cell: CellReader) => RawFields;
  private readonly keepRow: (cell: string | undefined) => boolean;
  private readonly readVariable: ReadVariable;

  /** `readVariable`: where an account's credentials are read (the process environment by default). */
  constructor(
    private readonly board: BoardWith<'delimited-file'>,
    deps: HttpDeps & { readVariable?: ReadVariable } = {},
  ) {
    this.boardId = board.id;
    this.readVariable = deps.readVariable ?? ((name) => process.env[name]);
    this.http = new HttpClient(board.id, board.source, deps);
    this.mapping = recordMapping(board, board.source);
    this.readFields = rowFieldReader(board.source.columns, board.source);
    this.keepRow = rowFilterMatcher(board.source.filter);
  }

  async search(_query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    return {
      ok: false,
      error: { kind: 'unsupported', message: `${this.boardId} publishes a bulk file, not a live search` },
    };
  }

  /**
   * Every file of the board's list (`url`, then `moreFiles`) in one iteration: an ingest sees the
   * whole list, so an active-only list's removals are right. Each file is checked on its own to hold
   * rows of the board's (one holding only its DOs does): a file that changed is not hidden by another.
   */
  async *fetchBulkFile(): AsyncIterable<BulkFileItem> {
    const jar = await this.signIn();
    for (const file of await this.listFiles()) {
      const download = await this.open(file.url, file.headers, jar);
      try {
        yield* this.readBulkFile(download.body, file);
      } finally {
        download.close();
      }
    }
  }

  /** The board's files, `url` first, each with the ZIP entry it is read from and its name in messages. */
  private files(): (BulkFile & { url: string })[] {
    const { url, zip, moreFiles = [] } = this.board.source;
    return [{ url, zipEntry: zip?.entry }, ...moreFiles].map((file) => ({
      url: file.url,
      zipEntries: file.zipEntry === undefined ? undefined : [file.zipEntry],
      name: moreFiles.length > 0 ? `the bulk file ${fileName(file.url)}` : 'the bulk file',
    }));
  }

  /**
   * The files to download now: the configured ones, the one the board's page links today (`link`), or
   * those its Box folder holds today.
   */
  private async listFiles(): Promise<(BulkFile & { url: string; headers?: Record<string, string> })[]> {
    const { boxFolder, link, url } = this.board.source;
    if (link) {
      const page = await this.http.html(url);
      if (!page.ok) throw new SourceError(page.error);
      const [file] = this.files();
      return [{ ...(file as BulkFile), url: findLinkedFile(page.value.html, page.value.url, link.text, this.boardId) }];
    }
    if (!boxFolder) return this.files();
    const listed = await listBoxFolderFiles(this.http, boxFolder, this.boardId);
    if (!listed.ok) throw new SourceError(listed.error);
    return listed.value.map((file) => ({
      url: file.url,
      headers: file.headers,
      zipEntries: undefined,
      name: listed.value.length > 1 ? `the bulk file ${file.name}` : 'the bulk file',
    }));
  }

  /**
   * The session of the board's account when its download needs one (`account`): signed in once per
   * read of the list, and forgotten with it. Undefined for a board without an account.
   */
  private async signIn(): Promise<CookieJar | undefined> {
    const { account } = this.board.source;
    if (!account) return undefined;
    const username = this.readVariable(account.usernameVariable)?.trim();
    const password = this.readVariable(account.passwordVariable);
    if (!username || !password)
      throw new SourceError({
        kind: 'unavailable',
        message: `${this.boardId}: the download needs an account; set ${account.usernameVariable} and ${account.passwordVariable}`,
      });
    const signedIn = await signInAzureB2c(
      this.http,
      { signInUrl: account.signInUrl, username, password },
      this.boardId,
    );
    if (!signedIn.ok) throw new SourceError(signedIn.error);
    return signedIn.value;
  }

  /**
   * A file's download: its address's answer, or for a post-back the answer to its page's form; with a
   * signed-in session's cookies when the board has an account.
   */
  private async open(url: string, headers?: Record<string, string>, jar?: CookieJar): Promise<ByteStream> {
    const { postBack } = this.board.source;
    const opened = postBack
      ? await this.postBack(url, postBack.submit, jar ?? new CookieJar())
      : await this.http.stream(url, { ...(headers ? { headers } : {}), ...(jar ? { jar } : {}) });
    if (!opened.ok) throw new SourceError(opened.error);
    return opened.value;
  }

  /**
   * Reads the page at `url`, then posts its form back as a browser would, with the cookies the page
   * set (an ASP.NET session holds the page's state), and opens the answer as the file.
   */
  private async postBack(url: string, submit: string | undefined, jar: CookieJar): Promise<SourceResult<ByteStream>> {
    const page = await this.http.html(url, { jar });
    if (!page.ok) return page;
    const form = readPostBackForm(page.value.html, page.value.url, this.boardId, submit);
    const headers = { 'content-type': 'application/x-www-form-urlencoded', referer: page.value.url };
    const body = new URLSearchParams(form.fields).toString();
    const opened = await this.http.stream(form.action, { method: 'POST', headers, body, jar });
    // A download's only parse failure before its first byte is an HTML answer: WebForms re-renders its
    // page when it refuses a post-back (state, session or button not accepted), with HTTP 200.
    if (opened.ok || opened.error.kind !== 'parse-failure') return opened;
    return {
      ok: false,
      error: {
        ...opened.error,
        message: `${this.boardId}: the form of ${page.value.url}, posted back, was answered with a page, not the bulk file: the board did not take the post-back (its state, session cookie or button; postBack.submit names the button)`,
      },
    };
  }

  /**
   * The bulk file in `body`, read as this source's configuration says: the download's, or a file an
   * operator loaded (admin/board-lists). The configuration's `url` is then not used. `file`: which of
   * the board's files it is; a loaded one may be any of them.
   */
  async *readBulkFile(body: AsyncIterable<Uint8Array>, file: BulkFile = this.anyFile()): AsyncIterable<BulkFileItem> {
    const source = this.board.source;
    const bytes = source.zip ? unzipEntry(body, file.zipEntries) : body;
    const rows = source.workbook
      ? readWorkbookSheet(bytes, source.workbook.sheet, this.boardId)
      : this.delimitedRows(bytes);
    // A workbook's cells become the text a delimited file would hold: a date in the first configured
    // form, and a number in a date column (known once the header is) as Excel's day count.
    const dateForm = typeof source.dateFormat === 'string' ? source.dateFormat : (source.dateFormat[0] ?? 'iso');
    const dateColumns = new Set<number>();

    const headerStart = source.headerStartsWith === undefined ? undefined : vocabularyKey(source.headerStartsWith);
    let columns: Map<string, number> | undefined;
    const tally = tallyBulkFileRows(this.boardId);
    let filterColumn: number | undefined;
    let width = 0;
    try {
      for await (const item of rows) {
        if ('error' in item) {
          yield item;
          continue;
        }
        // A sheet row ends at its last filled cell: the cells after it are empty, not missing.
        const record =
          'values' in item
            ? Array.from({ length: Math.max(item.values.length, width) }, (_, i) =>
                workbookCellText(item.values[i], dateForm, dateColumns.has(i)),
              )
            : item.cells;
        if (!columns) {
          // Lines above the header (a title, the date of the list) are not rows.
          if (headerStart !== undefined && vocabularyKey(record[0] ?? '') !== headerStart) continue;
          columns = headerColumns(record, listReadColumns(source.columns, source), this.boardId);
          filterColumn = source.filter ? filterIndex(record, source.filter.column, this.boardId) : undefined;
          width = record.length;
          for (const column of [source.columns.issueDate, source.columns.expiryDate]) {
            const index = column === undefined ? undefined : columns.get(column);
            if (index !== undefined) dateColumns.add(index);
          }
          continue;
        }
        // Another board's row in a shared file: not read, not counted.
        if (filterColumn !== undefined && record.length >= width && !this.keepRow(record[filterColumn])) continue;
        const bulkFileItem = this.toItem(record, item.row, columns, width, tally);
        if (bulkFileItem) yield bulkFileItem;
      }
      if (columns) tally.check(file.name);
      if (!columns)
        throw new SourceError({
          kind: 'parse-failure',
          message:
            headerStart === undefined
              ? `${this.boardId}: the bulk file is empty`
              : `${this.boardId}: no line of the bulk file starts with '${source.headerStartsWith}' (its header)`,
        });
    } catch (error) {
      if (error instanceof SourceError) throw error;
      throw new SourceError({
        kind: 'parse-failure',
        message: `${this.boardId}: cannot read the bulk file (${error instanceof Error ? error.message : String(error)})`,
      });
    }
  }

  /** A text file's records, split by the configured delimiter and quote; unreadable lines as errors. */
  private async *delimitedRows(
    bytes: AsyncIterable<Uint8Array>,
  ): AsyncGenerator<{ cells: string[]; row: number } | RowFailure, void, undefined> {
    const source = this.board.source;
    const quote = source.quote === false ? null : source.quote;
    const text = textLines(bytes, source.encoding, quote !== null && !source.multilineFields ? quote : null);

    const skipped: RowFailure[] = [];
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
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: Info }>) {
        yield* skipped.splice(0);
        yield { cells: record, row: info.lines };
      }
      yield* skipped.splice(0);
    } finally {
      input.destroy();
      parser.destroy();
    }
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const { account } = this.board.source;
    // Every few minutes: the portal's way in is checked, without signing in or reaching for the file
    // behind it (a sign-in, and the file, wait for the daily read).
    if (account) {
      const reached = await reachAzureB2c(this.http, account.signInUrl, this.boardId);
      return reached.ok ? { ok: true, value: { latencyMs: Math.round(performance.now() - started) } } : reached;
    }
    let files: Awaited<ReturnType<typeof this.listFiles>>;
    try {
      files = await this.listFiles();
    } catch (error) {
      if (error instanceof SourceError) return { ok: false, error: error.failure };
      throw error;
    }
    for (const { url, headers } of files) {
      const reached = await this.reach(url, headers);
      if (!reached.ok) return reached;
    }
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /**
   * That a file is there, without downloading it: its headers; for a post-back, its page and the
   * form to send (posting it would send the whole file).
   */
  private async reach(url: string, headers?: Record<string, string>): Promise<SourceResult<null>> {
    const { postBack } = this.board.source;
    if (!postBack) {
      const opened = await this.http.stream(url, headers ? { headers } : {});
      if (!opened.ok) return opened;
      opened.value.close();
      return { ok: true, value: null };
    }
    const page = await this.http.html(url);
    if (!page.ok) return page;
    try {
      readPostBackForm(page.value.html, page.value.url, this.boardId, postBack.submit);
    } catch (error) {
      if (error instanceof SourceError) return { ok: false, error: error.failure };
      throw error;
    }
    return { ok: true, value: null };
  }

  /**
   * A file an operator loaded may be any of the board's files (Missouri's OPS.ZIP as well as its
   * MED.ZIP): a ZIP is read from whichever configured entry it holds.
   */
  private anyFile(): BulkFile {
    const entries = this.files().map((file) => file.zipEntries);
    return {
      zipEntries: entries.some((names) => names === undefined) ? undefined : entries.flatMap((names) => names ?? []),
      name: 'the bulk file',
    };
  }

  /** Undefined for a row that belongs to another board (another profession in a shared file). */
  private toItem(
    record: string[],
    row: number,
    columns: Map<string, number>,
    width: number,
    tally: ReturnType<typeof tallyBulkFileRows>,
  ): BulkFileItem | undefined {
    if (record.length === 1 && record[0] === UNBALANCED) {
      tally.unreadable();
      return { error: { row, reason: 'unbalanced quotes (a quoted field is not closed on its line)' } };
    }
    const extra = record.slice(width);
    if (record.length < width || extra.some((cell) => cell.trim() !== '')) {
      tally.unreadable();
      return { error: { row, reason: `expected ${width} fields, found ${record.length}` } };
    }
    const raw = this.readFields((column) => {
      const index = columns.get(column);
      return index === undefined ? undefined : record[index];
    });
    const mapped = mapRow(raw, this.mapping);
    tally.note(mapped);
    if ('record' in mapped) return { record: mapped.record, row, ...withUnknown(mapped) };
    if ('reason' in mapped) return { error: { row, reason: mapped.reason, ...withUnknown(mapped) } };
    return undefined;
  }
}

type RowFailure = Extract<BulkFileItem, { error: unknown }>;

/**
 * Which of the board's files a body is: the ZIP entries it may be read from (undefined: the ZIP's
 * first file), and how messages name it.
 */
type BulkFile = { zipEntries: readonly string[] | undefined; name: string };

/** The last segment of a file's address ('OPS.ZIP'), for messages. */
function fileName(url: string): string {
  return new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? url;
}

// Stands in for a line whose quotes do not balance; it holds no delimiter or quote, so it parses as one field.
const UNBALANCED = '\u0000unbalanced-quotes';
const MAX_LINE_CHARS = 1 << 20;

/**
 * Decodes the download into blocks of whole lines. When a bulk file's fields never span lines, a line
 * with an odd number of quote characters is replaced by a marker: otherwise its open quote would
 * swallow every following row up to the next stray quote, and one bad row would silently cost the
 * rest of the bulk file.
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
          message: 'the bulk file has a line longer than 1 MB; wrong format?',
        });
      continue;
    }
    carry = text.slice(cut + 1);
    yield guard(text.slice(0, cut + 1));
  }
  const rest = carry + decoder.decode();
  if (rest !== '') yield guard(rest);
}

/** Each column the reading needs → its position in the header (names matched like vocabularies). */
function headerColumns(header: string[], wanted: readonly string[], boardId: string): Map<string, number> {
  const positions = new Map(header.map((name, i) => [vocabularyKey(name), i]));
  const columns = new Map<string, number>();
  const missing: string[] = [];
  for (const name of wanted) {
    const index = positions.get(vocabularyKey(name));
    if (index === undefined) missing.push(name);
    else columns.set(name, index);
  }
  if (missing.length > 0)
    throw new SourceError({
      kind: 'parse-failure',
      message: `${boardId}: the bulk file's header lacks ${missing.map((m) => `'${m}'`).join(', ')}`,
    });
  return columns;
}

function filterIndex(header: string[], column: string, boardId: string): number {
  const index = header.findIndex((name) => vocabularyKey(name) === vocabularyKey(column));
  if (index < 0)
    throw new SourceError({
      kind: 'parse-failure',
      message: `${boardId}: the bulk file's header lacks the filter column '${column}'`,
    });
  return index;
}

/**
 * Streams one entry out of a ZIP as it downloads (local headers, so no seeking to the central directory).
 * A download that ends before the entry does is a truncated file: parse-failure, never a short bulk file.
 * `entryName`: the entry, or the first of several names the ZIP holds (a board's files each zip one);
 * none: the first file.
 */
export async function* unzipEntry(
  chunks: AsyncIterable<Uint8Array>,
  entryName?: string | readonly string[],
): AsyncGenerator<Uint8Array, void, undefined> {
  const out: Uint8Array[] = [];
  let found: string | undefined;
  let complete = false;
  let failure: Error | undefined;
  const names = typeof entryName === 'string' ? [entryName] : (entryName ?? []);
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  const unzip = new Unzip((file) => {
    const isDirectory = file.name.endsWith('/');
    const match = !found && !isDirectory && (wanted.size === 0 || wanted.has(file.name.toLowerCase()));
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
      message:
        names.length > 0
          ? `the ZIP holds no entry named ${names.map((name) => `'${name}'`).join(' or ')}`
          : 'the ZIP holds no file',
    });
  if (!complete) throw truncated(`'${found}' ends early`);
}
