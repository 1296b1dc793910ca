import type { CookieJar } from './sources/cookie-jar.ts';
import { detectBotChallenge } from './sources/detect-bot-challenge.ts';
import { type HttpAnswer, sendHttpRequest } from './sources/send-http-request.ts';
import { SourceError, type SourceFailure, type SourceResult } from './types.ts';

// Every request to a board goes through here, so politeness (User-Agent, concurrency, backoff,
// Retry-After) and the mapping of HTTP trouble onto SourceFailure kinds are decided in one place.

export const DEFAULT_CONTACT_URL = 'https://licensewatch.example/contact';

/** Boards' operators see this in their logs; the contact URL tells them who to ask to slow down. */
export function licenseWatchUserAgent(contactUrl: string = DEFAULT_CONTACT_URL): string {
  return `LicenseWatch/1.0 (+${contactUrl}) license-verification`;
}

export type HttpPolicy = {
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  concurrency: number;
  userAgent?: string | undefined;
};

export type HttpDeps = {
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Goes into the default User-Agent. */
  contactUrl?: string;
  /** The longest Retry-After waited out inside one call; a longer one fails fast as 'rate-limited'. */
  maxRetryAfterWaitMs?: number;
  /** Per-board limits; defaults to one registry per process so every source for a board shares them. */
  gates?: GateRegistry;
};

/** A tiny counting semaphore: per-board concurrency is a handful of slots, not worth a dependency. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `active` stays counted.
      if (next) next();
      else this.active--;
    };
  }

  get inUse(): number {
    return this.active;
  }
}

type Gate = { semaphore: Semaphore; blockedUntil: number };
export type GateRegistry = Map<string, Gate>;
const processGates: GateRegistry = new Map();

export function createGateRegistry(): GateRegistry {
  return new Map();
}

export type RequestOptions = {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** A conversation's cookies (a post-back's session, a sign-in's): sent, and kept from every answer. */
  jar?: CookieJar;
};

export type HtmlPage = { html: string; url: string };

/** A response body read chunk by chunk; the board's concurrency slot is held until it ends or is closed. */
export type ByteStream = {
  body: AsyncGenerator<Uint8Array, void, undefined>;
  contentType: string | null;
  close(): void;
};

type Expect = 'json' | 'html' | 'stream';

type Attempt<T> = { done: SourceResult<T> } | { retry: SourceFailure; waitMs?: number };

class TimeoutSignal extends Error {}

const MAX_BACKOFF_MS = 30_000;

export class HttpClient {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly userAgent: string;
  private readonly maxRetryAfterWaitMs: number;
  private readonly gate: Gate;

  /** `key` names the board whose limits apply (its concurrency slots and any Retry-After block). */
  constructor(
    readonly key: string,
    private readonly policy: HttpPolicy,
    deps: HttpDeps = {},
  ) {
    this.sleep = deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.random = deps.random ?? Math.random;
    this.now = deps.now ?? Date.now;
    this.userAgent = policy.userAgent ?? licenseWatchUserAgent(deps.contactUrl);
    this.maxRetryAfterWaitMs = deps.maxRetryAfterWaitMs ?? 5_000;
    const gates = deps.gates ?? processGates;
    let gate = gates.get(key);
    if (!gate) {
      gate = { semaphore: new Semaphore(policy.concurrency), blockedUntil: 0 };
      gates.set(key, gate);
    }
    this.gate = gate;
  }

  json(url: string, options: RequestOptions = {}): Promise<SourceResult<unknown>> {
    return this.send(url, options, 'json', async (response) => {
      const text = await response.text();
      try {
        return { ok: true, value: JSON.parse(text) as unknown };
      } catch {
        // A bot wall served as text/plain, or with no content type, is still a wall, not a changed API.
        const wall = detectBotChallenge(text);
        if (wall)
          return fail(
            'blocked',
            `${host(url)} answered ${wall.name} instead of the board`,
            response.status,
            response.url,
          );
        return fail('parse-failure', `${host(url)} answered malformed JSON`);
      }
    });
  }

  /** A page, and the address that answered it (after redirects), which its form's action is relative to. */
  html(url: string, options: RequestOptions = {}): Promise<SourceResult<HtmlPage>> {
    return this.send(url, options, 'html', async (response) => {
      const html = await response.text();
      // A page that is nothing but a bot wall never holds the board's answer; a CAPTCHA widget may sit
      // beside results, so the source decides on those (html-lookup-source.ts).
      const wall = detectBotChallenge(html);
      if (wall?.interstitial)
        return fail(
          'blocked',
          `${host(url)} answered ${wall.name} instead of the board`,
          response.status,
          response.url,
        );
      return { ok: true, value: { html, url: response.url } };
    });
  }

