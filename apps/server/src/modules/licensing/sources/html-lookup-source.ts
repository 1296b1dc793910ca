import { type CheerioAPI, load } from 'cheerio';
import type { BoardWith } from '../config/board-config.ts';
import { parsePersonName } from '../matching/parse-person-name.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { detectBotChallenge } from './detect-bot-challenge.ts';
import { HttpClient, type HttpDeps, type RequestOptions } from './http-client.ts';
import {
  clean,
  collectSearchRows,
  type MappedRow,
  mapRow,
  type RecordMapping,
  recordMapping,
} from './record-fields.ts';

type Request = { url: string; options: RequestOptions };
/**
 * Rows read so far, the last page read, the request for the next page if the board has more, and
 * whether the board answered its own "nothing found" marker.
 */
type Pages = { rows: MappedRow[]; next: Request | undefined; page: number; saidNoResults: boolean };

/** The little of a cheerio selection a result row needs (avoids naming domhandler's node types). */
type RowElement = { find(selector: string): { first(): { text(): string } } };

// Health asks for a surname nobody has, so the board answers its cheapest page.
const HEALTH_LAST_NAME = 'Zzyzxq';

/** A board's public search form, read with cheerio through configured selectors. No roster. */
export class HtmlLookupSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;

  constructor(
    private readonly board: BoardWith<'html-lookup'>,
    deps: HttpDeps = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    this.mapping = recordMapping(board, board.source);
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    const { params, licenseTypeValues } = this.board.source;
    if ('licenseNumber' in query) {
      if (!params.licenseNumber)
        return { ok: false, error: { kind: 'unsupported', message: `${this.boardId} has no search by number` } };
      return this.lookup({ [params.licenseNumber]: query.licenseNumber.trim() });
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const base: Record<string, string> = { [params.lastName]: query.lastName.trim() };
    if (params.licenseType) base[params.licenseType] = licenseTypeValues?.[query.licenseType] ?? query.licenseType;
    const keepType = (result: SourceResult<SourceRecord[]>): SourceResult<SourceRecord[]> =>
      result.ok ? { ...result, value: result.value.filter((r) => r.licenseType === query.licenseType) } : result;

    const firstName = query.firstName.trim();
    if (!params.firstName || firstName === '') return keepType(collect(await this.readPages(base)));
    // The surname alone first: most surnames fit one page, which then holds the physician under any
    // first name (Bill for William, which a first-name prefix misses) in one request.
    const wide = await this.readPages(base, 1);
    if (!wide.ok || !wide.value.next) return keepType(collect(wide));
    // More namesakes than a page: the first name narrows them; when it finds nobody (a nickname),
    // the rest of the surname's pages decide.
    const narrow = keepType(collect(await this.readPages({ ...base, [params.firstName]: firstName })));
    if (!narrow.ok || narrow.value.length > 0) return narrow;
    return keepType(collect(await this.readPages(base, this.board.source.maxPages, wide.value)));
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const request = this.firstRequest({ [this.board.source.params.lastName]: HEALTH_LAST_NAME });
    const page = await this.http.html(request.url, request.options);
    if (!page.ok) return page;
    const $ = loadPage(page.value.html);
    const { row, noResults } = this.board.source.selectors;
    if (noResults && $(row).length === 0 && $(noResults).length === 0)
      return { ok: false, error: { kind: 'parse-failure', message: `${this.boardId}: the search page changed shape` } };
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  private async lookup(params: Record<string, string>): Promise<SourceResult<SourceRecord[]>> {
    return collect(await this.readPages(params));
  }

  /** Reads result pages up to page `until` (and the board's maxPages), from the start or on from `from`. */
  private async readPages(
    params: Record<string, string>,
    until = this.board.source.maxPages,
    from?: Pages,
  ): Promise<SourceResult<Pages>> {
    const { selectors, maxPages } = this.board.source;
    const rows = from ? [...from.rows] : [];
    let request: Request | undefined = from ? from.next : this.firstRequest(params);
    let page = from?.page ?? 0;
    let saidNoResults = from?.saidNoResults ?? false;
    while (request && page < Math.min(until, maxPages)) {
      page++;
      const answer = await this.http.html(request.url, request.options);
      if (!answer.ok) return answer;
      const $ = loadPage(answer.value.html);
      const found = $(selectors.row);
      if (found.length === 0) {
        // A page without rows must never read as "no licenses" when it is something else: a CAPTCHA
        // (a widget alone may sit beside results, so only here does it block), another site's page
        // (the board moved its search), or a page without the board's own "nothing found" marker.
        const wall = detectBotChallenge(answer.value.html);
        if (wall)
          return {
            ok: false,
            error: {
              kind: 'blocked',
              message: `${this.boardId}: the board answered ${wall.name} instead of results`,
              url: answer.value.url,
            },
          };
        if (new URL(answer.value.url).host !== new URL(request.url).host)
          return {
            ok: false,
            error: {
              kind: 'moved',
              message: `${this.boardId}: the search was sent to ${answer.value.url}, a page without results`,
              url: answer.value.url,
            },
          };
        if (page === 1 && selectors.noResults && $(selectors.noResults).length === 0)
          return {
            ok: false,
            error: {
              kind: 'parse-failure',
              message: `${this.boardId}: the answer has neither result rows nor the no-results marker`,
            },
          };
        saidNoResults ||= page === 1 && selectors.noResults !== undefined;
        request = undefined;
        break;
      }
      for (let i = 0; i < found.length; i++) rows.push(this.mapElement(found.eq(i)));
      request = this.nextRequest($, answer.value.url, params, page, found.length);
    }
    return { ok: true, value: { rows, next: request, page, saidNoResults } };
  }

  private firstRequest(params: Record<string, string>, page?: number): Request {
    const source = this.board.source;
    const form = new URLSearchParams({ ...source.extraParams, ...params });
    if (page !== undefined && source.params.page) form.set(source.params.page, String(page));
    if (source.method === 'POST')
      return {
        url: source.searchUrl,
        options: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
      };
    const url = new URL(source.searchUrl);
    for (const [k, v] of form) url.searchParams.set(k, v);
    return { url: url.toString(), options: {} };
  }

  private nextRequest(
    $: CheerioAPI,
    currentUrl: string,
    params: Record<string, string>,
    page: number,
    rowCount: number,
  ): Request | undefined {
    const source = this.board.source;
    if (source.selectors.nextPage) {
      const link = $(source.selectors.nextPage).first();
      if (link.length === 0) return undefined;
      const href = link.attr('href')?.trim();
      if (source.method === 'GET' && href && !href.startsWith('#') && !/^javascript:/i.test(href)) {
        const next = new URL(href, currentUrl);
        // Never let a page send us to another host.
        if (next.origin !== new URL(source.searchUrl).origin) return undefined;
        return { url: next.toString(), options: {} };
      }
      return source.params.page ? this.firstRequest(params, page + 1) : undefined;
    }
    // Without a next link, a full page suggests more follow.
    if (source.params.page && rowCount >= source.pageSize) return this.firstRequest(params, page + 1);
    return undefined;
  }

  private mapElement(row: RowElement): MappedRow {
    const s = this.board.source.selectors;
    const cell = (selector: string | undefined) =>
      selector === undefined ? undefined : row.find(selector).first().text().replace(/\s+/g, ' ').trim();
    let names: {
      lastName?: string | null;
      firstName?: string | null;
      middleName?: string | null;
      suffix?: string | null;
    };
    if (s.name) {
      // 'Last, First Middle Suffix' or 'First Middle Last Suffix': the comma tells them apart.
      const parsed = parsePersonName(cell(s.name) ?? '');
      if (!parsed.lastName) return { reason: 'missing name' };
      names = { ...parsed, firstName: parsed.firstName || null };
    } else {
      names = {
        lastName: cell(s.lastName),
        firstName: cell(s.firstName),
        middleName: cell(s.middleName),
        suffix: cell(s.suffix),
      };
    }
    return mapRow(
      {
        ...names,
        suffix: clean(cell(s.suffix)) ?? names.suffix,
        licenseNumber: cell(s.licenseNumber),
        licenseType: cell(s.licenseType),
        status: cell(s.status),
        issueDate: cell(s.issueDate),
        expiryDate: cell(s.expiryDate),
        discipline: cell(s.discipline),
      },
      this.mapping,
    );
  }
}

function collect(pages: SourceResult<Pages>): SourceResult<SourceRecord[]> {
  if (!pages.ok) return pages;
  const collected = collectSearchRows(pages.value.rows);
  if (!collected.ok) return { ok: false, error: { kind: 'parse-failure', message: collected.reason } };
  // Rows dropped as unreadable vanish from the records: the probe counts them (health/probe-board.ts).
  const rejectedRows = pages.value.rows.flatMap((row) => ('reason' in row ? [row.reason] : []));
  const { saidNoResults } = pages.value;
  if (rejectedRows.length === 0 && !saidNoResults) return { ok: true, value: collected.records };
  return { ok: true, value: collected.records, notes: { rejectedRows, saidNoResults } };
}

// htmlparser2 reads a page for under a third of parse5's CPU (docs/decisions/024-cheaper-board-look-ups.md),
// but builds the tree as written, while selectors are written against what a browser shows. A page whose tree
// differs where selectors look (no <body>, a row straight inside <table> with no <tbody>) is read again by the
// HTML5 parser, which adds them as a browser does.
function loadPage(html: string): CheerioAPI {
  const $ = load(html, { xml: { xmlMode: false } });
  return $('body').length === 0 || $('table > tr').length > 0 ? load(html) : $;
}
