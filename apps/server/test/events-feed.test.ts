import { DEFAULT_NOTICE_DAYS } from '@licensewatch/shared/expiry-windows';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { WEBHOOK_EVENT_EXAMPLES } from '@licensewatch/shared/webhook-event-examples';
import { webhookEnvelopeSchema } from '@licensewatch/shared/webhook-events';
import type { WebhookEvent } from '@licensewatch/shared/webhooks';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeSourceFailureForUsers } from '../src/modules/licensing/describe-source-failure-for-users.ts';
import type { SourceFailureKind } from '../src/modules/licensing/types.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { report } from '../src/modules/reports/tables.ts';
import { matchReportStates } from '../src/modules/reports/update/match-report-states.ts';
import { updateReport } from '../src/modules/reports/update/update-report.ts';
import { fanOutLicenseChanges } from '../src/modules/webhooks/events/fan-out-license-changes.ts';
import { queueExpiredLicenses, queueExpiringLicenses } from '../src/modules/webhooks/events/queue-expiring-licenses.ts';
import { webhookEvent } from '../src/modules/webhooks/tables.ts';
import { trackLicense } from './support/alerts.ts';
import { HttpClient, type JsonResponse } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { createReportAndWait } from './support/reports.ts';
import { BULK_BOARDS, pickPhysician, type SimulatedBoards, withSimulatedBoards } from './support/simulated-boards.ts';
import type { TestServer } from './support/test-server.ts';

// The events feed (docs/product-rules.md, Events feed): the webhooks' events for systems that
// cannot receive them, recorded whether or not the workspace has an endpoint, in order, by cursor.
let server: TestServer;
let boards: SimulatedBoards;
withSimulatedBoards({ size: 300, seed: 5 }, (running) => {
  ({ server, boards } = running);
});

function byKey(key: string, path: string): Promise<JsonResponse> {
  return new HttpClient(server.url).request('GET', path, undefined, {
    authorization: `Bearer ${key}`,
    origin: undefined,
  });
}

type FeedEvent = { cursor: string; id: string; type: string; data: Record<string, unknown> };