  /** Opens a download. Failures before the first byte are retried; failures after it end the stream with a SourceError. */
  stream(url: string, options: RequestOptions = {}): Promise<SourceResult<ByteStream>> {
    return this.send(url, options, 'stream', async (response, control) => {
      const chunks = response.body[Symbol.asyncIterator]();
      control.keep();
      const { timeoutMs } = this.policy;
      async function* body(): AsyncGenerator<Uint8Array, void, undefined> {
        try {
          while (true) {
            let chunk: IteratorResult<Uint8Array>;
            try {
              chunk = await chunks.next();
            } catch (error) {
              const failure = control.timedOut()
                ? { kind: 'timeout' as const, message: `${host(url)} stalled for ${timeoutMs} ms mid-download` }
                : {
                    kind: 'unavailable' as const,
                    message: `connection to ${host(url)} lost mid-download (${describe(error)})`,
                  };
              throw new SourceError(failure);
            }
            if (chunk.done) return;
            control.touch();
            yield chunk.value;
          }
        } finally {
          control.finish();
          response.discard();
        }
      }
      const generator = body();
      return {
        ok: true,
        value: {
          body: generator,
          contentType: response.header('content-type'),
          close: () => {
            // A generator that never started has no finally to run; these cover that case.
            void generator.return(undefined);
            control.finish();
            response.discard();
          },
        },
      };
    });
  }

  private async send<T>(
    url: string,
    options: RequestOptions,
    expect: Expect,
    read: (response: HttpAnswer, control: Control) => Promise<SourceResult<T>>,
  ): Promise<SourceResult<T>> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.attempt(url, options, expect, read);
      if ('done' in outcome) return outcome.done;
      if (attempt >= this.policy.retries) {
        if (outcome.retry.kind === 'rate-limited') this.block(outcome.waitMs ?? this.backoff(attempt));
        return { ok: false, error: outcome.retry };
      }
      await this.sleep(outcome.waitMs ?? this.backoff(attempt));
    }
  }

  /** Exponential with ±50% jitter, so many workers retrying one board do not arrive in step. */
  private backoff(attempt: number): number {
    const base = this.policy.backoffMs * 2 ** attempt;
    return Math.min(MAX_BACKOFF_MS, Math.round(base * (0.5 + this.random())));
  }

  private blockedFailure(url: string): { ok: false; error: SourceFailure } | undefined {
    const blockedFor = this.gate.blockedUntil - this.now();
    if (blockedFor <= 0) return undefined;
    return fail('rate-limited', `${host(url)} asked us to wait; retry after ${Math.ceil(blockedFor / 1000)} s`, 429);
  }

  private block(ms: number) {
    this.gate.blockedUntil = Math.max(this.gate.blockedUntil, this.now() + ms);
  }

  /** The bot wall an HTML answer shows, read from its first part; null for any other answer. */
  private async readBotChallenge(response: HttpAnswer): Promise<string | null> {
    if (!isHtml(response.header('content-type'))) return null;
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        chunks.push(Buffer.from(chunk));
        size += chunk.length;
        if (size >= CHALLENGE_READ_BYTES) break;
      }
    } catch {
      // A body cut short still shows what it holds so far.
    }
    return detectBotChallenge(Buffer.concat(chunks).toString('utf8'))?.name ?? null;
  }

  private async attempt<T>(
    url: string,
    options: RequestOptions,
    expect: Expect,
    read: (response: HttpAnswer, control: Control) => Promise<SourceResult<T>>,
  ): Promise<Attempt<T>> {
    const blocked = this.blockedFailure(url);
    if (blocked) return { done: blocked };
    const release = await this.gate.semaphore.acquire();
    // Another request may have been told to back off while this one queued for a slot.
    const blockedNow = this.blockedFailure(url);
    if (blockedNow) {
      release();
      return { done: blockedNow };
    }
    const controller = new AbortController();
    const { timeoutMs } = this.policy;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new TimeoutSignal());
      }, timeoutMs);
    };
    let kept = false;
    let finished = false;
    const control: Control = {
      keep: () => {
        kept = true;
      },
      touch: arm,
      timedOut: () => timedOut,
      finish: () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        release();
      },
    };

    arm();
    try {
      const response = await sendHttpRequest(url, {
        method: options.method ?? 'GET',
        headers: { 'user-agent': this.userAgent, accept: ACCEPT[expect], ...options.headers },
        body: options.body,
        signal: controller.signal,
        jar: options.jar,
      });
      const status = response.status;

      if (status === 429) {
        response.discard();
        const waitMs = retryAfterMs(response.header('retry-after'), this.now());
        const failure: SourceFailure = {
          kind: 'rate-limited',
          status,
          message: `${host(url)} rate-limited us${waitMs === undefined ? '' : `; retry after ${Math.ceil(waitMs / 1000)} s`}`,
        };
        if (waitMs !== undefined && waitMs > this.maxRetryAfterWaitMs) {
          this.block(waitMs);
          return { done: { ok: false, error: failure } };
        }
        return waitMs === undefined ? { retry: failure } : { retry: failure, waitMs };
      }

      // A bot wall answers 403 (or 503 for an older Cloudflare check): retrying it only looks more like a bot.
      const wall = status >= 400 ? await this.readBotChallenge(response) : null;
      if (wall)
        return { done: fail('blocked', `${host(url)} answered ${wall} (HTTP ${status})`, status, response.url) };

      if (status >= 500 || status === 408) {
        const page = status === 503 && isHtml(response.header('content-type')) ? ' (maintenance page)' : '';
        response.discard();
        const failure: SourceFailure = {
          kind: 'unavailable',
          status,
          message: `${host(url)} answered HTTP ${status}${page}`,
        };
        // A maintenance window announced with Retry-After is not worth retrying into.
        const waitMs = retryAfterMs(response.header('retry-after'), this.now());
        if (waitMs === undefined) return { retry: failure };
        return waitMs > this.maxRetryAfterWaitMs ? { done: { ok: false, error: failure } } : { retry: failure, waitMs };
      }

      if (status === 404 || status === 410) {
        response.discard();
        // Gone from where the configuration says: the board moved its search or file (or renamed it).
        return {
          done: fail('moved', `${host(url)} answered HTTP ${status} for ${response.url}`, status, response.url),
        };
      }

      if (status >= 400) {
        response.discard();
        return { done: fail('unavailable', `${host(url)} answered HTTP ${status}`, status) };
      }

      const contentType = response.header('content-type');
      const mismatch = contentMismatch(expect, contentType);
      if (mismatch) {
        const page = isHtml(contentType) ? await this.readBotChallenge(response) : null;
        response.discard();
        if (page)
          return { done: fail('blocked', `${host(url)} answered ${page} instead of the board`, status, response.url) };
        // Sent to another site's page: a board that moved to a new platform redirects its old address there.
        if (host(response.url) !== host(url))
          return {
            done: fail('moved', `${host(url)} redirected to ${response.url}, which ${mismatch}`, status, response.url),
          };
        return { done: fail('parse-failure', `${host(url)} ${mismatch}`, status) };
      }
      return { done: await read(response, control) };
    } catch (error) {
      if (timedOut)
        return { retry: { kind: 'timeout', message: `${host(url)} did not answer within ${timeoutMs} ms` } };
      return { retry: { kind: 'unavailable', message: `cannot reach ${host(url)} (${describe(error)})` } };
    } finally {
      if (!kept) control.finish();
    }
  }
}

