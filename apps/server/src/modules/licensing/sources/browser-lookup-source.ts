import type { Page, Response } from 'playwright-core';
import type { BoardWith, BrowserLookupSourceConfig } from '../config/board-config.ts';
import { licenseWatchUserAgent, Semaphore } from '../http-client.ts';
import { parsePersonName } from '../parse-person-name.ts';
import type { LicenseSource, SourceFailure, SourceQuery, SourceRecord, SourceResult } from '../types.ts';
import { chooseDetailRows, type ListedName } from './choose-detail-rows.ts';
import { detectBotChallenge } from './detect-bot-challenge.ts';
import { findChromium } from './find-chromium.ts';
import { openSharedChromium } from './open-shared-chromium.ts';
import { parseMonthNameDate } from './parse-month-name-date.ts';
import {
  type BrowserFields,
  type RenderedFields,
  readRenderedFieldsExpression,
  renderedOutcomeExpression,
} from './read-rendered-fields.ts';
import {
  collectSearchResult,
  type DateFormat,
  fitsLicenseType,
  keepLicenseType,
  type MappedRow,
  mapRow,
  type RecordMapping,
  recordMapping,
} from './record-fields.ts';

type Config = BrowserLookupSourceConfig;
/** Which of a page's rendered rows to open the detail of, at most `max` (choose-detail-rows.ts). */
type ChooseDetails = (rows: RenderedFields[], max: number) => Set<RenderedFields>;
type Search = Config['byName'];
type Step = Search['steps'][number];
type Values = { lastName: string; firstName: string; licenseNumber: string };
type Failure = { ok: false; error: SourceFailure };
/** What one search read: its mapped rows, and whether the board said it found nobody. */
type Read = { rows: MappedRow[]; saidNoResults: boolean };

export type BrowserDeps = {
  /** Politeness pauses and retry back-off; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Goes into the default User-Agent. */
  contactUrl?: string;
  /** Where CHROMIUM_PATH is read (the process environment by default). */
  readVariable?: (name: string) => string | undefined;
};

// Health asks for a surname nobody has, so the board answers its cheapest page.
const HEALTH_LAST_NAME = 'Zzyzxq';
/** How often a rendering page is looked at while waiting. */
const POLL_MS = 100;
/** Before trusting "no results" words, they must stand this long with nothing in flight. */
const SETTLE_MS = 500;
/** Resource kinds never fetched: nothing is read from them, and the board serves less. */
const SKIPPED_RESOURCES = new Set(['image', 'media', 'font']);
// A CAPTCHA's own frame, where the page shows one rather than mentioning it.
const CHALLENGE_FRAME =
  /google\.com\/recaptcha\/|recaptcha\.net\/recaptcha\/|challenges\.cloudflare\.com\/|hcaptcha\.com\//i;

/** Per board: one search at a time, and when the board was last asked something. */
type Gate = { semaphore: Semaphore; lastAskedAt: number };
const gates = new Map<string, Gate>();

/**
 * The page's requests to the board's own site in flight, when the last one started or ended, and the
 * worst answer seen. Other sites' requests (analytics, fonts, a CAPTCHA vendor's script) are not the
 * board answering, and one that never ends must not hold a search open.
 */
class Traffic {
  pending = 0;
  started = 0;
  lastActivity = performance.now();
  serverError: number | null = null;
  rateLimited = false;
  private readonly counted = new WeakSet<object>();

  constructor(private readonly site: string) {}

  watch(page: Page) {
    page.on('request', (request) => {
      if (!this.isBoards(request.url())) return;
      this.counted.add(request);
      this.pending++;
      this.started++;
      this.lastActivity = performance.now();
    });
    const done = (request: object) => {
      if (!this.counted.has(request)) return;
      this.counted.delete(request);
      this.pending = Math.max(0, this.pending - 1);
      this.lastActivity = performance.now();
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      if (!this.isBoards(response.url())) return;
      const status = response.status();
      if (status === 429) this.rateLimited = true;
      else if (status >= 500) this.serverError = status;
    });
  }

  private isBoards(url: string): boolean {
    try {
      const host = new URL(url).hostname;
      return host === this.site || host.endsWith(`.${this.site}`);
    } catch {
      return false;
    }
  }

  quietFor(): number {
    return this.pending > 0 ? 0 : performance.now() - this.lastActivity;
  }
}

