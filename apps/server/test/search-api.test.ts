import type { SearchResponse } from '@licensewatch/shared/search-api';
import { stateName } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authenticateApiCaller } from '../src/modules/accounts/authenticate-api-caller.ts';
import type { GroundTruthPerson } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { billApiCall } from '../src/modules/plans/bill-api-call.ts';
import { apiUsage, creditLedger, userCredit } from '../src/modules/plans/tables.ts';
import { signedInOnPlan } from './support/accounts.ts';
import { pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 1500, seed: 42 }, (running) => {
  ({ server, boards } = running);
});

const BY_NAME = '/api/v1/medical/search-license/';
const BY_STATE = '/api/v1/medical/search-license-by-state/';
const BY_NUMBER = '/api/v1/medical/search-license-by-number/';
const BETA = '/api/v1/search-license-by-state';

// biome-ignore lint/suspicious/noExplicitAny: test helper: the body as JSON when it is JSON
type Answer = { status: number; body: any; headers: Headers; text: string };

async function call(
  method: 'GET' | 'POST',
  path: string,
  {
    form,
    json,
    key,
    headers = {},
  }: { form?: Record<string, string>; json?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, body, headers: res.headers, text };
}

type Customer = { userId: string; key: string };

async function customer(planName: 'small' | 'enterprise' | 'free' = 'small'): Promise<Customer> {
  const { client, userId } = await signedInOnPlan(server, { planName });
  const { body } = await client.get('/api/v1/credentials/');
  return { userId, key: body.credential_key };
}

async function creditsOf(userId: string): Promise<number> {
  const [row] = await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, userId));
  return row?.apiCredits ?? 0;
}

async function usageOf(userId: string) {
  return server.ctx.db.select().from(apiUsage).where(eq(apiUsage.userId, userId)).orderBy(apiUsage.createdAt);
}

const nameForm = (p: GroundTruthPerson) => ({
  First_Name: p.firstName,
  Middle_Name: p.middleName ?? '',
  Last_Name: p.lastName,
  License_Type: p.licenses[0]?.licenseType ?? 'MD',
});

let physician: GroundTruthPerson;
beforeAll(() => {
  physician = pickPhysician(boards.persons);
});

