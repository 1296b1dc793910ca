import { type CheerioAPI, load } from 'cheerio';
import type { BoardWith } from '../config/board-config.ts';
import { HttpClient, type HttpDeps, type RequestOptions } from '../http-client.ts';
import { parsePersonName } from '../parse-person-name.ts';
import type { LicenseSource, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { chooseDetailRows } from './choose-detail-rows.ts';
import { CookieJar } from './cookie-jar.ts';
import { detectBotChallenge } from './detect-bot-challenge.ts';
import {
  clean,
  collectSearchResult,
  keepLicenseType,
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
  vocabularyKey,
} from './record-fields.ts';

type Request = { url: string; options: RequestOptions };
type Source = BoardWith<'html-lookup'>['source'];
type DetailFieldRef = NonNullable<Source['detail']>['fields']['status'];
type DetailFieldName = keyof NonNullable<Source['detail']>['fields'];

/** The form a search fills: where it is sent and what it asks. */
type Search = { url: string; params: Record<string, string> };

/** One result row as the list shows it, before mapping, with the address of its detail page. */
type ListedRow = { fields: RawFields; detailUrl: string | undefined } | { reason: string };

/**
 * Rows read so far, the last page read, the request for the next page if the board has more, whether
 * the board answered its own "nothing found" or "too many" words, and the conversation's cookies (a
 * board keeping the search in its session pages through it with them: Kansas).
 */
type Pages = {
  search: Search;
  rows: ListedRow[];
  next: Request | undefined;
  page: number;
  saidNoResults: boolean;
  saidTooMany: boolean;
  jar: CookieJar;
};

/** Whose detail pages are worth reading: rows that may be this physician, or every row (a number search). */
type Wanted = { lastName: string; firstName: string } | 'every-row';

/** The little of a cheerio selection a result row needs (avoids naming domhandler's node types). */
type RowElement = {
  find(selector: string): { length: number; first(): { text(): string; attr(name: string): string | undefined } };
};

// Health asks for a surname nobody has, so the board answers its cheapest page.
const HEALTH_LAST_NAME = 'Zzyzxq';

/** A board's public search form, read with cheerio through configured selectors. No bulk file. */
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
    const { params, licenseTypeValues, searchUrl, numberSearchUrl } = this.board.source;
    if ('licenseNumber' in query) {
      if (!params.licenseNumber)
        return { ok: false, error: { kind: 'unsupported', message: `${this.boardId} has no search by number` } };
      const search = {
        url: numberSearchUrl ?? searchUrl,
        params: { [params.licenseNumber]: this.numberAsTheBoardWritesIt(query.licenseNumber) },
      };
      return this.finish(await this.readPages(search), 'every-row');
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const base: Record<string, string> = { [params.lastName]: query.lastName.trim() };
    if (params.licenseType) base[params.licenseType] = licenseTypeValues?.[query.licenseType] ?? query.licenseType;
    const wanted = { lastName: query.lastName, firstName: query.firstName };
    const done = async (pages: SourceResult<Pages>): Promise<SourceResult<SourceRecord[]>> => {
      const result = await this.finish(pages, wanted);
      return keepLicenseType(result, query.licenseType);
    };

    const firstName = query.firstName.trim();
    if (!params.firstName || firstName === '') return done(await this.readPages({ url: searchUrl, params: base }));
    // The surname alone first: most surnames fit one page, which then holds the physician under any
    // first name (Bill for William, which a first-name prefix misses) in one request.
    const wide = await this.readPages({ url: searchUrl, params: base }, 1);
    if (!wide.ok || !(wide.value.next || wide.value.saidTooMany)) return done(wide);
    // More namesakes than a page (or than the board lists at all): the first name narrows them; when
    // it finds nobody (a nickname), the rest of the surname's pages decide, where the board has them.
    const narrow = await done(
      await this.readPages({ url: searchUrl, params: { ...base, [params.firstName]: firstName } }),
    );
    if (!narrow.ok || narrow.value.length > 0 || wide.value.saidTooMany) return narrow;
    return done(await this.readPages(wide.value.search, this.board.source.maxPages, wide.value));
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const search = {
      url: this.board.source.searchUrl,
      params: { [this.board.source.params.lastName]: HEALTH_LAST_NAME },
    };
    const request = this.firstRequest(search);
    const page = await this.http.html(request.url, { ...request.options, jar: new CookieJar() });
    if (!page.ok) return page;
    const $ = loadPage(page.value.html);
    if ($(this.board.source.selectors.row).length === 0 && this.saysNoResults($) === false)
      return { ok: false, error: { kind: 'parse-failure', message: `${this.boardId}: the search page changed shape` } };
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** The number as the board's form wants it typed: rewritten into its pattern, digits padded. */
  private numberAsTheBoardWritesIt(typed: string): string {
    const rule = this.board.source.numberQuery;
    let number = typed.trim();
    if (rule?.rewrite) {
      const pattern = new RegExp(rule.rewrite.pattern);
      if (pattern.test(number)) number = number.replace(pattern, rule.rewrite.replacement);
    }
    if (rule?.padDigits !== undefined && /^\d+$/.test(number)) number = number.padStart(rule.padDigits, '0');
    return number;
  }

  /** Reads result pages up to page `until` (and the board's maxPages), from the start or on from `from`. */
  private async readPages(
    search: Search,
    until = this.board.source.maxPages,
    from?: Pages,
  ): Promise<SourceResult<Pages>> {
    const { selectors, maxPages, tooManyText, groups } = this.board.source;
    const rows = from ? [...from.rows] : [];
    const jar = from?.jar ?? new CookieJar();
    let request: Request | undefined = from ? from.next : this.firstRequest(search);
    let page = from?.page ?? 0;
    let saidNoResults = from?.saidNoResults ?? false;
    let saidTooMany = from?.saidTooMany ?? false;
    while (request && page < Math.min(until, maxPages)) {
      page++;
      const answer = await this.http.html(request.url, { ...request.options, jar });
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
        if (page === 1 && tooManyText && pageText($).includes(vocabularyKey(tooManyText))) {
          saidTooMany = true;
          request = undefined;
          break;
        }
        const said = this.saysNoResults($);
        if (page === 1 && said === false)
          return {
            ok: false,
            error: {
              kind: 'parse-failure',
              message: `${this.boardId}: the answer has neither result rows nor the no-results marker`,
            },
          };
        saidNoResults ||= page === 1 && said === true;
        request = undefined;
        break;
      }
      // A group's heading names the license type of the rows below it, until the next heading.
      let group: string | undefined;
      for (let i = 0; i < found.length; i++) {
        const row = found.eq(i);
        const heading = groups ? row.find(groups.heading) : undefined;
        if (heading && heading.length > 0) {
          group = heading.first().text().replace(/\s+/g, ' ').trim();
          continue;
        }
        // Another profession's group (nurses under the same surname): not read, its details never asked.
        if (group !== undefined && !this.mapping.licenseTypes.has(vocabularyKey(group))) continue;
        rows.push(this.listRow(row, group, answer.value.url, search.url));
      }
      request = this.nextRequest($, answer.value.url, search, page, found.length);
    }
    return { ok: true, value: { search, rows, next: request, page, saidNoResults, saidTooMany, jar } };
  }

  /** Whether the page holds the board's "nothing found" marker; undefined when none is configured. */
  private saysNoResults($: CheerioAPI): boolean | undefined {
    const { selectors, noResultsText } = this.board.source;
    if (!selectors.noResults && !noResultsText) return undefined;
    if (selectors.noResults && $(selectors.noResults).length > 0) return true;
    return noResultsText !== undefined && pageText($).includes(vocabularyKey(noResultsText));
  }

  private firstRequest(search: Search, page?: number): Request {
    const source = this.board.source;
    const form = new URLSearchParams({ ...source.extraParams, ...search.params });
    if (page !== undefined && source.params.page) form.set(source.params.page, String(page));
    if (source.method === 'POST')
      return {
        url: search.url,
        options: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
      };
    const url = new URL(search.url);
    for (const [k, v] of form) url.searchParams.set(k, v);
    return { url: url.toString(), options: {} };
  }

  private nextRequest(
    $: CheerioAPI,
    currentUrl: string,
    search: Search,
    page: number,
    rowCount: number,
  ): Request | undefined {
    const source = this.board.source;
    if (source.selectors.nextPage) {
      const link = $(source.selectors.nextPage).first();
      if (link.length === 0) return undefined;
      const href = link.attr('href')?.trim();
      // A real address is followed as a browser does, by GET, for a posted form too: such a board keeps
      // the search in its session (Kansas's results.html?navigate=next), whose cookies the jar holds.
      if (href && !href.startsWith('#') && !/^javascript:/i.test(href)) {
        const next = new URL(href, currentUrl);
        // Never let a page send us to another host.
        if (next.origin !== new URL(search.url).origin) return undefined;
        return { url: next.toString(), options: {} };
      }
      return source.params.page ? this.firstRequest(search, page + 1) : undefined;
    }
    // Without a next link, a full page suggests more follow.
    if (source.params.page && rowCount >= source.pageSize) return this.firstRequest(search, page + 1);
    return undefined;
  }

  private listRow(row: RowElement, group: string | undefined, pageUrl: string, searchUrl: string): ListedRow {
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
    return {
      fields: {
        ...names,
        suffix: clean(cell(s.suffix)) ?? names.suffix,
        licenseNumber: cell(s.licenseNumber),
        licenseType: clean(cell(s.licenseType)) ?? group,
        status: cell(s.status),
        issueDate: cell(s.issueDate),
        expiryDate: cell(s.expiryDate),
        discipline: cell(s.discipline),
      },
      detailUrl: this.detailUrl(row, pageUrl, searchUrl),
    };
  }

  private detailUrl(row: RowElement, pageUrl: string, searchUrl: string): string | undefined {
    const detail = this.board.source.detail;
    if (!detail) return undefined;
    const href = row.find(detail.link).first().attr('href')?.trim();
    if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return undefined;
    const url = new URL(href, pageUrl);
    // Never let a page send us to another host.
    return url.origin === new URL(searchUrl).origin ? url.toString() : undefined;
  }

  /** The rows' detail pages read where the list lacks a field, then every row mapped and collected. */
  private async finish(pages: SourceResult<Pages>, wanted: Wanted): Promise<SourceResult<SourceRecord[]>> {
    if (!pages.ok) return pages;
    if (pages.value.saidTooMany)
      return {
        ok: false,
        error: {
          kind: 'unsupported',
          message: `${this.boardId}: the board answered that the search matches too many records to list them`,
        },
      };
    let rows = pages.value.rows;
    if (this.board.source.detail) {
      const read = await this.readDetails(rows, wanted, pages.value.jar);
      if (!read.ok) return read;
      rows = read.value;
    }
    return collectSearchResult(
      rows.map((row) => ('reason' in row ? row : mapRow(row.fields, this.mapping))),
      pages.value.saidNoResults,
    );
  }

  private async readDetails(rows: ListedRow[], wanted: Wanted, jar: CookieJar): Promise<SourceResult<ListedRow[]>> {
    const detail = this.board.source.detail;
    if (!detail) return { ok: true, value: rows };
    const names = Object.keys(detail.fields) as DetailFieldName[];
    const lacking = (row: ListedRow) =>
      !('reason' in row) && row.detailUrl !== undefined && names.some((name) => clean(row.fields[name]) === null);
    const candidates = rows.filter(lacking);
    const chosen = new Set(
      wanted === 'every-row'
        ? candidates.slice(0, detail.maxDetails)
        : chooseDetailRows(candidates, wanted, (row) => ('reason' in row ? undefined : row.fields), detail.maxDetails),
    );
    const out: ListedRow[] = [];
    for (const row of rows) {
      if ('reason' in row || !chosen.has(row)) {
        // Without its detail page, a row whose list gives no number cannot be told from another license.
        if ('reason' in row || !lacking(row) || clean(row.fields.licenseNumber) !== null) out.push(row);
        continue;
      }
      const page = await this.http.html(row.detailUrl as string, { jar });
      if (!page.ok) return page;
      const $ = loadPage(page.value.html);
      const fields: RawFields = { ...row.fields };
      for (const name of names) {
        const value = clean(readDetailField($, detail.fields[name]));
        if (value !== null) fields[name] = value;
      }
      out.push({ fields, detailUrl: row.detailUrl });
    }
    return { ok: true, value: out };
  }
}