/** Every event of the feed from `after`, a page of `limit` at a time. */
async function readAll(
  key: string,
  after?: string,
  limit = 2,
): Promise<{ events: FeedEvent[]; cursor: string | null }> {
  const events: FeedEvent[] = [];
  let cursor = after ?? null;
  for (;;) {
    const page = await byKey(key, `/api/v2/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(page.status).toBe(200);
    // Every event is what the documents say it is (webhook-events.ts, the AsyncAPI document).
    for (const { cursor: _, ...event } of page.body.events as FeedEvent[]) {
      const parsed = webhookEnvelopeSchema(event.type as WebhookEvent).safeParse(event);
      expect(parsed.error, `${event.type}: ${JSON.stringify(event.data)}`).toBeUndefined();
    }
    events.push(...page.body.events);
    if (page.body.events.length < limit) return { events, cursor: page.body.next_cursor };
    cursor = page.body.next_cursor;
  }
}

let owner: Person;
let key: string;

beforeAll(async () => {
  owner = await signedInPerson(server);
  const endDate = new Date(Date.now() + 30 * 86_400_000);
  await assignPlan(server.ctx.db, {
    userId: owner.userId,
    planName: 'premium',
    trial: false,
    endDate,
    reason: 'plan-change',
  });
  key = (await owner.client.get('/api/v1/credentials/')).body.credential_key;
  await owner.client.put('/api/v2/credentials/scopes', { scopes: ['reports:read', 'reports:write'] });
});

describe('GET /api/v2/events', () => {
  it("holds a report's events for a workspace without any webhook endpoint, in order, page by page", async () => {
    const physician = pickPhysician(boards.persons, { minLicenses: 2 });
    const licenses = physician.licenses.slice(0, 3);
    const created = await owner.client.post('/api/v2/reports/', {
      firstName: physician.firstName,
      middleName: physician.middleName,
      lastName: physician.lastName,
      licenseType: licenses[0]?.licenseType,
      states: [...new Set(licenses.map((l) => stateName(l.jurisdiction)))],
    });
    expect(created.status).toBe(201);
    await expect
      .poll(async () => (await owner.client.get(`/api/v1/reports/${created.body.id}`)).body.update_excuted_date, {
        timeout: 60_000,
      })
      .not.toBeNull();

    const whole = await byKey(key, '/api/v2/events?limit=500');
    const types = whole.body.events.map((e: FeedEvent) => e.type);
    expect(types).toContain('report.updated');
    // The same envelope as a webhook's body, with the feed's cursor beside it.
    const updated = whole.body.events.find((e: FeedEvent) => e.type === 'report.updated');
    expect(updated).toMatchObject({
      id: expect.stringMatching(/^report\.updated:/),
      created_at: expect.any(String),
      data: { report: { id: created.body.id } },
    });
    const cursors = whole.body.events.map((e: FeedEvent) => Number(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(cursors).size).toBe(cursors.length);

    // Page by page the same events in the same order; at the end the cursor stays put.
    const paged = await readAll(key);
    expect(paged.events.map((e) => e.id)).toEqual(whole.body.events.map((e: FeedEvent) => e.id));
    const nothing = await byKey(key, `/api/v2/events?after=${paged.cursor}`);
    expect(nothing.body).toEqual({ events: [], next_cursor: paged.cursor });

    const onlyUpdates = await byKey(key, '/api/v2/events?type=report.updated');
    expect(onlyUpdates.body.events.map((e: FeedEvent) => e.type)).toEqual(['report.updated']);
  });

  it('numbers an event that committed late after those already read, so a cursor never skips it', async () => {
    const { cursor } = await readAll(key);
    const now = Date.now();
    const envelope = (id: string, at: number) => ({
      workspaceId: owner.userId,
      eventId: id,
      type: 'report.updated' as const,
      payload: {
        id,
        type: 'report.updated',
        created_at: new Date(at).toISOString(),
        data: WEBHOOK_EVENT_EXAMPLES['report.updated'],
      },
      createdAt: new Date(at),
    });
    await server.ctx.db.insert(webhookEvent).values(envelope('early-commit', now));
    const first = await readAll(key, cursor ?? undefined);
    expect(first.events.map((e) => e.id)).toEqual(['early-commit']);
    // A transaction that began a minute earlier commits only now: its event is older, but new to the feed.
    await server.ctx.db.insert(webhookEvent).values(envelope('late-commit', now - 60_000));
    const second = await readAll(key, first.cursor ?? undefined);
    expect(second.events.map((e) => e.id)).toEqual(['late-commit']);
    expect(Number(second.events[0]?.cursor)).toBeGreaterThan(Number(first.events[0]?.cursor));
  });

  it("answers only the caller's workspace, needs reports:read, and refuses a cursor it did not give", async () => {
    const other = await signedInPerson(server);
    const mine = await owner.client.get('/api/v2/events?limit=500');
    const theirs = await other.client.get('/api/v2/events?limit=500');
    expect(mine.body.events.length).toBeGreaterThan(0);
    expect(theirs.body).toEqual({ events: [], next_cursor: null });

    const otherKey = (await other.client.get('/api/v1/credentials/')).body.credential_key;
    const refused = await byKey(otherKey, '/api/v2/events');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_SCOPE_MISSING');

    const bad = await owner.client.get('/api/v2/events?after=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('after: after must be a next_cursor this feed gave');
    const stored = await server.ctx.db.select().from(webhookEvent).where(eq(webhookEvent.workspaceId, other.userId));
    expect(stored).toEqual([]);
  });
});

describe('every license event, once, at its day', () => {
  it('tells status, discipline, renewal, removal, expiring at the notice day and expired 3 days after, each exactly once', async () => {
    const { rows } = await server.ctx.db.execute<{ license_id: string; expiry_date: string | null }>(sql`
      SELECT rl.license_id, l.expiry_date::text AS expiry_date FROM report_license rl
      JOIN report r ON r.id = rl.report_id JOIN license l ON l.id = rl.license_id
      WHERE r.workspace_id = ${owner.userId} AND rl.hidden_at IS NULL LIMIT 1`);
    const licenseId = rows[0]?.license_id;
    expect(licenseId).toBeDefined();
    const { cursor } = await readAll(key);
    // The clock moved by moving the dates: 30 days before expiry is a default notice day.
    await server.ctx.db.execute(sql`UPDATE license SET expiry_date = current_date + 30 WHERE id = ${licenseId}`);
    await server.ctx.db.execute(sql`
      INSERT INTO license_event (license_id, kind, before, after, source) VALUES
        (${licenseId}, 'status', 'active', 'probation', 'ingest'),
        (${licenseId}, 'discipline', NULL, 'Public reprimand 2026', 'ingest'),
        (${licenseId}, 'discipline', 'Public reprimand 2026', NULL, 'ingest'),
        (${licenseId}, 'expiry', '2026-01-31', '2028-01-31', 'ingest'),
        (${licenseId}, 'expiry', '2028-01-31', '2027-01-31', 'ingest'),
        (${licenseId}, 'removed', 'listed', NULL, 'ingest')`);
    for (let run = 0; run < 2; run++) {
      await fanOutLicenseChanges(server.ctx);
      await queueExpiringLicenses(server.ctx);
      await queueExpiredLicenses(server.ctx);
    }
    // Three days past its expiry date, not renewed: expired, once however often the job runs.
    await server.ctx.db.execute(sql`UPDATE license SET expiry_date = current_date - 3 WHERE id = ${licenseId}`);
    for (let run = 0; run < 2; run++) await queueExpiredLicenses(server.ctx);

    const told = (await readAll(key, cursor ?? undefined, 50)).events.filter(
      (e) => (e.data.license as { id?: string } | undefined)?.id === licenseId,
    );
    expect(told.map((e) => e.type).sort()).toEqual([
      'license.discipline_added',
      'license.expired',
      'license.expiring',
      'license.removed',
      'license.renewed',
      'license.status_changed',
    ]);
    const expiring = told.find((e) => e.type === 'license.expiring');
    expect(expiring?.data).toMatchObject({ days_left: 30, threshold_days: 30 });
    expect(told.find((e) => e.type === 'license.status_changed')?.data).toMatchObject({
      before: 'active',
      after: 'probation',
    });
    expect(told.find((e) => e.type === 'license.expired')?.data).toMatchObject({ days_since: 3 });
  });
});

describe("the workspace's offsets", () => {
  /**
   * A license the owner's workspace tracks, new so that no other test told its events (an event's
   * id is its license, day and expiry date): its dates are moved to move the clock.
   */
  const trackedLicense = async () => (await trackLicense(server, owner.userId, { expiryDate: null })).licenseId;
  const aboutLicense = (licenseId: string) => (e: FeedEvent) =>
    (e.data.license as { id?: string } | undefined)?.id === licenseId;

  it('tells license.expiring once at each default notice day: 90, 60, 30, 14, 7, 3 and 0', async () => {
    expect(DEFAULT_NOTICE_DAYS).toEqual([90, 60, 30, 14, 7, 3, 0]);
    // The workspace never chose its windows: it has the defaults.
    expect((await owner.client.get('/api/v2/workspace/expiry-windows')).body).toMatchObject({
      notice_days: DEFAULT_NOTICE_DAYS,
      expired_after_days: 3,
    });
    const licenseId = await trackedLicense();
    const { cursor } = await readAll(key);
    for (const days of DEFAULT_NOTICE_DAYS) {
      await server.ctx.db.execute(
        sql`UPDATE license SET expiry_date = current_date + ${days}::int WHERE id = ${licenseId}`,
      );
      for (let run = 0; run < 2; run++) await queueExpiringLicenses(server.ctx);
    }
    const told = (await readAll(key, cursor ?? undefined, 50)).events.filter(aboutLicense(licenseId));
    expect(told.map((e) => e.type)).toEqual(DEFAULT_NOTICE_DAYS.map(() => 'license.expiring'));
    expect(told.map((e) => e.data)).toEqual(
      DEFAULT_NOTICE_DAYS.map((days) => expect.objectContaining({ days_left: days, threshold_days: days })),
    );
  });

  it("tells license.expired at the workspace's own expired_after_days, once, and not before", async () => {
    const windows = (await owner.client.get('/api/v2/workspace/expiry-windows')).body;
    const saved = await owner.client.put('/api/v2/workspace/expiry-windows', {
      expiring_within_days: windows.expiring_within_days,
      notice_days: windows.notice_days,
      expired_after_days: 10,
    });
    expect(saved.body).toMatchObject({ expired_after_days: 10 });
    try {
      const licenseId = await trackedLicense();
      const { cursor } = await readAll(key);
      // 3 days past (the default) and 9: not yet, for this workspace.
      for (const days of [3, 9]) {
        await server.ctx.db.execute(
          sql`UPDATE license SET expiry_date = current_date - ${days}::int WHERE id = ${licenseId}`,
        );
        await queueExpiredLicenses(server.ctx);
      }
      expect((await readAll(key, cursor ?? undefined, 50)).events.filter(aboutLicense(licenseId))).toEqual([]);
      await server.ctx.db.execute(sql`UPDATE license SET expiry_date = current_date - 10 WHERE id = ${licenseId}`);
      for (let run = 0; run < 2; run++) await queueExpiredLicenses(server.ctx);
      const told = (await readAll(key, cursor ?? undefined, 50)).events.filter(aboutLicense(licenseId));
      expect(told.map((e) => e.type)).toEqual(['license.expired']);
      expect(told[0]?.data).toMatchObject({ days_since: 10 });
    } finally {
      await owner.client.put('/api/v2/workspace/expiry-windows', windows);
    }
  });
});

const KINDS: (SourceFailureKind | null)[] = [
  'unavailable',
  'rate-limited',
  'timeout',
  'parse-failure',
  'unsupported',
  'moved',
  'blocked',
  null,
];

describe('source.unavailable', () => {
  it("is told once when a report's board cannot be read, not on the retries while it stays down, and again once it read and fails anew", async () => {
    const physician = pickPhysician(boards.persons, { minLicenses: 2 });
    const lookup = physician.licenses.find((l) => !BULK_BOARDS.has(l.boardId));
    if (!lookup) throw new Error('no license on a look-up board');
    const state = lookup.jurisdiction as StateCode;
    const board = server.ctx.licensing?.boards.find((b) => b.id === lookup.boardId);
    if (!board) throw new Error(`no board ${lookup.boardId}`);
    const { cursor } = await readAll(key);
    const toldNow = async () =>
      (await readAll(key, cursor ?? undefined, 50)).events.filter((e) => e.type === 'source.unavailable');
    await boards.setFaults({ boardId: board.id, down: true });
    try {
      const reportId = await createReportAndWait(owner.client, {
        firstName: physician.firstName,
        middleName: physician.middleName,
        lastName: physician.lastName,
        licenseType: lookup.licenseType,
        states: [stateName(state)],
        externalId: 'hr-unavailable-1',
      });
      const first = await toldNow();
      expect(first).toHaveLength(1);
      expect(first[0]?.data).toEqual({
        report: { id: reportId, name: expect.any(String), external_id: 'hr-unavailable-1' },
        state,
        status: 'unavailable',
        previous_status: 'pending',
        attempts: 1,
        as_of: expect.any(String),
        boards: [{ id: board.id, name: board.name, lookup_url: board.lookupUrl, error: expect.any(String) }],
      });
      // Words safe to show, from what the board's answer was: none of the operator's message (the
      // simulator's address, a stack), which the state keeps for the operator.
      const failed = (first[0]?.data.boards as { error: string }[] | undefined)?.[0];
      const words = KINDS.map(describeSourceFailureForUsers);
      expect(words).toContain(failed?.error);
      expect(failed?.error).not.toMatch(/127\.0\.0\.1|localhost|https?:|Error/);

      // Retried while the board is still down: the same outage, told already.
      await updateReport(server.ctx, reportId);
      expect(await toldNow()).toHaveLength(1);
      // The board reads again: the state is done, and nothing is told.
      await boards.clearFaults();
      await updateReport(server.ctx, reportId);
      const states = (await owner.client.get(`/api/v2/reports/${reportId}/states`)).body.states as {
        outcome: string;
      }[];
      expect(states.map((s) => s.outcome)).not.toContain('unavailable');
      expect(await toldNow()).toHaveLength(1);

      // A later check of the board fails again: a new outage, told again.
      await boards.setFaults({ boardId: board.id, down: true });
      const [rep] = await server.ctx.db.select().from(report).where(eq(report.id, reportId));
      if (!rep) throw new Error('the report is gone');
      await matchReportStates(server.ctx, rep, [state], { live: true });
      const again = await toldNow();
      expect(again).toHaveLength(2);
      expect(again[1]?.data).toMatchObject({ state, previous_status: 'done', attempts: 4 });
      expect(again[1]?.id).not.toBe(first[0]?.id);
    } finally {
      await boards.clearFaults();
    }
  });
});
