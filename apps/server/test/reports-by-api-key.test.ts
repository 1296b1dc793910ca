import { listEndpoints } from '@licensewatch/shared/api-contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKey } from '../src/modules/accounts/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { creditLedger } from '../src/modules/plans/tables.ts';
import { report, reportState } from '../src/modules/reports/tables.ts';
import { HttpClient, type JsonResponse } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// Reports by API key (docs/product-rules.md, Reports by API key and API key scopes): a key acts on
// its workspace like its owner, within the scopes its owner gave it, by the same rules and credits.
let server: TestServer;
withSimulatedBoards({ size: 200, seed: 11 }, (running) => {
  ({ server } = running);
});

/** A system's call: the key in the header, no cookie and no Origin (it is not a browser). */
function byKey(key: string, method: string, path: string, body?: unknown): Promise<JsonResponse> {
  return new HttpClient(server.url).request(method, path, body, { authorization: `Bearer ${key}`, origin: undefined });
}

const keyOf = async (person: Person): Promise<string> =>
  (await person.client.get('/api/v1/credentials/')).body.credential_key;

async function onPlan(planName: 'free' | 'enterprise'): Promise<Person> {
  const person = await signedInPerson(server);
  if (planName !== 'free') {
    const endDate = new Date(Date.now() + 30 * 86_400_000);
    await assignPlan(server.ctx.db, { userId: person.userId, planName, trial: false, endDate, reason: 'plan-change' });
  }
  return person;
}

const physician = (i: number, extra: Record<string, unknown> = {}) => ({
  firstName: `Bulk${i}`,
  lastName: 'Physician',
  licenseType: 'MD',
  states: ['Oregon'],
  externalId: `emp-${i}`,
  ...extra,
});

const spentCredits = async (workspaceId: string) =>
  (
    await server.ctx.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.reason, 'report-created')))
  ).length;

let enterprise: Person;
let key: string;

beforeAll(async () => {
  enterprise = await onPlan('enterprise');
  key = await keyOf(enterprise);
});