describe('search by name', () => {
  it("finds a physician's licenses in every state, from bulk files and live look-ups, for one credit", async () => {
    const { userId, key } = await customer();
    const before = await creditsOf(userId);
    const res = await call('POST', BY_NAME, { form: nameForm(physician), key });
    expect(res.status).toBe(200);
    const body = res.body as SearchResponse;
    const expected = physician.licenses.map((l) => `${stateName(l.jurisdiction)} ${l.licenseNumber}`).sort();
    expect(body.data.map((r) => `${r.state} ${r.license_number}`).sort()).toEqual(expected);
    for (const result of body.data) {
      expect(result.match).toEqual(['exact']);
      expect(result.confidence).toBeGreaterThanOrEqual(0.8);
      expect(result.source.name).toBeTruthy();
      expect(result.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(result.license_type).toBe(physician.licenses[0]?.licenseType);
    }
    const truth = physician.licenses[0];
    const first = body.data.find((r) => r.license_number === truth?.licenseNumber);
    expect(first).toMatchObject({
      status: truth?.status,
      expiry_date: truth?.expiryDate,
      issued_date: truth?.issueDate,
    });
    expect(res.headers.get('x-credits-remaining')).toBe(String(before - 1));
    expect(await creditsOf(userId)).toBe(before - 1);
    const ledger = await server.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, 'api-call')));
    expect(ledger).toMatchObject([{ kind: 'api', delta: -1, balanceAfter: before - 1 }]);
    const [usage] = await usageOf(userId);
    expect(usage).toMatchObject({ endpoint: BY_NAME, status: 200, resultCount: expected.length });
    expect(usage?.query).toEqual({ ...nameForm(physician) });
    expect(JSON.stringify(usage?.query)).not.toContain(key);
  });

  it('takes the key as credential_key in the form body too', async () => {
    const { key } = await customer();
    const res = await call('POST', BY_STATE, {
      form: {
        ...nameForm(physician),
        State: stateName(physician.licenses[0]?.jurisdiction ?? 'CA'),
        credential_key: key,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0].license_number).toBe(physician.licenses[0]?.licenseNumber);
  });

  it('answers a look-up board from the registry for a day after searching it live', async () => {
    const { key } = await customer();
    const lookupLicense = physician.licenses.find((l) => !['WA', 'CO', 'FL', 'MO', 'CA'].includes(l.jurisdiction));
    if (!lookupLicense) throw new Error('the physician has no look-up license');
    const form = { ...nameForm(physician), State: stateName(lookupLicense.jurisdiction) };
    expect((await call('POST', BY_STATE, { form, key })).status).toBe(200);
    // The board now refuses this physician's look-ups; the earlier search still answers.
    await boards.setFaults({ boardId: lookupLicense.boardId, down: true, lastName: physician.lastName });
    try {
      const again = await call('POST', BY_STATE, { form, key });
      expect(again.status).toBe(200);
      expect(again.body.unavailable_sources).toEqual([]);
      expect(again.body.data.map((r: { license_number: string }) => r.license_number)).toEqual([
        lookupLicense.licenseNumber,
      ]);
    } finally {
      await boards.clearFaults();
    }
  });

  it('names a board that cannot be searched and still answers the rest', async () => {
    const { key } = await customer();
    const other = boards.persons.find(
      (p) =>
        p !== physician &&
        p.licenses.some((l) => !['WA', 'CO', 'FL', 'MO', 'CA'].includes(l.jurisdiction) && l.licenseNumber),
    ) as GroundTruthPerson;
    const lookupLicense = other.licenses.find((l) => !['WA', 'CO', 'FL', 'MO', 'CA'].includes(l.jurisdiction));
    await boards.setFaults({ boardId: lookupLicense?.boardId, down: true, lastName: other.lastName });
    try {
      const res = await call('POST', BY_NAME, { form: nameForm(other), key });
      expect(res.status).toBe(200);
      expect(res.body.unavailable_sources).toContainEqual(
        expect.objectContaining({
          state: stateName(lookupLicense?.jurisdiction ?? 'CA'),
          board_id: lookupLicense?.boardId,
        }),
      );
    } finally {
      await boards.clearFaults();
    }
  });

  it('returns loose matches apart, flagged for review, never among the results', async () => {
    const { key } = await customer();
    const res = await call('POST', BY_NAME, {
      form: { ...nameForm(physician), First_Name: physician.firstName.charAt(0), Middle_Name: '' },
      key,
    });
    expect(res.status).toBe(200);
    const body = res.body as SearchResponse;
    for (const result of body.data) expect(result.confidence).toBeGreaterThanOrEqual(0.8);
    const dataIds = new Set(body.data.map((r) => r.id));
    expect(body.possible_matches.length).toBeGreaterThan(0);
    for (const possible of body.possible_matches) {
      expect(dataIds.has(possible.id)).toBe(false);
      expect(possible.confidence).toBeLessThan(0.8);
      expect(['near', 'namesake']).toContain(possible.review);
      expect(possible.why).toMatch(/\w/);
      expect(possible.match).toContain('first-initial');
    }
  });
});

