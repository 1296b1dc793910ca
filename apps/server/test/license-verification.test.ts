import { MESSAGES } from '@licensewatch/shared/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { license, licenseEvent } from '../src/modules/licensing/tables.ts';
import { sha256Hex } from '../src/modules/reports/issue-verification.ts';
import { licenseVerification, report, reportLicense } from '../src/modules/reports/tables.ts';
import { signedInOnPlan } from './support/accounts.ts';
import type { HttpClient } from './support/http-client.ts';
import { HttpClient as Client } from './support/http-client.ts';
import { pdfText } from './support/pdf-text.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// docs/product-rules.md, License history and Verification: through HTTP against the real database.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

type Account = { client: HttpClient; userId: string };

const LAST_SEEN = new Date('2026-03-04T05:06:07.000Z');

/** A report of `owner`'s with two licenses put into the registry by hand, the first with three changes. */
async function reportWithLicenses(owner: Account) {
  const { db } = server.ctx;
  const [r] = await db
    .insert(report)
    .values({
      workspaceId: owner.userId,
      name: 'Proof',
      firstName: 'Imogen',
      lastName: 'Quarrie',
      licenseType: 'MD',
      states: ['OR', 'ND'],
    })
    .returning({ id: report.id });
  if (!r) throw new Error('no report');
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const common = {
    licenseType: 'MD' as const,
    firstName: 'Imogen',
    lastName: 'Quarrie',
    firstNorm: 'imogen',
    lastNorm: 'quarrie',
    sourceKind: 'html-lookup',
  };
  const inserted = await db
    .insert(license)
    .values([
      {
        ...common,
        jurisdiction: 'OR',
        boardId: 'or-med',
        licenseNumber: `OR-${suffix}`,
        recordKey: `OR-${suffix}`,
        status: 'probation',
        rawStatus: 'ACTIVE - PROBATION',
        issueDate: '2012-01-15',
        expiryDate: '2027-12-31',
        discipline: 'Board order 2025-14',
        firstSeenAt: new Date('2025-01-02T03:04:05.000Z'),
        lastSeenAt: LAST_SEEN,
      },
      {
        ...common,
        jurisdiction: 'ND',
        boardId: 'nd-med',
        licenseNumber: `ND-${suffix}`,
        recordKey: `ND-${suffix}`,
        status: 'active',
        rawStatus: 'ACTIVE',
        expiryDate: '2026-11-30',
        lastSeenAt: LAST_SEEN,
      },
    ])
    .returning({ id: license.id, number: license.licenseNumber });
  const [or, nd] = inserted;
  if (!or || !nd) throw new Error('no licenses');
  await db.insert(licenseEvent).values([
    {
      licenseId: or.id,
      kind: 'expiry',
      before: '2025-12-31',
      after: '2027-12-31',
      occurredAt: new Date('2025-06-01T00:00:00Z'),
      source: 'ingest',
    },
    {
      licenseId: or.id,
      kind: 'status',
      before: 'active',
      after: 'probation',
      occurredAt: new Date('2025-09-10T00:00:00Z'),
      source: 'refresh',
    },
    {
      licenseId: or.id,
      kind: 'discipline',
      before: null,
      after: 'Board order 2025-14',
      occurredAt: new Date('2025-09-10T00:00:00Z'),
      source: 'refresh',
    },
  ]);
  const attached = await db
    .insert(reportLicense)
    .values([or, nd].map((l) => ({ reportId: r.id, licenseId: l.id, confidence: 1, matchReason: 'fixture' })))
    .returning({ id: reportLicense.id, licenseId: reportLicense.licenseId });
  const rlOf = (id: string) => attached.find((a) => a.licenseId === id)?.id ?? '';
  const withRl = (l: typeof or) => ({ id: l.id, number: l.number ?? '', rl: rlOf(l.id) });
  return { reportId: r.id, or: withRl(or), nd: withRl(nd) };
}

let owner: Account;
let stranger: Account;
let fixture: Awaited<ReturnType<typeof reportWithLicenses>>;
beforeAll(async () => {
  owner = await signedInOnPlan(server);
  stranger = await signedInOnPlan(server);
  fixture = await reportWithLicenses(owner);
});

describe('license history', () => {
  it('lists the changes newest first, with the first-seen date', async () => {
    const res = await owner.client.get(`/api/v2/reports/${fixture.reportId}/licenses/${fixture.or.rl}/history`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: fixture.or.rl,
      license_number: fixture.or.number,
      state: 'Oregon',
      first_seen_at: '2025-01-02T03:04:05.000Z',
    });
    expect(
      res.body.events.map((e: { kind: string; occurred_at: string }) => [e.kind, e.occurred_at.slice(0, 10)]),
    ).toEqual([
      ['discipline', '2025-09-10'],
      ['status', '2025-09-10'],
      ['expiry', '2025-06-01'],
    ]);
    expect(res.body.events[1]).toEqual({
      kind: 'status',
      before: 'active',
      after: 'probation',
      occurred_at: '2025-09-10T00:00:00.000Z',
      source: 'refresh',
    });
  });

  it('answers a license with no changes with none', async () => {
    const res = await owner.client.get(`/api/v2/reports/${fixture.reportId}/licenses/${fixture.nd.rl}/history`);
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([]);
  });

  it("answers another user's license exactly like one that does not exist", async () => {
    const theirs = await stranger.client.get(`/api/v2/reports/${fixture.reportId}/licenses/${fixture.or.rl}/history`);
    const missing = await stranger.client.get(`/api/v2/reports/${fixture.reportId}/licenses/nope/history`);
    // The owner's own report with a license of another report: not attached, not found.
    const other = await reportWithLicenses(stranger);
    const crossed = await owner.client.get(`/api/v2/reports/${fixture.reportId}/licenses/${other.or.rl}/history`);
    for (const res of [theirs, missing, crossed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: MESSAGES.reports.licenseNotFound, code: 'NOT_FOUND' });
    }
  });
});