describe('API key scopes', () => {
  it('keep a key to search until its owner widens them, and name the scope a call lacks', async () => {
    const credentials = await enterprise.client.get('/api/v1/credentials/');
    expect(credentials.body.credential_scopes).toEqual(['search']);

    const refused = await byKey(key, 'GET', '/api/v2/reports/');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'API_KEY_SCOPE_MISSING',
      detail: 'This API key does not have the reports:read scope. Its owner can add it on the Overview page.',
    });

    const bad = await enterprise.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read', 'everything'] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/scope must be one of/);
    const [stored] = await server.ctx.db
      .select({ scopes: apiKey.scopes })
      .from(apiKey)
      .where(eq(apiKey.userId, enterprise.userId));
    expect(stored?.scopes).toEqual(['search']);

    const set = await enterprise.client.put('/api/v2/credentials/scopes', {
      scopes: ['webhooks', 'reports:write', 'reports:read'],
    });
    expect(set.status).toBe(200);
    expect(set.body.credential_scopes).toEqual(['reports:read', 'reports:write', 'webhooks']);
    // The key itself is unchanged: a system using it keeps working with its new powers.
    expect(set.body.credential_key).toBe(key);
    expect((await byKey(key, 'GET', '/api/v2/reports/')).status).toBe(200);
    // Search was taken away, so the search API refuses it now, before spending anything.
    const search = await byKey(key, 'GET', '/api/v1/search-license-by-number?license_number=1&state=OR');
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('API_KEY_SCOPE_MISSING');
  });

  it('are checked on every call a key may make, and a call only a session may make refuses any key', async () => {
    const narrow = await onPlan('free');
    const narrowKey = await keyOf(narrow);
    const keyed = listEndpoints()
      .map(({ endpoint }) => endpoint)
      .filter((e) => e.keyScope);
    expect(keyed.length).toBeGreaterThan(20);
    for (const endpoint of keyed) {
      const path = endpoint.path.replace(/:[a-zA-Z]+/g, 'missing-id');
      const res = await byKey(narrowKey, endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
      // 403 naming the scope proves the route checks the key before anything else.
      expect({ route: `${endpoint.method} ${endpoint.path}`, status: res.status, code: res.body?.code }).toEqual({
        route: `${endpoint.method} ${endpoint.path}`,
        status: 403,
        code: 'API_KEY_SCOPE_MISSING',
      });
    }
    const sessionOnly = await byKey(key, 'GET', '/api/v2/reports/missing-id/licenses/hidden');
    expect(sessionOnly.status).toBe(401);
    expect(sessionOnly.body.code).toBe('SESSION_REQUIRED');
  });

  it("count in the key's per-minute limit like a search", async () => {
    const free = await onPlan('free');
    const freeKey = await keyOf(free);
    expect((await free.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read'] })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 61 }, () => byKey(freeKey, 'GET', '/api/v1/reports/')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    const limited = answers.find((a) => a.status === 429);
    expect(limited?.body.code).toBe('RATE_LIMITED');
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('Reports by API key', () => {
  it('create 100 in one call, answer 3 bad rows in their places, and create nothing twice when called again', async () => {
    const rows: Record<string, unknown>[] = Array.from({ length: 100 }, (_, i) => physician(i));
    rows[7] = { ...physician(7), licenseType: 'RN' };
    rows[42] = { ...physician(42), states: ['Atlantis'] };
    rows[99] = { lastName: 'No First Name', licenseType: 'MD', states: ['Oregon'], externalId: 'emp-99' };

    const first = await byKey(key, 'POST', '/api/v2/reports/bulk', { reports: rows });
    expect(first.status).toBe(200);
    expect({ created: first.body.created, existing: first.body.existing, failed: first.body.failed }).toEqual({
      created: 97,
      existing: 0,
      failed: 3,
    });
    expect(first.body.results.map((r: { index: number }) => r.index)).toEqual(rows.map((_, i) => i));
    const failed = first.body.results.filter((r: { outcome: string }) => r.outcome === 'failed');
    expect(
      failed.map((r: { index: number; error: { status: number; code: string } }) => [
        r.index,
        r.error.status,
        r.error.code,
      ]),
    ).toEqual([
      [7, 400, 'VALIDATION_ERROR'],
      [42, 400, 'VALIDATION_ERROR'],
      [99, 400, 'VALIDATION_ERROR'],
    ]);
    expect(failed[0].error.detail).toBe('licenseType: License type must be MD or DO');
    expect(failed[1].error.detail).toBe("states: Unknown state 'Atlantis'");
    expect(failed[2].error.detail).toBe('firstName: First name is required');
    expect(first.body.results[0]).toMatchObject({
      outcome: 'created',
      external_id: 'emp-0',
      report: { first_name: 'Bulk0', external_id: 'emp-0' },
    });
    expect(await spentCredits(enterprise.userId)).toBe(97);

    // A retry after a timeout: every good row is found by its external_id, and nothing is spent.
    const again = await byKey(key, 'POST', '/api/v2/reports/bulk', { reports: rows });
    expect({ created: again.body.created, existing: again.body.existing, failed: again.body.failed }).toEqual({
      created: 0,
      existing: 97,
      failed: 3,
    });
    expect(again.body.results[0].report.id).toBe(first.body.results[0].report.id);
    expect(await spentCredits(enterprise.userId)).toBe(97);

    const single = await byKey(key, 'POST', '/api/v2/reports/', physician(3));
    expect(single.status).toBe(409);
    expect(single.body).toEqual({
      code: 'EXTERNAL_ID_TAKEN',
      detail: `A report with external_id 'emp-3' exists already (${first.body.results[3].report.id}); nothing was created or spent.`,
    });
    expect(await spentCredits(enterprise.userId)).toBe(97);
  });

  it('answer a row past the credits with the single create’s reason while the others go ahead', async () => {
    const free = await onPlan('free');
    const freeKey = await keyOf(free);
    await free.client.put('/api/v2/credentials/scopes', { scopes: ['reports:write'] });
    const res = await byKey(freeKey, 'POST', '/api/v2/reports/bulk', { reports: [physician(1), physician(2)] });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['created', 'failed']);
    expect(res.body.results[1].error).toMatchObject({ status: 402, code: 'NO_REPORT_CREDITS' });
  });

  it('page through the reports with a cursor, newest first, and filter them', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?limit=40&cursor=${encodeURIComponent(cursor)}` : '?limit=40';
      const page = await byKey(key, 'GET', `/api/v2/reports/${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.reports.map((r: { id: string }) => r.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(97);
    const all = await byKey(key, 'GET', '/api/v1/reports/');
    expect(seen).toEqual(all.body.map((r: { id: string }) => r.id));

    const one = await byKey(key, 'GET', '/api/v2/reports/?external_id=emp-5');
    expect(one.body.reports.map((r: { external_id: string }) => r.external_id)).toEqual(['emp-5']);
    const future = await byKey(
      key,
      'GET',
      `/api/v2/reports/?changed_since=${new Date(Date.now() + 60_000).toISOString()}`,
    );
    expect(future.body).toEqual({ reports: [], next_cursor: null });
    const bad = await byKey(key, 'GET', '/api/v2/reports/?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/cursor/);
  });

  it('read one report whole, change it in place, and keep to its own workspace', async () => {
    const listed = await byKey(key, 'GET', '/api/v2/reports/?external_id=emp-10');
    const id: string = listed.body.reports[0].id;
    const whole = await byKey(key, 'GET', `/api/v2/reports/${id}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toMatchObject({
      id,
      external_id: 'emp-10',
      candidates: expect.any(Array),
      licenses: expect.any(Array),
    });
    expect(whole.body.exclusions.sources.map((s: { name: string }) => s.name)).toContain('LEIE');

    const other = await onPlan('free');
    expect((await byKey(await keyOf(other), 'GET', `/api/v2/reports/${id}`)).status).toBe(403);
    await other.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read'] });
    const stranger = await byKey(await keyOf(other), 'GET', `/api/v2/reports/${id}`);
    expect(stranger.status).toBe(404);

    const fewer = await byKey(key, 'PATCH', `/api/v2/reports/${id}`, { states: ['Texas'] });
    expect(fewer.status).toBe(400);
    expect(fewer.body.detail).toBe(
      'States can only be added to a report; it keeps Oregon. Delete the report and create another to search fewer states.',
    );
    const taken = await byKey(key, 'PATCH', `/api/v2/reports/${id}`, { external_id: 'emp-11' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EXTERNAL_ID_TAKEN');
    const [unchanged] = await server.ctx.db.select().from(report).where(eq(report.id, id));
    expect(unchanged?.externalId).toBe('emp-10');
    expect(unchanged?.states).toEqual(['OR']);

    const changed = await byKey(key, 'PATCH', `/api/v2/reports/${id}`, {
      external_id: 'emp-10b',
      states: ['Oregon', 'Texas'],
      npi: '1234567893',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ external_id: 'emp-10b', states: ['Oregon', 'Texas'], npi: '1234567893' });
    const states = await server.ctx.db.select().from(reportState).where(eq(reportState.reportId, id));
    expect(states.map((s) => s.state).sort()).toEqual(['OR', 'TX']);

    const deleted = await byKey(key, 'DELETE', `/api/v2/reports/${id}`);
    expect(deleted.status).toBe(200);
    expect((await byKey(key, 'GET', `/api/v2/reports/${id}`)).status).toBe(404);
  });

  it('manage webhook endpoints with the webhooks scope', async () => {
    const created = await byKey(key, 'POST', '/api/v2/webhooks/endpoints', {
      url: 'https://example.com/licensewatch',
      events: ['license.status_changed'],
    });
    expect(created.status).toBe(201);
    const listed = await byKey(key, 'GET', '/api/v2/webhooks/endpoints');
    expect(listed.body.data.map((e: { url: string }) => e.url)).toEqual(['https://example.com/licensewatch']);
  });
});