/**
 * A board's look-up that only a browser can read (board-config.ts, browserLookupSourceSchema): the
 * system Chromium opens the page in a fresh context, does what the configuration says a person does,
 * and reads the rows the page renders (and, for rows that could be the physician asked about, their
 * detail). It never solves, clicks or waits out a CAPTCHA: a page showing one is `blocked`.
 */
export class BrowserLookupSource implements LicenseSource {
  readonly boardId: string;
  private readonly mapping: RecordMapping;
  private readonly monthNameDates: boolean;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private readonly userAgent: string;
  private readonly readVariable: (name: string) => string | undefined;
  private readonly gate: Gate;

  constructor(
    private readonly board: BoardWith<'browser'>,
    deps: BrowserDeps = {},
  ) {
    this.boardId = board.id;
    const formats = [board.source.dateFormat].flat();
    this.monthNameDates = formats.includes('dd-mon-yyyy');
    // Month-name dates are rewritten to ISO before the shared reading, which then reads them.
    const shared = formats.filter((f): f is DateFormat => f !== 'dd-mon-yyyy');
    this.mapping = recordMapping(board, {
      ...board.source,
      dateFormat: this.monthNameDates ? [...shared, 'iso'] : shared,
    });
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = deps.now ?? Date.now;
    this.userAgent = board.source.userAgent ?? licenseWatchUserAgent(deps.contactUrl);
    this.readVariable = deps.readVariable ?? ((name) => process.env[name]);
    let gate = gates.get(board.id);
    if (!gate) {
      gate = { semaphore: new Semaphore(1), lastAskedAt: 0 };
      gates.set(board.id, gate);
    }
    this.gate = gate;
  }

  private get source(): Config {
    return this.board.source;
  }

  async search(query: SourceQuery): Promise<SourceResult<SourceRecord[]>> {
    if ('licenseNumber' in query) {
      if (!this.source.byNumber)
        return { ok: false, error: { kind: 'unsupported', message: `${this.boardId} has no search by number` } };
      const values = { lastName: '', firstName: '', licenseNumber: query.licenseNumber.trim() };
      return collect(await this.run(this.source.byNumber, values, (rows, max) => new Set(rows.slice(0, max))));
    }
    if (!this.board.licenseTypes.includes(query.licenseType)) return { ok: true, value: [] };
    const values = { lastName: query.lastName.trim(), firstName: query.firstName.trim(), licenseNumber: '' };
    // A row the list already shows to be another profession's, or of the other type, is not worth a
    // detail page (PALS lists every board's licensees in one table)...
    const worth = (fields: RenderedFields) => {
      const listed = this.mapFields(fields);
      // ...unless the detail page says the type the list does not (Vermont's cards name only the person).
      if ('skip' in listed) return this.source.detail?.fields.licenseType !== undefined;
      return !('record' in listed) || fitsLicenseType(listed.record, query.licenseType);
    };
    const choose: ChooseDetails = (rows, max) => new Set(chooseDetailRows(rows.filter(worth), values, listedName, max));
    const result = collect(await this.run(this.source.byName, values, choose));
    // A board for MDs and DOs alike that does not say which keeps its rows: the registry matches either.
    return keepLicenseType(result, query.licenseType);
  }

  async health(): Promise<SourceResult<{ latencyMs: number }>> {
    const started = performance.now();
    const values = { lastName: HEALTH_LAST_NAME, firstName: '', licenseNumber: '' };
    const read = await this.run(this.source.byName, values, () => new Set());
    if (!read.ok) return read;
    return { ok: true, value: { latencyMs: Math.round(performance.now() - started) } };
  }

  /** One search, tried again after a timeout or an unreachable board (not after any other answer). */
  private async run(search: Search, values: Values, choose: ChooseDetails): Promise<SourceResult<Read>> {
    const chromium = findChromium(this.readVariable);
    if (!chromium.installed)
      return failure(
        'unsupported',
        `${this.boardId}: the board's look-up needs a browser (Chromium), which is not installed here (looked for ${chromium.path}; set CHROMIUM_PATH)`,
      );
    for (let attempt = 0; ; attempt++) {
      const result = await this.attempt(chromium.path, search, values, choose);
      const retry = !result.ok && (result.error.kind === 'timeout' || result.error.kind === 'unavailable');
      if (!retry || attempt >= this.source.retries) return result;
      await this.sleep(this.source.backoffMs * 2 ** attempt);
    }
  }

