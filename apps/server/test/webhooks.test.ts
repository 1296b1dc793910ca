import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addDays } from '@licensewatch/shared/licenses';
import { NODE_VERIFY_SAMPLE, PYTHON_VERIFY_SAMPLE } from '@licensewatch/shared/webhook-verify-samples';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { deliverWebhookJob } from '../src/modules/webhooks/delivery/deliver-webhook-job.ts';
import { dispatchWebhooks } from '../src/modules/webhooks/delivery/dispatch-webhooks.ts';
import { queueExpiringLicenses } from '../src/modules/webhooks/events/queue-expiring-licenses.ts';
import { webhookDelivery, webhookEndpoint } from '../src/modules/webhooks/tables.ts';
import { trackLicense } from './support/alerts.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

type Verify = (rawBody: string, header: string, secret: string, toleranceSeconds?: number) => boolean;

let smtp: SmtpReceiver;
let server: TestServer;
let receiver: WebhookReceiver;
let owner: Person;
let admin: Person;
let viewer: Person;
let other: Person;
let organisationId: string;
/** The Node.js recipe exactly as /api-docs shows it, imported as the module a customer would save. */
let verify: Verify;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  receiver = await startWebhookReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url });
  [owner, admin, viewer, other] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  organisationId = await organisationOf(server, { owner, admin, viewer }, 'Webhook Clinic');
  const dir = mkdtempSync(join(tmpdir(), 'lw-verify-'));
  writeFileSync(join(dir, 'verify.mjs'), NODE_VERIFY_SAMPLE);
  ({ verifyLicenseWatchSignature: verify } = await import(pathToFileURL(join(dir, 'verify.mjs')).href));
}, 60_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
  await smtp?.stop();
});

/** The Python recipe exactly as /api-docs shows it, run by python3 on the bytes received. */
function verifyInPython(body: string, header: string, secret: string): boolean {
  const script = `${PYTHON_VERIFY_SAMPLE}\nimport sys\nprint(verify_licensewatch_signature(sys.stdin.buffer.read(), sys.argv[1], sys.argv[2]))\n`;
  return execFileSync('python3', ['-c', script, header, secret], { input: body }).toString().trim() === 'True';
}

async function createEndpoint(by: Person, path: string, events: string[]) {
  const res = await by.client.post('/api/v2/webhooks/endpoints', { url: receiver.url(path), events });
  expect(res.status).toBe(201);
  expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  return res.body as { id: string; secret: string };
}

const deliveriesOf = (endpointId: string) =>
  server.ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpointId));

