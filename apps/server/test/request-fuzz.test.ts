import { isErrorCode } from '@licensewatch/shared/error-codes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listRoutes } from '../src/platform/http/route-table.ts';
import { dbFingerprint } from './support/db-fingerprint.ts';
import type { HttpClient } from './support/http-client.ts';
import { clientOf, IDENTITIES, type Identity } from './support/identities.ts';
import { ROUTE_CASES, type RouteCase, STATE_CHANGING, startRouteFixture } from './support/route-cases.ts';

// docs/security.md, Errors and unstorable input: whatever bytes arrive in a path, a query or a
// body, no route answers 5xx, every /api/ error is {detail, code}, and a refused state-changing
// request changes nothing. Each run draws new cases (fast-check prints the seed of a failure, to
// replay it: FUZZ_SEED).
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

const started = startRouteFixture();

/** Text that has broken servers: NUL, lone surrogates, encodings, injections, sizes. */
const nastyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '%00',
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '{{7*7}}',
    '$where',
    'x'.repeat(5_000),
    '9'.repeat(40),
    '-1',
    '1e308',
    '',
    ' ',
    'null',
  ),
);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 63), Number.MAX_SAFE_INTEGER, 1e308, -0),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyText, { maxLength: 4 }),
  fc.dictionary(nastyText, nastyText, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

type Mutation = {
  /** One value per path parameter, in order (the row's own when undefined). */
  params: (string | undefined)[];
  query: [string, string][];
  body:
    | { kind: 'keep' }
    | { kind: 'field'; value: unknown; fieldIndex: number; newKey?: string }
    | { kind: 'whole'; value: unknown };
  raw?: { text: string; type: string };
};

const mutation = (paramCount: number): fc.Arbitrary<Mutation> =>
  fc.record({
    params: fc.array(fc.option(nastyText, { nil: undefined }), { minLength: paramCount, maxLength: paramCount }),
    query: fc.array(fc.tuple(nastyText, nastyText), { maxLength: 3 }),
    body: fc.oneof(
      fc.constant({ kind: 'keep' as const }),
      fc.record({
        kind: fc.constant('field' as const),
        value: nastyValue,
        fieldIndex: fc.nat(20),
        newKey: fc.option(nastyText, { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('whole' as const), value: nastyValue }),
    ),
    raw: fc.option(
      fc.record({
        text: fc.oneof(nastyText, fc.constant('{"a":'), fc.constant('[1,2')),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/octet-stream',
          'application/json; charset=latin1',
        ),
      }),
      { nil: undefined, freq: 5 },
    ),
  });

/** The row's request, its path parameters, query and body bent by the mutation. */
function bend(row: RouteCase, base: { path: string; body?: unknown }, m: Mutation) {
  const [basePath = '', baseQuery = ''] = base.path.split('?');
  const names = [...row.url.matchAll(/:([^/]+)/g)].map((x) => x[1]);
  let path = basePath;
  if (names.length) {
    // Put each fuzzed value where the row's concrete value of that parameter stood.
    const template = row.url.split('/');
    const concrete = basePath.split('/');
    path = template
      .map((part, i) => {
        if (!part.startsWith(':')) return concrete[i] ?? part;
        const value = m.params[names.indexOf(part.slice(1))];
        if (value === undefined) return concrete[i];
        // Percent signs and URL-safe text go as they are (broken escapes included); the rest encoded.
        return /^[%\w.~-]*$/.test(value) ? value : encodeURIComponent(value.toWellFormed());
      })
      .join('/');
  }
  const query = new URLSearchParams(baseQuery);
  // URLSearchParams encodes what it is given; a lone surrogate cannot be, so it becomes U+FFFD.
  for (const [k, v] of m.query) query.append(k.toWellFormed(), v.toWellFormed());
  const search = query.toString();
  let body = base.body;
  if (m.body.kind === 'whole') body = m.body.value;
  if (m.body.kind === 'field' && base.body && typeof base.body === 'object') {
    const keys = Object.keys(base.body);
    const key = m.body.newKey ?? keys[m.body.fieldIndex % Math.max(1, keys.length)] ?? 'field';
    body = { ...(base.body as Record<string, unknown>), [key]: m.body.value };
  }
  return { path: search ? `${path}?${search}` : path, body };
}

/**
 * What a form field carries for a fuzzed value: a form sends only text, and an object without a
 * prototype has no text of its own (String() throws), so it goes as a browser would send it.
 */
function formText(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

async function send(client: HttpClient, row: RouteCase, path: string, body: unknown, raw?: Mutation['raw']) {
  if (raw && row.method !== 'GET') return client.request(row.method, path, raw.text, { 'content-type': raw.type });
  if (row.method === 'GET') return client.request('GET', path);
  if (row.form) {
    const form = new URLSearchParams(
      Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, formText(v)]),
    ).toString();
    return client.request(row.method, path, form, { 'content-type': 'application/x-www-form-urlencoded' });
  }
  return client.request(row.method, path, body === undefined ? undefined : (JSON.stringify(body) ?? 'null'));
}

/** Bytes as they are (HttpClient would send a Buffer as JSON): a BOM, broken UTF-8. */
async function sendBytes(client: HttpClient, method: string, path: string, body: string | Buffer, type: string) {
  if (typeof body === 'string') return client.request(method, path, body, { 'content-type': type });
  const url = new URL(path, started.server.url);
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': type,
      origin: url.origin,
      'x-forwarded-for': client.ip,
      ...(client.cookieHeader() ? { cookie: client.cookieHeader() } : {}),
    },
    body: new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: read as HttpClient's answers are
  return { status: res.status, body: parsed as any };
}

