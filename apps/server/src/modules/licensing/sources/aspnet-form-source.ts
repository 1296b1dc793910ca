import type { LicenseType } from '@licensewatch/shared/licenses';
import { type Cheerio, type CheerioAPI, load } from 'cheerio';
import type { BoardWith } from '../config/board-config.ts';
import { HttpClient, type HttpDeps } from '../http-client.ts';
import { parsePersonName } from '../parse-person-name.ts';
import {
  type LicenseSource,
  SourceError,
  type SourceFailure,
  type SourceQuery,
  type SourceRecord,
  type SourceResult,
} from '../types.ts';
import { chooseDetailRows } from './choose-detail-rows.ts';
import { CookieJar } from './cookie-jar.ts';
import { detectBotChallenge } from './detect-bot-challenge.ts';
import { type FormFilling, fillWebForm, findControl } from './fill-web-form.ts';
import type { PostBackForm } from './read-post-back-form.ts';
import { readPostBackLink } from './read-post-back-link.ts';
import { type PageElement, readResultCells, readText } from './read-result-cells.ts';
import {
  clean,
  collectSearchResult,
  fitsLicenseType,
  keepLicenseType,
  type MappedRow,
  mapRow,
  type RawFields,
  type RecordMapping,
  recordMapping,
} from './record-fields.ts';

type Config = BoardWith<'aspnet-form'>['source'];
type DetailFields = NonNullable<Config['detail']>['fields'];

/** A page, the address that answered it (after redirects), and the address asked. */
type Answer = { html: string; url: string; asked: string };

/** One search on the form: the boxes filled, the radios or boxes ticked, the button pressed. */
type Search = { values: Record<string, string>; check: readonly string[]; button: string };

/** A link as the page writes it: an address, or a script that posts the page back. */
type Link = { href: string | undefined; onclick: string | undefined };

/**
 * A result row as the list showed it, with its detail link and the page it was on: a `__doPostBack`
 * detail link is that page's form posted back.
 */
type ListRow = { raw: RawFields; link: Link | undefined; page: Answer };

/** Whose detail pages are worth a request: namesakes of the physician asked about, or every row of a number search. */
type Wanted = { lastName: string; firstName: string; licenseType: LicenseType } | 'any';

type Conversation = { rows: MappedRow[]; saidNoResults: boolean };

/**
 * A board's ASP.NET WebForms look-up (GLSuite, Accela Citizen Access, mylicense.com and boards' own
 * pages): each search reads the search page and posts its form back as a browser does, in a
 * conversation of its own (its own cookies), then follows the grid's pager and the rows' detail pages.
 */
export class AspnetFormSource implements LicenseSource {
  readonly boardId: string;
  private readonly http: HttpClient;
  private readonly mapping: RecordMapping;