async function download(client: HttpClient, path: string) {
  const res = await client.raw(path, 'POST');
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

describe('verification documents', () => {
  it('issues a PDF of the report with the data, the source, the retrieval time and the verification URL', async () => {
    const { res, bytes } = await download(owner.client, `/api/v2/reports/${fixture.reportId}/verifications`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const id = res.headers.get('x-verification-id') ?? '';
    expect(id).toMatch(/^[a-z2-7]{26}$/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="verification-${id}.pdf"`);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const { text } = await pdfText(bytes);
    const flat = text.replace(/\s+/g, ' ');
    for (const expected of [
      id,
      `/verify/${id}`,
      fixture.or.number,
      fixture.nd.number,
      'Imogen Quarrie',
      'ACTIVE - PROBATION',
      'Probation',
      'Board order 2025-14',
      '2027-12-31',
      '2026-03-04 05:06:07 UTC',
      'Oregon Medical Board',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    // The summary table: one line per license, before the detail, and the code to scan.
    expect(flat).toContain('Summary State Number Standing Expires Source Verified at');
    expect(flat).toContain(
      `Oregon ${fixture.or.number} Probation 2027-12-31 Oregon Medical Board 2026-03-04 05:06 UTC`,
    );
    expect(flat.indexOf('Summary')).toBeLessThan(flat.indexOf(`1. North Dakota MD license ${fixture.nd.number}`));
    expect(flat).toContain('Scan to verify');
  });

  it('stores what it issued, and the public call confirms it', async () => {
    const { res } = await download(owner.client, `/api/v2/reports/${fixture.reportId}/verifications`);
    const id = res.headers.get('x-verification-id') ?? '';
    const [row] = await server.ctx.db.select().from(licenseVerification).where(eq(licenseVerification.id, id));
    expect(row).toMatchObject({ reportId: fixture.reportId, userId: owner.userId });
    expect(row?.licenseIds.sort()).toEqual([fixture.or.id, fixture.nd.id].sort());
    expect(row && sha256Hex(row.snapshot)).toBe(row?.sha256);

    // Anyone, signed in or not.
    const anonymous = new Client(server.url);
    const found = await anonymous.get(`/api/v2/verifications/${id}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('private, no-store');
    expect(found.body).toMatchObject({
      id,
      scope: 'report',
      physician: { name: 'Imogen Quarrie', license_type: 'MD' },
      sha256: row?.sha256,
    });
    expect(found.body.licenses.map((l: { license_number: string }) => l.license_number)).toEqual([
      fixture.nd.number,
      fixture.or.number,
    ]);
    expect(found.body.licenses[1]).toMatchObject({
      state: 'Oregon',
      status: 'probation',
      board_status_text: 'ACTIVE - PROBATION',
      retrieved_at: LAST_SEEN.toISOString(),
      source: { board_id: 'or-med', name: 'Oregon Medical Board', website: 'https://www.oregon.gov/omb' },
    });
    // Nothing about the account or the report's own name.
    expect(JSON.stringify(found.body)).not.toMatch(/Proof|@example|userId|user_id/);

    // The document says what was true then: a later change does not rewrite it.
    await server.ctx.db.update(license).set({ status: 'revoked' }).where(eq(license.id, fixture.or.id));
    const again = await anonymous.get(`/api/v2/verifications/${id}`);
    expect(again.body).toEqual(found.body);
    await server.ctx.db.update(license).set({ status: 'probation' }).where(eq(license.id, fixture.or.id));
  });

  it('issues one for a single license', async () => {
    const { res, bytes } = await download(
      owner.client,
      `/api/v2/reports/${fixture.reportId}/licenses/${fixture.nd.rl}/verifications`,
    );
    expect(res.status).toBe(200);
    const { text } = await pdfText(bytes);
    expect(text).toContain(fixture.nd.number);
    expect(text).not.toContain(fixture.or.number);
    const found = await owner.client.get(`/api/v2/verifications/${res.headers.get('x-verification-id')}`);
    expect(found.body.scope).toBe('license');
    expect(found.body.licenses).toHaveLength(1);
  });

  it("refuses another user's report and license like missing ones, and stores nothing", async () => {
    const before = await server.ctx.db.$count(licenseVerification);
    for (const path of [
      `/api/v2/reports/${fixture.reportId}/verifications`,
      `/api/v2/reports/${fixture.reportId}/licenses/${fixture.or.rl}/verifications`,
      '/api/v2/reports/nope/verifications',
    ]) {
      const res = await stranger.client.request('POST', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ detail: expect.any(String), code: 'NOT_FOUND' });
    }
    expect(await server.ctx.db.$count(licenseVerification)).toBe(before);
  });

  it('answers an unknown id with 404 and no data', async () => {
    const anonymous = new Client(server.url);
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaaaa', 'not-an-id', "x' OR '1'='1"]) {
      const res = await anonymous.get(`/api/v2/verifications/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: MESSAGES.reports.verificationNotFound, code: 'NOT_FOUND' });
    }
  });
});