describe('fuzzing every route', () => {
  it(`no 5xx, {detail, code} on every /api/ error, nothing changed by a refusal (${RUNS} cases a route)`, {
    timeout: 240_000,
  }, async () => {
    const failures: string[] = [];
    for (const row of ROUTE_CASES) {
      if (row.spa && !started.server.app.hasRoute({ method: 'GET', url: '/*' })) continue;
      const paramCount = [...row.url.matchAll(/:[^/]+/g)].length;
      await fc.assert(
        fc.asyncProperty(fc.constantFrom<Identity>('anonymous', 'user'), mutation(paramCount), async (identity, m) => {
          const base = await row.request(started.fixture, identity);
          const { path, body } = bend(row, base, m);
          const client = (base.client ?? clientOf(started.fixture.cast, identity)).fromNewAddress();
          const checkState = STATE_CHANGING.has(row.method);
          const before = checkState ? await dbFingerprint(started.server) : null;
          const res = await send(client, row, path, body, m.raw);
          const where = `${row.method} ${path.slice(0, 200)} as ${identity}: ${res.status}`;
          if (res.status >= 500) failures.push(`${where} ${JSON.stringify(res.body).slice(0, 300)}`);
          if (res.status >= 400 && path.startsWith('/api/')) {
            const ok = typeof res.body?.detail === 'string' && typeof res.body?.code === 'string';
            if (!ok) failures.push(`${where}: not {detail, code}: ${JSON.stringify(res.body).slice(0, 200)}`);
            // better-auth's endpoints pass their own codes through; every other code is one of ours.
            if (ok && !path.startsWith('/api/auth/') && !isErrorCode(res.body.code)) {
              failures.push(`${where}: code ${res.body.code} is not in ERROR_CODES`);
            }
          }
          if (before && res.status >= 400) {
            const after = await dbFingerprint(started.server);
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (changed.length) failures.push(`${where}: refused but changed ${changed.join(', ')}`);
          }
          return true;
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  });

  // docs/security.md, Request limits: bodies that have broken servers, on every route that takes
  // one, each sent once (the random cases above rarely draw them). First those every route refuses
  // before its handler, then those a route may take (a body at the size limit, wrong JSON types).
  it('no 5xx for hostile bodies: nesting, width, encoding, size, wrong types', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    const app = started.server.app;
    const limits = new Map(listRoutes(app).map((r) => [`${r.method} ${r.url}`, r.bodyLimit]));
    const wide = `{${Array.from({ length: 100_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
    for (const row of ROUTE_CASES) {
      if (!STATE_CHANGING.has(row.method)) continue;
      // Whoever the route lets in, so that the body gets as far as it can.
      const identity = IDENTITIES.find((who) => row.expect[who] < 400) ?? 'user';
      const base = await row.request(started.fixture, identity);
      const client = base.client ?? clientOf(started.fixture.cast, identity);
      const limit = limits.get(`${row.method} ${row.url}`) ?? app.initialConfig.bodyLimit ?? 0;
      const type = row.form ? 'application/x-www-form-urlencoded' : 'application/json';
      const own = row.form
        ? new URLSearchParams((base.body ?? {}) as Record<string, string>).toString()
        : JSON.stringify(base.body ?? {});
      // Padding a body keeps its meaning: whitespace after JSON, empty pairs in a form.
      const padded = (size: number) => own + (row.form ? '&' : ' ').repeat(Math.max(0, size - Buffer.byteLength(own)));
      const ownBytes = Buffer.from(own);

      const check = async (name: string, body: string | Buffer, contentType = type) => {
        const res = await sendBytes(client.fromNewAddress(), row.method, base.path, body, contentType);
        const where = `${row.method} ${base.path} ${name} as ${identity}: ${res.status}`;
        if (res.status >= 500) failures.push(`${where} ${JSON.stringify(res.body).slice(0, 300)}`);
        if (res.status >= 400 && base.path.startsWith('/api/')) {
          const ok = typeof res.body?.detail === 'string' && typeof res.body?.code === 'string';
          if (!ok) failures.push(`${where}: not {detail, code}: ${JSON.stringify(res.body).slice(0, 200)}`);
          if (ok && !base.path.startsWith('/api/auth/') && !isErrorCode(res.body.code)) {
            failures.push(`${where}: code ${res.body.code} is not in ERROR_CODES`);
          }
        }
        return { where, refused: res.status >= 400, status: res.status };
      };
      /** Sends the bodies, then proves that the refused ones changed nothing (one look at the database when all were). */
      const unchanged = async (bodies: [string, string | Buffer, string?][]) => {
        const before = await dbFingerprint(started.server);
        const sent = [];
        for (const [name, body, contentType] of bodies)
          sent.push({ name, body, contentType, ...(await check(name, body, contentType)) });
        if (sent.every((r) => r.refused)) {
          const after = await dbFingerprint(started.server);
          if (Object.keys(after).every((t) => after[t] === before[t])) return sent;
        }
        // Some were taken, or something changed (a job of an earlier row's request may have run
        // meanwhile): each refused one again, alone, between two looks.
        for (const r of sent.filter((x) => x.refused)) {
          const alone = await dbFingerprint(started.server);
          await check(r.name, r.body, r.contentType);
          const after = await dbFingerprint(started.server);
          const changed = Object.keys(after).filter((t) => after[t] !== alone[t]);
          if (changed.length) failures.push(`${r.where}: refused but changed ${changed.join(', ')}`);
        }
        return sent;
      };

      const refused = await unchanged([
        ['nested arrays', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json'],
        ['nested objects', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'application/json'],
        ['100,000 keys', wide, 'application/json'],
        ['a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), ownBytes]), 'application/json'],
        [
          'invalid UTF-8',
          Buffer.concat([ownBytes.subarray(0, 1), Buffer.from([0xc3, 0x28, 0xff]), ownBytes.subarray(1)]),
          'application/json',
        ],
        ['one byte over the size limit', padded(limit + 1)],
      ]);
      for (const r of refused) if (!r.refused) failures.push(`${r.where}: taken`);
      const over = refused.at(-1);
      if (over && row.expect[identity] < 400 && over.status !== 413) failures.push(`${over.where}: not 413`);

      await unchanged([['at the size limit', padded(limit)]]);
      if (row.form || !base.body || typeof base.body !== 'object' || Array.isArray(base.body)) continue;
      // Every field given every other JSON type, in six bodies; then the whole body as each.
      const wrong = [true, 0, 'x', [], {}, null];
      const fields = Object.keys(base.body);
      await unchanged([
        ...wrong.map((_, k): [string, string] => [
          `wrong types ${k}`,
          JSON.stringify(Object.fromEntries(fields.map((f, i) => [f, wrong[(i + k) % wrong.length]]))),
        ]),
        ...wrong
          .filter((w) => typeof w !== 'object' || Array.isArray(w) || w === null)
          .map((w): [string, string] => [`body ${JSON.stringify(w)}`, JSON.stringify(w)]),
      ]);
    }
    expect(failures).toEqual([]);
  });
});