  private async attempt(
    executablePath: string,
    search: Search,
    values: Values,
    choose: ChooseDetails,
  ): Promise<SourceResult<Read>> {
    const release = await this.gate.semaphore.acquire();
    try {
      let browser: Awaited<ReturnType<typeof openSharedChromium>>;
      try {
        browser = await openSharedChromium(executablePath);
      } catch (error) {
        return failure('unavailable', `${this.boardId}: Chromium did not start (${describe(error)})`);
      }
      const context = await browser.newContext({
        userAgent: this.userAgent,
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      try {
        await context.route('**/*', (route) =>
          SKIPPED_RESOURCES.has(route.request().resourceType()) ? route.abort() : route.continue(),
        );
        const page = await context.newPage();
        page.setDefaultTimeout(this.source.timeoutMs);
        const traffic = new Traffic(boardSite(this.source.pageUrl));
        traffic.watch(page);
        return await new PageSearch(this, page, traffic).read(search, values, choose);
      } catch (error) {
        return failure('unavailable', `${this.boardId}: the browser failed (${describe(error)})`);
      } finally {
        await context.close().catch(() => undefined);
      }
    } finally {
      release();
    }
  }

  /** Waits until the board was last asked at least `pauseMs` ago, then counts this as asking. */
  async pace(): Promise<void> {
    const wait = this.gate.lastAskedAt + this.source.pauseMs - this.now();
    if (wait > 0) await this.sleep(wait);
    this.gate.lastAskedAt = this.now();
  }

  config(): Config {
    return this.source;
  }

  /** A row's (merged with its detail's) fields as a record, or why it is not one. */
  mapFields(fields: RenderedFields): MappedRow {
    let names: {
      lastName?: string | null;
      firstName?: string | null;
      middleName?: string | null;
      suffix?: string | null;
    };
    if (fields.name !== undefined) {
      // 'Last, First Middle Suffix' or 'First Middle Last Suffix': the comma tells them apart.
      const parsed = parsePersonName(fields.name ?? '');
      if (!parsed.lastName) return { reason: 'missing name' };
      names = { ...parsed, firstName: parsed.firstName || null };
      if (fields.middleName) names.middleName = fields.middleName;
      if (fields.suffix) names.suffix = fields.suffix;
    } else {
      names = {
        lastName: fields.lastName,
        firstName: fields.firstName,
        middleName: fields.middleName,
        suffix: fields.suffix,
      };
    }
    const date = (text: string | null | undefined) =>
      this.monthNameDates && text ? (parseMonthNameDate(text) ?? text) : text;
    return mapRow(
      {
        ...names,
        licenseNumber: fields.licenseNumber,
        licenseType: fields.licenseType,
        status: fields.status,
        issueDate: date(fields.issueDate),
        expiryDate: date(fields.expiryDate),
        discipline: fields.discipline,
      },
      this.mapping,
    );
  }
}

/** One search on one page: navigation, steps, results, details, pages. Failures are returned, not thrown. */
class PageSearch {
  private readonly boardId: string;
  private readonly config: Config;
  private readonly expectedHost: string;

  constructor(
    private readonly source: BrowserLookupSource,
    private readonly page: Page,
    private readonly traffic: Traffic,
  ) {
    this.boardId = source.boardId;
    this.config = source.config();
    this.expectedHost = new URL(this.config.pageUrl).host;
  }

  async read(search: Search, values: Values, choose: ChooseDetails): Promise<SourceResult<Read>> {
    const landed = await this.open();
    if (landed) return landed;
    for (const step of search.steps) {
      const failed = await this.perform(step, values);
      if (failed) return failed;
    }
    // Counted before the press: the app may ask the board before the click has returned.
    const since = this.traffic.started;
    const submitted = await this.press(search.submit, 'its search button');
    if (submitted) return submitted;

    const { results, maxPages } = this.config;
    const rows: MappedRow[] = [];
    const firstPage = await this.outcome(since);
    if (!firstPage.ok) return firstPage;
    if (firstPage.value === 'none') return { ok: true, value: { rows, saidNoResults: true } };

    for (let pageNumber = 1; ; pageNumber++) {
      const read = await this.readRows(choose, rows);
      if (read) return read;
      if (!results.nextPage || pageNumber >= maxPages) break;
      const next = this.page.locator(results.nextPage).first();
      if ((await next.count()) === 0 || (await isDisabled(next))) break;
      const before = await this.firstRowText();
      await this.source.pace();
      await next.click();
      const turned = await this.waitFor(
        async () => (await this.firstRowText()) !== before,
        `the next page of results did not show (${results.nextPage})`,
      );
      if (turned) return turned;
    }
    return { ok: true, value: { rows, saidNoResults: false } };
  }

  /** Loads the search page; a failure when it is not the board's page any more. */
  private async open(): Promise<Failure | undefined> {
    await this.source.pace();
    let response: Response | null;
    try {
      response = await this.page.goto(this.config.pageUrl, { waitUntil: 'domcontentloaded' });
    } catch (error) {
      if (isTimeout(error))
        return failure('timeout', `${this.boardId}: the look-up page did not load within ${this.config.timeoutMs} ms`);
      return failure('unavailable', `${this.boardId}: cannot reach the look-up page (${describe(error)})`);
    }
    const status = response?.status() ?? 200;
    const wall = await this.challenge();
    if (wall && (wall.interstitial || status >= 400))
      return failure(
        'blocked',
        `${this.boardId}: the board answered ${wall.name} instead of its look-up`,
        this.page.url(),
      );
    if (status === 404 || status === 410)
      return failure('moved', `${this.boardId}: the look-up page answered HTTP ${status}`, this.page.url(), status);
    if (status === 429)
      return failure('rate-limited', `${this.boardId}: the board rate-limited the look-up page`, undefined, status);
    if (status >= 400)
      return failure('unavailable', `${this.boardId}: the look-up page answered HTTP ${status}`, undefined, status);
    if (new URL(this.page.url()).host !== this.expectedHost)
      return failure('moved', `${this.boardId}: the look-up page now leads to ${this.page.url()}`, this.page.url());
    return undefined;
  }

  private async perform(step: Step, values: Values): Promise<Failure | undefined> {
    if ('click' in step) return this.press(step.click, step.click);
    const selector = 'fill' in step ? step.fill : 'type' in step ? step.type : step.select;
    const shown = await this.waitFor(
      async () => await this.page.locator(selector).first().isVisible(),
      `the page shows no ${selector}`,
    );
    if (shown) return shown;
    const control = this.page.locator(selector).first();
    try {
      if ('select' in step) await control.selectOption(step.option);
      else {
        const text = values[step.with];
        // An empty value leaves the control as the page has it (a search by surname alone).
        if (text === '') return undefined;
        if ('fill' in step) await control.fill(text);
        else {
          await control.click();
          await control.fill('');
          // Key by key: the app listens to key events and ignores a value set any other way.
          await control.pressSequentially(text, { delay: 15 });
        }
      }
    } catch (error) {
      return this.explain(`could not use ${selector} (${describe(error)})`, isTimeout(error));
    }
    return undefined;
  }

  /** Presses a link or button once it shows (asking the board for something: paced). */
  private async press(selector: string, what: string): Promise<Failure | undefined> {
    const shown = await this.waitFor(
      async () => await this.page.locator(selector).first().isVisible(),
      `the page shows no ${what}`,
    );
    if (shown) return shown;
    await this.source.pace();
    try {
      await this.page.locator(selector).first().click();
    } catch (error) {
      return this.explain(`could not press ${what} (${describe(error)})`, isTimeout(error));
    }
    return undefined;
  }

  /**
   * What the search rendered: rows, or the board's no-results words. Words a page shows before its
   * answer came (an empty table's "No Records Found") are trusted only once the page has asked the
   * board since the search was sent, or long enough has passed, and nothing is in flight.
   */
  private async outcome(since: number): Promise<SourceResult<'rows' | 'none'>> {
    const { row, noResults } = this.config.results;
    const expression = renderedOutcomeExpression(row, noResults);
    const started = performance.now();
    const last: { seen: string } = { seen: '' };
    const failed = await this.waitFor(async () => {
      last.seen = String(await this.page.evaluate(expression));
      const asked = this.traffic.started > since || performance.now() - started > 1_000;
      if (last.seen === 'rows') return asked && this.traffic.pending === 0;
      if (last.seen === 'none') return asked && this.traffic.quietFor() >= SETTLE_MS;
      return false;
    }, 'the answer has neither result rows nor the no-results words');
    if (failed) return failed;
    return { ok: true, value: last.seen === 'rows' ? 'rows' : 'none' };
  }

  /** Reads the page's rows into `into`, following the details of those that could be the physician. */
  private async readRows(choose: ChooseDetails, into: MappedRow[]): Promise<Failure | undefined> {
    const { results, detail } = this.config;
    const rendered = await this.evaluateFields({ rows: results.row }, results.cells);
    const chosen = detail ? choose(rendered, detail.maxDetails) : new Set<RenderedFields>();
    for (let i = 0; i < rendered.length; i++) {
      let fields = rendered[i] as RenderedFields;
      if (detail && chosen.has(fields)) {
        const read = await this.readDetail(i, detail);
        if (!read.ok) return read;
        fields = { ...fields, ...withoutBlanks(read.value) };
      } else if (detail) {
        // Another person's row (or past maxDetails): what the list shows of it, without the detail the
        // board keeps part of the license on, is not the license. A nickname's row (Bill for William)
        // beyond maxDetails is left out with them: the boards that take a first name are asked with it.
        continue;
      }
      into.push(this.source.mapFields(fields));
    }
    return undefined;
  }

  private async readDetail(
    index: number,
    detail: NonNullable<Config['detail']>,
  ): Promise<SourceResult<RenderedFields>> {
    const { results } = this.config;
    const link = this.page.locator(results.row).nth(index).locator(detail.link).first();
    if ((await link.count()) === 0)
      return failure('parse-failure', `${this.boardId}: a result has no ${detail.link} to its detail`);
    await this.source.pace();
    // Some boards open the detail in a new tab (PALS: PSV; public code index id 61716497899): it is
    // read there and closed, and the results stay where they were.
    const opened: { tab?: Page } = {};
    const onPopup = (popup: Page) => {
      opened.tab ??= popup;
      this.traffic.watch(popup);
    };
    this.page.on('popup', onPopup);
    try {
      await link.click();
    } catch (error) {
      this.page.off('popup', onPopup);
      return this.explain(`could not open a result's detail (${describe(error)})`, isTimeout(error));
    }
    try {
      const shown = await this.waitFor(
        async () => await (opened.tab ?? this.page).locator(detail.wait).first().isVisible(),
        `the detail page shows no ${detail.wait}`,
      );
      if (shown) return shown;
      const where = opened.tab ?? this.page;
      const [fields = {}] = (await where.evaluate(
        readRenderedFieldsExpression({ page: true }, detail.fields),
      )) as RenderedFields[];
      if (Object.values(fields).every((value) => value === null))
        return failure(
          'parse-failure',
          `${this.boardId}: the detail page shows none of its fields: the board's page changed`,
        );
      if (opened.tab) return { ok: true, value: fields };
      try {
        await this.page.goBack({ waitUntil: 'domcontentloaded' });
      } catch (error) {
        return this.explain(`could not return to the results (${describe(error)})`, isTimeout(error));
      }
      const back = await this.waitFor(
        async () => (await this.page.locator(results.row).count()) > index,
        'the results did not come back after a detail page',
      );
      if (back) return back;
      return { ok: true, value: fields };
    } finally {
      this.page.off('popup', onPopup);
      await opened.tab?.close().catch(() => undefined);
    }
  }

  private async evaluateFields(scope: { rows: string } | { page: true }, fields: BrowserFields) {
    return (await this.page.evaluate(readRenderedFieldsExpression(scope, fields))) as RenderedFields[];
  }

  private async firstRowText(): Promise<string> {
    const first = this.page.locator(this.config.results.row).first();
    return (await first.count()) === 0 ? '' : await first.innerText();
  }

  /**
   * Looks at the page until `ready` holds. A page that settles (nothing in flight for a while) or runs
   * out of time without it is explained: a CAPTCHA, another site, a board still loading, or a change.
   */
  private async waitFor(ready: () => Promise<boolean>, what: string): Promise<Failure | undefined> {
    const started = performance.now();
    // How long the page must sit with nothing in flight (board-config.ts, quietMs).
    const quietMs = Math.min(this.config.quietMs, this.config.timeoutMs);
    for (;;) {
      try {
        if (await ready()) return undefined;
      } catch (error) {
        // A page navigating away mid-look has no document to ask: look again.
        if (!/context was destroyed|navigat/i.test(describe(error))) throw error;
      }
      const elapsed = performance.now() - started;
      if (elapsed >= this.config.timeoutMs) return this.explain(what, true);
      if (elapsed >= quietMs && this.traffic.quietFor() >= quietMs) return this.explain(what, false);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /** Why the page does not show what was expected. */
  private async explain(what: string, timedOut: boolean): Promise<Failure> {
    const wall = await this.challenge();
    if (wall) return failure('blocked', `${this.boardId}: the board answered ${wall.name} (${what})`, this.page.url());
    if (new URL(this.page.url()).host !== this.expectedHost)
      return failure('moved', `${this.boardId}: the look-up went to ${this.page.url()} (${what})`, this.page.url());
    if (this.traffic.rateLimited) return failure('rate-limited', `${this.boardId}: the board rate-limited the look-up`);
    if (this.traffic.serverError !== null)
      return failure(
        'unavailable',
        `${this.boardId}: the board's look-up answered HTTP ${this.traffic.serverError} (${what})`,
        undefined,
        this.traffic.serverError,
      );
    if (timedOut && this.traffic.pending > 0)
      return failure(
        'timeout',
        `${this.boardId}: the board did not answer within ${this.config.timeoutMs} ms (${what})`,
      );
    return failure('parse-failure', `${this.boardId}: ${what}: the board's page changed`);
  }

  /** A bot wall on the page: its markers in the HTML, or a CAPTCHA vendor's frame. */
  private async challenge(): Promise<{ name: string; interstitial: boolean } | null> {
    try {
      const wall = detectBotChallenge(await this.page.content());
      if (wall) return wall;
    } catch {
      // A page mid-navigation has no content to read yet; its frames still tell.
    }
    if (this.page.frames().some((frame) => CHALLENGE_FRAME.test(frame.url())))
      return { name: 'a CAPTCHA', interstitial: false };
    return null;
  }
}

/**
 * The site a board's requests go to: the last two labels of its page's host ('wi.gov' for
 * license.wi.gov, 'thentiacloud.net' for azdo.portalus.thentiacloud.net), so its API hosts count as
 * its own; an address or a two-label name stands as it is.
 */
function boardSite(pageUrl: string): string {
  const host = new URL(pageUrl).hostname;
  const labels = host.split('.');
  if (/^[\d.]+$/.test(host) || host.includes(':') || labels.length <= 2) return host;
  return labels.slice(-2).join('.');
}

/** The name a rendered row lists, from its name cell or its surname and first-name cells. */
function listedName(fields: RenderedFields): ListedName {
  if (fields.name === undefined) return { lastName: fields.lastName, firstName: fields.firstName };
  const parsed = parsePersonName(fields.name ?? '');
  return { lastName: parsed.lastName, firstName: parsed.firstName };
}

function withoutBlanks(fields: RenderedFields): RenderedFields {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}

async function isDisabled(control: ReturnType<Page['locator']>): Promise<boolean> {
  if (await control.isDisabled().catch(() => false)) return true;
  const marks = `${(await control.getAttribute('class')) ?? ''} ${(await control.getAttribute('aria-disabled')) ?? ''}`;
  return /\bdisabled\b|\btrue\b/i.test(marks);
}

function collect(read: SourceResult<Read>): SourceResult<SourceRecord[]> {
  return read.ok ? collectSearchResult(read.value.rows, read.value.saidNoResults) : read;
}

function failure(kind: SourceFailure['kind'], message: string, url?: string, status?: number): Failure {
  return {
    ok: false,
    error: { kind, message, ...(url === undefined ? {} : { url }), ...(status === undefined ? {} : { status }) },
  };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