/** A page's visible words, as vocabulary keys compare them: for a board's own sentences. */
function pageText($: CheerioAPI): string {
  return vocabularyKey($('body').text());
}

const LABEL_HOLDERS = 'th, td, dt, strong, b, label, span';
const labelKey = (text: string) => vocabularyKey(text).replace(/\s*:$/, '');

/** A detail page's field: a selector's text, or the value beside its label (lookupDetailField). */
function readDetailField($: CheerioAPI, ref: DetailFieldRef): string | undefined {
  if (ref === undefined) return undefined;
  if (typeof ref === 'string') {
    const found = $(ref).first();
    return found.length === 0 ? undefined : found.text().replace(/\s+/g, ' ').trim();
  }
  const wanted = labelKey(ref.label);
  const label = $(LABEL_HOLDERS)
    .filter((_, el) => labelKey($(el).text()) === wanted)
    .first();
  if (label.length === 0) return undefined;
  const tag = label.prop('tagName')?.toLowerCase();
  if (tag === 'th' || tag === 'td') return label.nextAll('td, th').first().text().replace(/\s+/g, ' ').trim();
  if (tag === 'dt') return label.nextAll('dd').first().text().replace(/\s+/g, ' ').trim();
  // An inline label: the value is the rest of the element holding it.
  const holder = label.parent().text().replace(/\s+/g, ' ').trim();
  const own = label.text().replace(/\s+/g, ' ').trim();
  const at = holder.indexOf(own);
  return at < 0 ? undefined : holder.slice(at + own.length).trim();
}

// htmlparser2 reads a page for under a third of parse5's CPU (docs/decisions/024-cheaper-board-look-ups.md),
// but builds the tree as written, while selectors are written against what a browser shows. A page whose tree
// differs where selectors look (no <body>, a row straight inside <table> with no <tbody>) is read again by the
// HTML5 parser, which adds them as a browser does.
function loadPage(html: string): CheerioAPI {
  const $ = load(html, { xml: { xmlMode: false } });
  return $('body').length === 0 || $('table > tr').length > 0 ? load(html) : $;
}