describe('search by number, beta JSON and the static-docs GETs', () => {
  it('finds a license by its number, also written differently', async () => {
    const { key } = await customer();
    const license = physician.licenses[0];
    if (!license?.licenseNumber) throw new Error('no number');
    const exact = await call('POST', BY_NUMBER, {
      form: { License_Number: license.licenseNumber, State: stateName(license.jurisdiction) },
      key,
    });
    expect(exact.status).toBe(200);
    expect(exact.body.data).toMatchObject([{ license_number: license.licenseNumber, match: ['license-number'] }]);
    const spaced = await call('POST', BY_NUMBER, {
      form: { License_Number: ` ${license.licenseNumber.toLowerCase()} `, State: license.jurisdiction },
      key,
    });
    expect(spaced.status).toBe(200);
    expect(spaced.body.data[0]?.license_number).toBe(license.licenseNumber);
  });

  it('answers the beta JSON endpoint and the three GETs with {status, data}', async () => {
    const { key } = await customer();
    const license = physician.licenses[0];
    if (!license?.licenseNumber) throw new Error('no number');
    const state = stateName(license.jurisdiction);
    const fullName = `${physician.firstName} ${physician.middleName} ${physician.lastName}`;
    const beta = await call('POST', BETA, {
      json: {
        state_name: state,
        first_name: physician.firstName,
        middle_name: physician.middleName,
        last_name: physician.lastName,
        license_type: license.licenseType,
      },
      key,
    });
    expect(beta.status).toBe(200);
    expect(beta.body.data.map((r: { license_number: string }) => r.license_number)).toEqual([license.licenseNumber]);

    const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
    const byName = await call(
      'GET',
      `/api/v1/search-license${q({ name: fullName, license_type: license.licenseType })}`,
      {
        key,
      },
    );
    expect(byName.status).toBe(200);
    expect(byName.body.status).toBe('success');
    expect(byName.body.data).toHaveLength(physician.licenses.length);
    const byState = await call('GET', `/api/v1/search-license-by-state${q({ state, name: fullName })}`, { key });
    expect(byState.body.data.map((r: { license_number: string }) => r.license_number)).toEqual([license.licenseNumber]);
    const byNumber = await call(
      'GET',
      `/api/v1/search-license-by-number${q({ license_number: license.licenseNumber, state })}`,
      { key },
    );
    expect(byNumber.body.data[0]?.license_number).toBe(license.licenseNumber);
    // A key in a URL would end up in logs: refused, and said why.
    const inUrl = await call(
      'GET',
      `/api/v1/search-license-by-number${q({ license_number: 'X1', state, credential_key: key })}`,
    );
    expect(inUrl.status).toBe(401);
    expect(inUrl.body.detail).toMatch(/Authorization/);
  });

  it('answers text/csv when asked by Accept or format=csv', async () => {
    const { key } = await customer();
    const form = nameForm(physician);
    const byAccept = await call('POST', BY_NAME, { form, key, headers: { accept: 'text/csv' } });
    expect(byAccept.status).toBe(200);
    expect(byAccept.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = byAccept.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,name,license_number,state,status,board_status,issued_date,expiry_date,license_type,discipline,source,verified_at,match,confidence,review',
    );
    expect(lines).toHaveLength(physician.licenses.length + 1);
    const byFormat = await call('POST', BY_NAME, { form: { ...form, format: 'csv' }, key });
    expect(byFormat.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(byFormat.text.trim().split('\r\n')).toHaveLength(physician.licenses.length + 1);
  });
});

describe('bad input costs nothing', () => {
  it('answers 400/401/415 with {detail, code} and spends no credit', async () => {
    const { userId, key } = await customer();
    const before = await creditsOf(userId);
    const form = nameForm(physician);
    const cases: [string, Promise<Answer>, number, string][] = [
      ['missing field', call('POST', BY_NAME, { form: { First_Name: 'Ann' }, key }), 400, 'VALIDATION_ERROR'],
      ['unknown state', call('POST', BY_STATE, { form: { ...form, State: 'Atlantis' }, key }), 400, 'VALIDATION_ERROR'],
      ['license type', call('POST', BY_NAME, { form: { ...form, License_Type: 'RN' }, key }), 400, 'VALIDATION_ERROR'],
      [
        '10 kB name',
        call('POST', BY_NAME, { form: { ...form, Last_Name: 'x'.repeat(10_240) }, key }),
        400,
        'VALIDATION_ERROR',
      ],
      [
        'NUL byte',
        call('POST', BY_NAME, { form: { ...form, Last_Name: 'Sm\u0000ith' }, key }),
        400,
        'VALIDATION_ERROR',
      ],
      ['JSON on a form endpoint', call('POST', BY_NAME, { json: form, key }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['form on the JSON endpoint', call('POST', BETA, { form, key }), 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['empty key', call('POST', BY_NAME, { form: { ...form, credential_key: '' } }), 401, 'INVALID_API_KEY'],
      ['unknown key', call('POST', BY_NAME, { form, key: `lw_${'A'.repeat(43)}` }), 401, 'INVALID_API_KEY'],
      ['junk key', call('POST', BY_NAME, { form, key: 'hello' }), 401, 'INVALID_API_KEY'],
    ];
    for (const [name, pending, status, code] of cases) {
      const res = await pending;
      expect({ name, status: res.status, code: res.body.code }).toEqual({ name, status, code });
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await creditsOf(userId)).toBe(before);
    // The known key's calls that reached validation are in its usage, as errors; a NUL byte and a
    // wrong content type are refused before the key is read. An error's usage row is written once
    // its answer has gone (onResponse), so the last one may land just after the test reads.
    await expect
      .poll(async () => (await usageOf(userId)).map((u) => u.status).sort(), { timeout: 5_000 })
      .toEqual([400, 400, 400, 400]);
  });

  it('refuses a regenerated key and a deactivated owner at once', async () => {
    const { client, userId } = await signedInOnPlan(server, { planName: 'small' });
    const { body } = await client.get('/api/v1/credentials/');
    const form = { License_Number: 'X1', State: 'Texas' };
    expect((await call('POST', BY_NUMBER, { form, key: body.credential_key })).status).toBe(200);
    await client.request('PATCH', '/api/v1/credentials/', undefined, { origin: server.url });
    const old = await call('POST', BY_NUMBER, { form, key: body.credential_key });
    expect(old.status).toBe(401);
    const fresh = (await client.get('/api/v1/credentials/')).body.credential_key;
    expect((await call('POST', BY_NUMBER, { form, key: fresh })).status).toBe(200);
    await server.ctx.db.execute(sql`UPDATE "user" SET is_active = false WHERE id = ${userId}`);
    expect((await call('POST', BY_NUMBER, { form, key: fresh })).status).toBe(401);
  });

  it('answers 402 NO_API_CREDITS without credits and 429 with Retry-After over the plan limit', async () => {
    const { userId, key } = await customer('free');
    expect(await creditsOf(userId)).toBe(0);
    const form = { License_Number: 'X1', State: 'Texas' };
    const broke = await call('POST', BY_NUMBER, { form, key });
    expect(broke.status).toBe(402);
    expect(broke.body).toMatchObject({ code: 'NO_API_CREDITS' });
    expect(broke.headers.get('x-credits-remaining')).toBe('0');
    const ledger = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
    expect(ledger.filter((e) => e.kind === 'api')).toEqual([]);
    // Free allows 60 calls a minute; the first one above was one of them.
    const answers = await Promise.all(Array.from({ length: 60 }, () => call('POST', BY_NUMBER, { form, key })));
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(1);
    expect(Number(limited[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited[0]?.body.code).toBe('RATE_LIMITED');
  });

  // Calls made in one turn of the event loop share one statement (db/batched-lookup.ts): asked
  // here directly, since HTTP cannot make requests arrive together on purpose.
  it('counts each call of a batch against its key in the order the calls came', async () => {
    const { key } = await customer('free');
    const keyId = (await authenticateApiCaller(server.ctx, key)).keyId;
    // Free allows 60 calls a minute: 57 so far, the call above included.
    await server.ctx.db.execute(sql`UPDATE request_limit SET count = 57 WHERE key = ${`api-key:${keyId}`}`);
    const other = await customer('free');
    const callers = await Promise.all(
      [key, key, other.key, key, key, key].map((k) => authenticateApiCaller(server.ctx, k)),
    );
    expect(callers.map((c) => c.overLimit?.status ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok', 429, 429]);
    expect(callers[2]?.userId).toBe(other.userId);
    await expect(authenticateApiCaller(server.ctx, `${key.slice(0, -1)}x`)).rejects.toMatchObject({ status: 401 });
  });

  it('charges the calls of one batch workspace by workspace, each its own credit, the rest none', async () => {
    const [a, b] = [await customer('small'), await customer('small')];
    for (const [{ userId }, credits] of [
      [a, 3],
      [b, 1],
    ] as const) {
      await server.ctx.db.update(userCredit).set({ apiCredits: credits }).where(eq(userCredit.workspaceId, userId));
    }
    const charge = ({ userId }: Customer, resultCount: number) =>
      billApiCall(server.ctx.db, {
        userId,
        workspaceId: userId,
        keyId: 'k',
        endpoint: BY_NUMBER,
        latencyMs: 1,
        resultCount,
        query: { License_Number: `N${resultCount}` },
      });
    const balances = await Promise.all([
      charge(a, 1),
      charge(b, 2),
      charge(a, 3),
      charge(b, 4),
      charge(a, 5),
      charge(a, 6),
    ]);
    expect(balances).toEqual([2, 0, 1, null, 0, null]);
    expect([await creditsOf(a.userId), await creditsOf(b.userId)]).toEqual([0, 0]);
    expect((await usageOf(a.userId)).map((u) => u.resultCount).sort()).toEqual([1, 3, 5]);
    expect((await usageOf(b.userId)).map((u) => u.query)).toEqual([{ License_Number: 'N2' }]);
    const ledger = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, a.userId));
    expect(
      ledger
        .filter((e) => e.reason === 'api-call')
        .map((e) => e.balanceAfter)
        .sort(),
    ).toEqual([0, 1, 2]);
  });

  it('gives 200 concurrent calls on 50 credits exactly 50 answers', async () => {
    const { userId, key } = await customer('small');
    await server.ctx.db.update(userCredit).set({ apiCredits: 50 }).where(eq(userCredit.workspaceId, userId));
    const license = physician.licenses[0];
    const form = { License_Number: license?.licenseNumber ?? '', State: license?.jurisdiction ?? 'CA' };
    const answers = await Promise.all(Array.from({ length: 200 }, () => call('POST', BY_NUMBER, { form, key })));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    expect({ ok: count(200), noCredits: count(402) }).toEqual({ ok: 50, noCredits: 150 });
    // Each success saw its own balance: no two took the same credit.
    const balances = answers.filter((a) => a.status === 200).map((a) => Number(a.headers.get('x-credits-remaining')));
    expect(balances.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(await creditsOf(userId)).toBe(0);
    const [spent] = await server.ctx.db
      .select({ total: sql<number>`sum(${creditLedger.delta})::int` })
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, 'api-call')));
    expect(spent?.total).toBe(-50);
    const usage = await usageOf(userId);
    expect(usage.filter((u) => u.status === 200)).toHaveLength(50);
  });
});