  constructor(
    private readonly board: BoardWith<'aspnet-form'>,
    deps: HttpDeps = {},
  ) {
    this.boardId = board.id;
    this.http = new HttpClient(board.id, board.source, deps);
    this.mapping = recordMapping(board, board.source);
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    const { byName, byNumber } = this.board.source;
    if ('licenseNumber' in query) {
      if (!byNumber)
        return { ok: false, error: { kind: 'unsupported', message: `${this.boardId} has no search by number` } };
      const { licenseNumber, check, button } = byNumber;
      return collect(
        await this.converse({ values: { [licenseNumber]: query.licenseNumber.trim() }, check, button }, 'any'),
      );
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const lastName = query.lastName.trim();
    const firstName = query.firstName.trim();
    const wanted: Wanted = { lastName, firstName, licenseType: query.licenseType };
    const keepType = (result: SourceResult<SourceRecord[]>) => keepLicenseType(result, query.licenseType);
    const bySurname: Search = { values: { [byName.lastName]: lastName }, check: byName.check, button: byName.button };
    if (byName.firstName && firstName !== '') {
      // The first name first: the boards cut a common surname's list off (results.cap) or refuse a broad
      // search outright (PSV: Indiana), so the surname alone may never reach the physician.
      const narrow = keepType(
        collect(
          await this.converse({ ...bySurname, values: { ...bySurname.values, [byName.firstName]: firstName } }, wanted),
        ),
      );
      if (!narrow.ok || narrow.value.length > 0) return narrow;
    }
    // The surname alone finds a physician listed under another first name (Bill for William). A list
    // cut off at the board's cap is kept as read: the first name, the only narrowing the form offers,
    // has been tried by then or cannot be.
    return keepType(collect(await this.converse(bySurname, wanted)));
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const page = await this.openSearchPage(new CookieJar());
    if (!page.ok) return page;
    const $ = load(page.value.html);
    const { lastName, button } = this.board.source.byName;
    for (const ref of [lastName, button])
      if (!findControl($, ref))
        return {
          ok: false,
          error: this.unexpected(page.value) ?? {
            kind: 'parse-failure',
            message: `${this.boardId}: the search page at ${page.value.url} has no control '${ref}': the board changed its page`,
          },
        };
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** One search, start to end, in a conversation of its own: WebForms keeps a visit's state in its session. */
  private async converse(search: Search, wanted: Wanted): Promise<SourceResult<Conversation>> {
    const source = this.board.source;
    const jar = new CookieJar();
    const start = await this.openSearchPage(jar);
    if (!start.ok) return start;
    const filling: FormFilling = {
      values: { ...source.set, ...search.values },
      check: search.check,
      send: { press: search.button },
    };
    let results = await this.send(start.value, filling, jar);
    if (!results.ok) return results;
    // A search that found nobody shows no grid to switch to.
    if (source.afterSearch && !this.saysNoResults(load(results.value.html))) {
      results = await this.send(results.value, { send: { postBack: source.afterSearch.postBack } }, jar);
      if (!results.ok) return results;
    }
    const listed = await this.readList(results.value, jar);
    if (!listed.ok) return listed;
    const detailed = await this.readDetails(listed.value.rows, wanted, jar);
    if (!detailed.ok) return detailed;
    // Where the board shows part of a license only on its detail page, a row whose detail was not read
    // is left out: what the list shows of it (no status, no expiry) is not the license.
    const kept = source.detail ? listed.value.rows.filter((row) => detailed.value.has(row)) : listed.value.rows;
    return {
      ok: true,
      value: {
        rows: kept.map((row) => mapRow(row.raw, this.mapping)),
        saidNoResults: listed.value.saidNoResults,
      },
    };
  }

  /** The search page, past the board's terms when it shows them first. */
  private async openSearchPage(jar: CookieJar): Promise<SourceResult<Answer>> {
    const { pageUrl, acceptTerms } = this.board.source;
    let page = await this.get(pageUrl, jar);
    if (!page.ok) return page;
    if (acceptTerms) {
      page = await this.send(page.value, { send: { press: acceptTerms.button } }, jar);
      if (!page.ok) return page;
      if (findControl(load(page.value.html), acceptTerms.button))
        return this.failure(
          'parse-failure',
          `the board showed its terms again after they were accepted (${acceptTerms.button})`,
          page.value.url,
        );
    }
    // A form gated by a CAPTCHA cannot be posted without solving it, which LicenseWatch never does.
    const wall = detectBotChallenge(page.value.html);
    if (wall) return this.failure('blocked', `the search page carries ${wall.name}`, page.value.url);
    return page;
  }

  /** The result pages: rows of each, through the pager, at most `maxPages`. */
  private async readList(
    first: Answer,
    jar: CookieJar,
  ): Promise<SourceResult<{ rows: ListRow[]; saidNoResults: boolean }>> {
    const { results, pager, maxPages } = this.board.source;
    const rows: ListRow[] = [];
    let saidNoResults = false;
    let page: Answer | undefined = first;
    for (let n = 1; page; n++) {
      const $ = load(page.html);
      const found = this.readRows($, page);
      if (found.length === 0) {
        // A page without rows must never read as "no licenses" when it is something else: a bot wall,
        // another site's page, or the empty form WebForms answers a post-back it refused (state lost).
        const why = this.unexpected(page);
        if (why) return { ok: false, error: why };
        if (!this.saysNoResults($))
          return this.failure(
            'parse-failure',
            `the answer from ${page.url} has neither result rows nor the board's no-results words`,
          );
        saidNoResults = n === 1;
        break;
      }
      rows.push(...found);
      // The board shows no more than its cap for one search: a pager past it leads nowhere.
      if (!pager || n >= maxPages || (results.cap !== undefined && rows.length >= results.cap)) break;
      const link = $(pager.next).first();
      const next = await this.follow(link.length > 0 ? linkOf(link) : undefined, page, jar);
      if (!next.ok) return next;
      page = next.value;
    }
    return { ok: true, value: { rows, saidNoResults } };
  }

  private readRows($: CheerioAPI, page: Answer): ListRow[] {
    const { results, detail } = this.board.source;
    return $.root()
      .find(results.row)
      .toArray()
      .flatMap((element) => {
        const row = $(element);
        const cells = readResultCells(row, results.cells);
        if (!cells) return [];
        const link = detail ? row.find(detail.link).first() : undefined;
        return [{ raw: this.rawFields(cells), link: link && link.length > 0 ? linkOf(link) : undefined, page }];
      });
  }

  /** The row's cells as our fields; a whole-name cell split in the board's name order. */
  private rawFields(cells: Partial<Record<keyof Config['results']['cells'], string | null>>): RawFields {
    const { name, ...fields } = cells;
    const whole = clean(name);
    if (whole === null) return fields;
    // 'LAST, FIRST MIDDLE' parses by its comma; 'LAST FIRST' (no comma) is given one; 'FIRST MIDDLE LAST'
    // by the name parser's rules, as the bulk lists' one-cell names are (read-row-fields.ts).
    const text =
      this.board.source.nameOrder === 'last-first' && !whole.includes(',') ? whole.replace(/\s+/, ', ') : whole;
    const parts = parsePersonName(text);
    return {
      ...fields,
      lastName: clean(fields.lastName) ?? clean(parts.lastName),
      firstName: clean(fields.firstName) ?? clean(parts.firstName),
      middleName: clean(fields.middleName) ?? parts.middleName,
      suffix: clean(fields.suffix) ?? parts.suffix,
    };
  }

  /**
   * Each wanted row's detail page, its fields laid over the list's; the rows read. Only namesakes are
   * worth a request (a common surname lists hundreds), those with the first name's initial first (a
   * nickname, Bill for William, comes after them), at most `maxDetails` per search.
   */
  private async readDetails(rows: ListRow[], wanted: Wanted, jar: CookieJar): Promise<SourceResult<Set<ListRow>>> {
    const detail = this.board.source.detail;
    const read = new Set<ListRow>();
    if (!detail) return { ok: true, value: read };
    const worth = rows.filter((row) => this.worthDetail(row, wanted));
    const chosen =
      wanted === 'any'
        ? worth.slice(0, detail.maxDetails)
        : chooseDetailRows(worth, wanted, (row) => row.raw, detail.maxDetails);
    for (const row of chosen) {
      const page = await this.follow(row.link, row.page, jar);
      if (!page.ok) return page;
      if (!page.value) continue;
      const found = readDetailFields(load(page.value.html), detail.fields);
      if (Object.keys(found).length === 0)
        return {
          ok: false,
          error: this.unexpected(page.value) ?? {
            kind: 'parse-failure',
            message: `${this.boardId}: the detail page at ${page.value.url} holds none of the detail fields`,
          },
        };
      row.raw = { ...row.raw, ...found };
      read.add(row);
    }
    return { ok: true, value: read };
  }

  private worthDetail(row: ListRow, wanted: Wanted): boolean {
    if (!row.link) return false;
    if (wanted === 'any') return true;
    // A row the list already shows to be another profession's (or the other type) is not worth a request.
    const mapped = mapRow(row.raw, this.mapping);
    if ('skip' in mapped) return this.board.source.detail?.fields.licenseType !== undefined;
    if ('record' in mapped) return fitsLicenseType(mapped.record, wanted.licenseType);
    return true;
  }

  /**
   * Where a pager or detail link leads: a `__doPostBack` link posts back the form of the page it is on;
   * an address on the page's own site is read; anything else (another site, other script) leads nowhere.
   */
  private async follow(
    link: Link | undefined,
    page: Answer,
    jar: CookieJar,
  ): Promise<SourceResult<Answer | undefined>> {
    if (!link) return { ok: true, value: undefined };
    const event = readPostBackLink(link.href) ?? readPostBackLink(link.onclick);
    if (event) return this.send(page, { send: { event } }, jar);
    const href = link.href?.trim() ?? '';
    if (href === '' || href.startsWith('#') || /^javascript:/i.test(href)) return { ok: true, value: undefined };
    let url: URL;
    try {
      url = new URL(href, page.url);
    } catch {
      return { ok: true, value: undefined };
    }
    if (url.origin !== new URL(page.url).origin) return { ok: true, value: undefined };
    return this.get(url.toString(), jar);
  }

  private async get(url: string, jar: CookieJar): Promise<SourceResult<Answer>> {
    const page = await this.http.html(url, { jar });
    return page.ok ? { ok: true, value: { ...page.value, asked: url } } : page;
  }

  /** The page's form filled and posted; a page without the controls is first checked for a wall or a move. */
  private async send(page: Answer, filling: FormFilling, jar: CookieJar): Promise<SourceResult<Answer>> {
    let form: PostBackForm;
    try {
      form = fillWebForm(page.html, page.url, this.boardId, filling);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      return { ok: false, error: this.unexpected(page) ?? error.failure };
    }
    const answer = await this.http.html(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
      jar,
    });
    return answer.ok ? { ok: true, value: { ...answer.value, asked: form.action } } : answer;
  }

  /** A page that is not the board's at all: a bot wall, or another site's (the board moved its look-up). */
  private unexpected(page: Answer): SourceFailure | undefined {
    const wall = detectBotChallenge(page.html);
    if (wall) return { kind: 'blocked', message: `${this.boardId}: the board answered ${wall.name}`, url: page.url };
    if (new URL(page.url).host !== new URL(page.asked).host)
      return {
        kind: 'moved',
        message: `${this.boardId}: ${page.asked} was answered from ${page.url}, a page without the board's search`,
        url: page.url,
      };
    return undefined;
  }

  private saysNoResults($: CheerioAPI): boolean {
    const words = this.board.source.results.noResults.replace(/\s+/g, ' ').trim().toLowerCase();
    return readText($('body')).toLowerCase().includes(words);
  }

  private failure(kind: SourceFailure['kind'], message: string, url?: string): { ok: false; error: SourceFailure } {
    return {
      ok: false,
      error: { kind, message: `${this.boardId}: ${message}`, ...(url === undefined ? {} : { url }) },
    };
  }
}

function linkOf(element: { attr(name: string): string | undefined }): Link {
  return { href: element.attr('href'), onclick: element.attr('onclick') };
}

/**
 * The detail fields the page holds: a selector's first match, or the element after the one reading
 * the label. A field the page does not hold is left out, so the list's value stands.
 */
function readDetailFields($: CheerioAPI, fields: DetailFields): Partial<Record<keyof DetailFields, string>> {
  const found: Partial<Record<keyof DetailFields, string>> = {};
  for (const [field, ref] of Object.entries(fields) as [keyof DetailFields, DetailFields[keyof DetailFields]][]) {
    if (ref === undefined) continue;
    const element = typeof ref === 'string' ? $.root().find(ref).first() : findLabelled($, ref.label);
    if (element && element.length > 0) found[field] = readText(element);
  }
  return found;
}

/**
 * The value beside a label, as detail pages set them out: a `<td>`/`<th>` label and its value cell,
 * `<dt>` and `<dd>`, or a label `<span>` and its value `<span>`. The label is the innermost element
 * whose whole text reads it (any case, a trailing ':' aside): a row whose value cell is empty reads
 * the label too, and its next element is the next row. The value is the next element after the
 * label, or after the nearest wrapper of it that still reads only the label (`<td><b>Label:</b></td>`).
 */
function findLabelled($: CheerioAPI, label: string): Cheerio<PageElement> | undefined {
  const key = labelKey(label);
  const reads = (element: Cheerio<PageElement>) => labelKey(readText(element)) === key;
  for (const element of $.root().find('body *').toArray()) {
    const candidate = $(element);
    if (
      !reads(candidate) ||
      candidate
        .children()
        .toArray()
        .some((child) => reads($(child)))
    )
      continue;
    for (let at = candidate; at.length > 0 && reads(at); at = at.parent()) {
      const value = at.nextAll().not('br').first();
      if (value.length > 0) return value;
    }
  }
  return undefined;
}

function labelKey(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\s*:$/, '').toLowerCase();
}

function collect(conversation: SourceResult<Conversation>): SourceResult<SourceRecord[]> {
  return conversation.ok
    ? collectSearchResult(conversation.value.rows, conversation.value.saidNoResults)
    : conversation;
}