type Control = { keep(): void; touch(): void; timedOut(): boolean; finish(): void };

/** Enough of a page to hold a bot wall's markers, without reading a large body to its end. */
const CHALLENGE_READ_BYTES = 256 * 1024;

const ACCEPT: Record<Expect, string> = {
  json: 'application/json',
  html: 'text/html,application/xhtml+xml',
  stream: '*/*',
};

function isHtml(contentType: string | null): boolean {
  return /html/i.test(contentType ?? '');
}

function contentMismatch(expect: Expect, contentType: string | null): string | undefined {
  if (!contentType) return undefined;
  if (expect === 'json' && isHtml(contentType)) return 'answered an HTML page where JSON was expected';
  if (expect === 'json' && !/json|javascript|text\/plain/i.test(contentType))
    return `answered ${contentType} where JSON was expected`;
  if (expect === 'html' && !/html|text\/plain/i.test(contentType))
    return `answered ${contentType} where an HTML page was expected`;
  if (expect === 'stream' && isHtml(contentType)) return 'answered an HTML page where a bulk file was expected';
  return undefined;
}

/** Seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function fail(
  kind: SourceFailure['kind'],
  message: string,
  status?: number,
  url?: string,
): { ok: false; error: SourceFailure } {
  return {
    ok: false,
    error: { kind, message, ...(status === undefined ? {} : { status }), ...(url === undefined ? {} : { url }) },
  };
}

function host(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The useful part is the code (ECONNREFUSED, ENOTFOUND), on the error itself or on its cause. */
function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'ABORT_ERR') return code;
    const cause = (error as Error & { cause?: unknown }).cause;
    if (cause && typeof cause === 'object' && 'code' in cause) return String(cause.code);
    if (cause instanceof Error) return cause.message;
    return error.message;
  }
  return String(error);
}