/** Waits until the delivery's row satisfies `done` (the worker's jobs run beside the test). */
async function rowOf(id: string, done: (row: typeof webhookDelivery.$inferSelect) => boolean, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await server.ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id));
    if (row && done(row)) return row;
    if (Date.now() > until) throw new Error(`delivery ${id}: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The next try of a failed delivery, now: its retry time moved into the past instead of waited for. */
async function retryNow(id: string) {
  const [before] = await server.ctx.db.select().from(webhookDelivery).where(eq(webhookDelivery.id, id));
  await server.ctx.db
    .update(webhookDelivery)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(webhookDelivery.id, id));
  await deliverWebhookJob(server.ctx, { deliveryId: id });
  return rowOf(id, (r) => r.attempts > (before?.attempts ?? 0) && r.status !== 'sending');
}

describe('webhooks', () => {
  it('delivers a registry status change to a subscribed endpoint, signed so the documented recipes verify it', async () => {
    const endpoint = await createEndpoint(admin, '/status', ['license.status_changed']);
    // A license the organisation tracks; the board then publishes it suspended (the registry's own
    // merge writes the license_event, as a look-up or the daily refresh does).
    const lic = await trackLicense(server, organisationId, {
      expiryDate: '2030-01-31',
      trackedAt: new Date(Date.now() - 60_000),
    });
    const result = await upsertLookedUpLicenses(server.ctx, {
      records: [
        {
          jurisdiction: 'WA',
          boardId: 'zz-test',
          licenseType: 'MD',
          licenseNumber: lic.licenseNumber,
          firstName: 'Jane',
          middleName: null,
          lastName: 'Doe',
          suffix: null,
          rawStatus: 'SUSPENDED',
          status: 'suspended',
          issueDate: null,
          expiryDate: '2030-01-31',
          discipline: null,
        },
      ],
      sourceKind: 'html-lookup',
    });
    expect(result.events).toBeGreaterThan(0);

    await dispatchWebhooks(server.ctx);
    const got = await receiver.waitFor((r) => r.path === '/status');
    const header = String(got.headers['licensewatch-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.headers['licensewatch-event']).toBe('license.status_changed');
    expect(got.headers['content-type']).toBe('application/json');
    expect(verify(got.body, header, endpoint.secret)).toBe(true);
    expect(verifyInPython(got.body, header, endpoint.secret)).toBe(true);
    // Tampered, another secret, or too old: refused by the same code.
    expect(verify(got.body.replace('suspended', 'active'), header, endpoint.secret)).toBe(false);
    expect(verify(got.body, header, 'whsec_wrong')).toBe(false);
    const t = Number(/t=(\d+)/.exec(header)?.[1]);
    expect(verify(got.body, header.replace(`t=${t}`, `t=${t - 600}`), endpoint.secret)).toBe(false);

    const event = JSON.parse(got.body);
    expect(event).toMatchObject({
      type: 'license.status_changed',
      data: {
        before: 'active',
        after: 'suspended',
        license: { id: lic.licenseId, state: 'WA', license_number: lic.licenseNumber, status: 'suspended' },
        reports: [{ id: lic.reportId }],
      },
    });
    const [row] = await deliveriesOf(endpoint.id);
    expect(got.headers['licensewatch-delivery']).toBe(row?.id);
    const delivered = await rowOf(String(row?.id), (r) => r.status === 'delivered');
    expect(delivered.lastResponseCode).toBe(200);
    expect(delivered.lastLatencyMs).toBeGreaterThanOrEqual(0);

    // Dispatching again (the cursor looks an hour back) delivers nothing twice.
    await dispatchWebhooks(server.ctx);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  });

  it('sends license.expiring once per threshold', async () => {
    const endpoint = await createEndpoint(admin, '/expiring', ['license.expiring']);
    const lic = await trackLicense(server, organisationId, {
      expiryDate: addDays(new Date().toISOString().slice(0, 10), 20),
    });
    await queueExpiringLicenses(server.ctx);
    await queueExpiringLicenses(server.ctx);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.map((r) => r.eventId)).toEqual([
      `license.expiring:${lic.licenseId}:30:${addDays(new Date().toISOString().slice(0, 10), 20)}`,
    ]);
    expect(rows[0]?.payload).toMatchObject({ data: { threshold_days: 30, days_left: 20 } });
  });

  it('refuses a viewer (403) and answers 404 for another workspace\u2019s endpoint or delivery', async () => {
    const endpoint = await createEndpoint(admin, '/private', ['report.updated']);
    expect((await viewer.client.get('/api/v2/webhooks/endpoints')).status).toBe(403);
    expect((await viewer.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`)).status).toBe(403);
    expect((await other.client.patch(`/api/v2/webhooks/endpoints/${endpoint.id}`, { enabled: false })).status).toBe(
      404,
    );
    expect((await other.client.get(`/api/v2/webhooks/endpoints/${endpoint.id}/deliveries`)).status).toBe(404);
    const test = await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    expect(test.status).toBe(201);
    expect((await other.client.post(`/api/v2/webhooks/deliveries/${test.body.id}/replay`)).status).toBe(404);
    // The owner works in their own workspace: the organisation's endpoints are not theirs there.
    expect((await owner.client.get('/api/v2/webhooks/endpoints')).body.data).toEqual([]);
    const listed = await admin.client.get('/api/v2/webhooks/endpoints');
    expect(listed.body.data.map((e: { id: string }) => e.id)).toContain(endpoint.id);
    expect(JSON.stringify(listed.body)).not.toContain('whsec_');
  });

  it('refuses an http URL to another host and a URL that is not one', async () => {
    const http = await admin.client.post('/api/v2/webhooks/endpoints', {
      url: 'http://example.com/x',
      events: ['report.updated'],
    });
    expect(http.status).toBe(400);
    expect(http.body.code).toBe('WEBHOOK_URL_REFUSED');
    const none = await admin.client.post('/api/v2/webhooks/endpoints', {
      url: 'not a url',
      events: ['report.updated'],
    });
    expect(none.status).toBe(400);
  });

  it('an edit with nothing to change answers the endpoint as it was; a body that is not an object is a 400', async () => {
    const endpoint = await createEndpoint(admin, '/unchanged', ['report.updated']);
    const path = `/api/v2/webhooks/endpoints/${endpoint.id}`;
    const [before] = await server.ctx.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    const res = await admin.client.patch(path, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: endpoint.id, url: receiver.url('/unchanged'), events: ['report.updated'] });
    for (const body of ['true', '7', '[]', '"x"', 'null']) {
      const refused = await admin.client.request('PATCH', path, body);
      expect(refused, body).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', detail: expect.any(String) },
      });
    }
    const [after] = await server.ctx.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(after).toEqual(before);
  });

  it('retries a failing endpoint with backoff, gives up after 24 hours, and disables it after 3 days with an email to the admins', async () => {
    receiver.answer('/down', 503);
    const endpoint = await createEndpoint(admin, '/down', ['report.updated']);
    const test = await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const first = await rowOf(test.body.id, (r) => r.attempts === 1 && r.status !== 'sending');
    expect(first.status).toBe('failed');
    expect(first.lastResponseCode).toBe(503);
    expect(first.lastError).toBe('HTTP 503');
    const wait1 = (first.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait1).toBeGreaterThan(50_000);
    expect(wait1).toBeLessThanOrEqual(60_000);

    const second = await retryNow(test.body.id);
    expect(second.status).toBe('failed');
    const wait2 = (second.nextAttemptAt?.getTime() ?? 0) - Date.now();
    expect(wait2).toBeGreaterThan(110_000);
    expect(wait2).toBeLessThanOrEqual(120_000);
    const [ep] = await server.ctx.db.select().from(webhookEndpoint).where(eq(webhookEndpoint.id, endpoint.id));
    expect(ep?.failingSince).not.toBeNull();

    // Written 24 hours ago: this failure is its last.
    await server.ctx.db
      .update(webhookDelivery)
      .set({ createdAt: sql`now() - interval '24 hours'` })
      .where(eq(webhookDelivery.id, test.body.id));
    const dead = await retryNow(test.body.id);
    expect(dead.status).toBe('dead');
    expect(dead.nextAttemptAt).toBeNull();
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(3);

    // Failing for 3 days: the next failure disables it and tells the owner and the admin, not the viewer.
    await server.ctx.db
      .update(webhookEndpoint)
      .set({ failingSince: sql`now() - interval '3 days 1 minute'` })
      .where(eq(webhookEndpoint.id, endpoint.id));
    const again = await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    await rowOf(again.body.id, (r) => r.status === 'dead');
    const listed = await admin.client.get('/api/v2/webhooks/endpoints');
    expect(listed.body.data.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      status: 'disabled',
      enabled: false,
      disabled_reason: 'failing',
    });
    for (const person of [owner, admin]) {
      const mail = await smtp.waitFor(
        (m) => m.to.includes(person.email) && /stopped sending webhooks/.test(m.subject),
        20_000,
      );
      expect(mail.text).toContain(receiver.url('/down'));
      expect(mail.text).toMatch(/\/org\/webhooks/);
    }
    expect(smtp.messages.some((m) => m.to.includes(viewer.email))).toBe(false);
    // Disabled: nothing more is sent to it.
    const before = receiver.received.filter((r) => r.path === '/down').length;
    await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    await dispatchWebhooks(server.ctx);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received.filter((r) => r.path === '/down')).toHaveLength(before);
  });

  it('signs with both secrets for 24 hours after a rotation', async () => {
    const endpoint = await createEndpoint(admin, '/rotate', ['report.updated']);
    const rotated = await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const got = await receiver.waitFor((r) => r.path === '/rotate');
    const header = String(got.headers['licensewatch-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(got.body, header, rotated.body.secret)).toBe(true);
    expect(verify(got.body, header, endpoint.secret)).toBe(true);
    expect(verifyInPython(got.body, header, endpoint.secret)).toBe(true);

    // Once the overlap is over, only the new secret signs.
    await server.ctx.db
      .update(webhookEndpoint)
      .set({ previousSecretExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoint.id, endpoint.id));
    await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    await receiver.waitFor((r) => r.path === '/rotate' && r !== got);
    const later = receiver.received.filter((r) => r.path === '/rotate').at(-1);
    const laterHeader = String(later?.headers['licensewatch-signature']);
    expect(laterHeader).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(String(later?.body), laterHeader, endpoint.secret)).toBe(false);
    expect(verify(String(later?.body), laterHeader, rotated.body.secret)).toBe(true);
  });

  it('replays a delivery: the same event id and payload, as a new delivery', async () => {
    const endpoint = await createEndpoint(admin, '/replay', ['report.updated']);
    const test = await admin.client.post(`/api/v2/webhooks/endpoints/${endpoint.id}/test`);
    const first = await receiver.waitFor((r) => r.path === '/replay');
    const replay = await admin.client.post(`/api/v2/webhooks/deliveries/${test.body.id}/replay`);
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ event_id: test.body.event_id, replay_of: test.body.id });
    const second = await receiver.waitFor((r) => r.path === '/replay' && r !== first);
    expect(JSON.parse(second.body)).toEqual(JSON.parse(first.body));
    expect(second.headers['licensewatch-delivery']).toBe(replay.body.id);
    await rowOf(replay.body.id, (r) => r.status === 'delivered');
    const log = await admin.client.get(`/api/v2/webhooks/endpoints/${endpoint.id}/deliveries?page=1&page_size=10`);
    expect(log.body.total).toBe(2);
    expect(log.body.data[0]).toMatchObject({
      id: replay.body.id,
      status: 'delivered',
      last_response_code: 200,
      attempts: 1,
    });
  });

  it('POSTs a delivery once when two delivery jobs run it at the same time', async () => {
    const endpoint = await createEndpoint(admin, '/once', ['report.updated']);
    const [row] = await server.ctx.db
      .insert(webhookDelivery)
      .values({
        endpointId: endpoint.id,
        eventType: 'report.updated',
        eventId: 'report.updated:race',
        dedupeKey: 'report.updated:race',
        payload: { id: 'report.updated:race', type: 'report.updated', data: {} },
        nextAttemptAt: sql`now() + interval '1 hour'`,
      })
      .returning();
    const id = String(row?.id);
    // The same event again for the endpoint is no second delivery.
    const dup = await server.ctx.db
      .insert(webhookDelivery)
      .values({
        endpointId: endpoint.id,
        eventType: 'report.updated',
        eventId: 'x',
        dedupeKey: 'report.updated:race',
        payload: {},
      })
      .onConflictDoNothing()
      .returning();
    expect(dup).toHaveLength(0);
    await server.ctx.db.update(webhookDelivery).set({ nextAttemptAt: sql`now()` }).where(eq(webhookDelivery.id, id));
    await Promise.all([
      deliverWebhookJob(server.ctx, { deliveryId: id }),
      deliverWebhookJob(server.ctx, { deliveryId: id }),
      dispatchWebhooks(server.ctx),
    ]);
    await rowOf(id, (r) => r.status === 'delivered');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(receiver.received.filter((r) => r.path === '/once')).toHaveLength(1);
  });
});
