import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { EXPIRY_WINDOW_MESSAGES } from '@licensewatch/shared/expiry-windows';
import { addDays } from '@licensewatch/shared/licenses';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspace } from '../src/modules/accounts/tables.ts';
import { queueSmsNotices } from '../src/modules/alerts/sms/queue-sms-notices.ts';
import { updateExpiryWindows } from '../src/modules/alerts/windows/update-expiry-windows.ts';
import { queueExpiringLicenses } from '../src/modules/webhooks/events/queue-expiring-licenses.ts';
import { webhookDelivery } from '../src/modules/webhooks/tables.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { alertUser, dayIn, trackLicense } from './support/alerts.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.ts';

const PATH = '/api/v2/workspace/expiry-windows';
const DEFAULTS = { expiring_within_days: 42, notice_days: [90, 60, 30, 14, 7, 3, 0], expired_after_days: 3 };
/** The data step of the migration that brought ADR 046's defaults (its number may move; its words do not). */
async function noticeDaysMigration(): Promise<string> {
  const dir = fileURLToPath(new URL('../src/platform/db/migrations/', import.meta.url));
  for (const name of (await readdir(dir)).filter((n) => n.endsWith('.sql'))) {
    const text = await readFile(`${dir}${name}`, 'utf8');
    const update = text
      .split('--> statement-breakpoint')
      .find((s) => s.includes('UPDATE "workspace" SET "expiry_notice_days"'));
    if (update) return update;
  }
  throw new Error('no migration moves the old default notice days');
}
const utcIn = (days: number) => addDays(new Date().toISOString().slice(0, 10), days);

let server: TestServer;
let receiver: WebhookReceiver;
let person: Person;
let owner: Person;
let admin: Person;
let viewer: Person;
let organisationId: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer();
  [person, owner, admin, viewer] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  organisationId = await organisationOf(server, { owner, admin, viewer }, 'Window Clinic');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('expiry windows', () => {
  it('start at six weeks for expiring, notices at 90, 60, 30, 14, 7, 3 days and on the day, expired 3 days after', async () => {
    const own = await person.client.get(PATH);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ ...DEFAULTS, organisation: null, can_change: true });
    const inOrganisation = await viewer.client.get(PATH);
    expect(inOrganisation.body).toEqual({ ...DEFAULTS, organisation: 'Window Clinic', can_change: false });
  });

  it('move a license into "expiring" everywhere at once: report counters, its table, the roster and the inbox', async () => {
    // 61 days out: active in the default window, expiring in a 90-day one.
    const { reportId, licenseNumber } = await trackLicense(server, person.userId, { expiryDate: utcIn(61) });
    const before = await person.client.get(`/api/v1/reports/${reportId}`);
    expect(before.body).toMatchObject({ active_license: 1, expiring_license: 0, expiring_within_days: 42 });

    const saved = await person.client.put(PATH, { expiring_within_days: 90, notice_days: [7, 90, 30] });
    expect(saved.status).toBe(200);
    // Stored each once, the furthest first.
    expect(saved.body).toEqual({
      expiring_within_days: 90,
      notice_days: [90, 30, 7],
      expired_after_days: 3,
      organisation: null,
      can_change: true,
    });

    const after = await person.client.get(`/api/v1/reports/${reportId}`);
    expect(after.body).toMatchObject({ active_license: 1, expiring_license: 1, expiring_within_days: 90 });
    const licenses = await person.client.get(`/api/v2/reports/${reportId}/licenses`);
    expect(licenses.body[0]).toMatchObject({ license_number: licenseNumber, standing: 'expiring' });
    const roster = await person.client.get('/api/v2/org/licenses?status=expiring');
    expect(roster.body.expiring_within_days).toBe(90);
    expect(roster.body.rows.map((r: { license_number: string }) => r.license_number)).toEqual([licenseNumber]);
    const inbox = await person.client.get('/api/v2/action-needed');
    expect(inbox.body.expiring_within_days).toBe(90);
    expect(inbox.body.items).toContainEqual(
      expect.objectContaining({ kind: 'expiring', report_id: reportId, count: 1 }),
    );

    // Narrowed again, the same license leaves "expiring".
    await person.client.put(PATH, { expiring_within_days: 30, notice_days: [30] });
    expect((await person.client.get(`/api/v1/reports/${reportId}`)).body).toMatchObject({ expiring_license: 0 });
    expect((await person.client.get('/api/v2/org/licenses?status=expiring')).body.rows).toEqual([]);
  });

  it('refuses a window out of range, repeated notice days or none, with the reason, and changes nothing', async () => {
    const before = (await owner.client.get(PATH)).body;
    for (const [body, message] of [
      [{ expiring_within_days: 3, notice_days: [7] }, 'Choose between 7 and 180 days.'],
      [{ expiring_within_days: 400, notice_days: [7] }, 'Choose between 7 and 180 days.'],
      [{ expiring_within_days: 42, notice_days: [] }, 'Choose between 1 and 8 notice days.'],
      [{ expiring_within_days: 42, notice_days: [30, 30] }, 'Each notice day can appear once.'],
      [{ expiring_within_days: 42, notice_days: [-1] }, 'Each notice day is a whole number from 0'],
      [{ expiring_within_days: 42.5, notice_days: [7] }, 'Choose between 7 and 180 days.'],
      [{ expiring_within_days: 42, notice_days: [7], expired_after_days: 0 }, EXPIRY_WINDOW_MESSAGES.expiredAfterRange],
      [
        { expiring_within_days: 42, notice_days: [7], expired_after_days: 31 },
        EXPIRY_WINDOW_MESSAGES.expiredAfterRange,
      ],
      [
        { expiring_within_days: 42, notice_days: [7], expired_after_days: 2.5 },
        EXPIRY_WINDOW_MESSAGES.expiredAfterRange,
      ],
      [
        { expiring_within_days: 42, notice_days: [7], expired_after_days: '5' },
        EXPIRY_WINDOW_MESSAGES.expiredAfterRange,
      ],
      [
        { expiring_within_days: 42, notice_days: [7], expired_after_days: null },
        EXPIRY_WINDOW_MESSAGES.expiredAfterRange,
      ],
    ] as const) {
      const res = await owner.client.put(PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.detail).toContain(message);
    }
    expect((await owner.client.get(PATH)).body).toEqual(before);
  });

  it("in an organisation are its owner's and admins' to change, not a viewer's, and each workspace keeps its own", async () => {
    for (const body of [
      { expiring_within_days: 60, notice_days: [60] },
      { ...DEFAULTS, expired_after_days: 10 },
    ]) {
      const refused = await viewer.client.put(PATH, body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect(refused.body.code).toBe('ORGANISATION_ADMIN_REQUIRED');
    }
    expect((await viewer.client.get(PATH)).body).toMatchObject(DEFAULTS);
    const changed = await admin.client.put(PATH, {
      expiring_within_days: 60,
      notice_days: [45, 10],
      expired_after_days: 10,
    });
    expect(changed.status).toBe(200);
    expect((await viewer.client.get(PATH)).body).toMatchObject({
      expiring_within_days: 60,
      notice_days: [45, 10],
      expired_after_days: 10,
    });
    // A change that leaves the expired offset out (a caller that predates it) keeps it.
    expect((await admin.client.put(PATH, { expiring_within_days: 60, notice_days: [45, 10] })).body).toMatchObject({
      expired_after_days: 10,
    });
    // The owner works in their own workspace: theirs are untouched.
    expect((await owner.client.get(PATH)).body).toMatchObject(DEFAULTS);
    const [row] = await server.ctx.db.select().from(workspace).where(eq(workspace.id, organisationId));
    expect(row).toMatchObject({ expiringWithinDays: 60, expiryNoticeDays: [45, 10], expiredAfterDays: 10 });
  });

  it('move a workspace holding exactly the old default notice days to the new ones, and no other (ADR 046)', async () => {
    const [old, chosen] = await Promise.all([signedInPerson(server), signedInPerson(server)]);
    await updateExpiryWindows(server.ctx.db, old.userId, { expiring_within_days: 42, notice_days: [60, 30, 14, 7, 0] });
    await updateExpiryWindows(server.ctx.db, chosen.userId, { expiring_within_days: 42, notice_days: [60, 30, 14, 7] });
    await server.ctx.db.execute(sql.raw(await noticeDaysMigration()));
    expect((await old.client.get(PATH)).body).toMatchObject({ notice_days: [90, 60, 30, 14, 7, 3, 0] });
    expect((await chosen.client.get(PATH)).body).toMatchObject({ notice_days: [60, 30, 14, 7] });
  });

  it("sends license.expiring webhooks on the organisation's notice days", async () => {
    // The organisation's notice days are 45 and 10 (the test above): 40 days left has reached 45.
    const created = await admin.client.post('/api/v2/webhooks/endpoints', {
      url: receiver.url('/windows'),
      events: ['license.expiring'],
    });
    expect(created.status).toBe(201);
    const lic = await trackLicense(server, organisationId, { expiryDate: utcIn(40) });
    await queueExpiringLicenses(server.ctx);
    const rows = await server.ctx.db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, created.body.id));
    expect(rows.map((r) => r.eventId)).toEqual([`license.expiring:${lic.licenseId}:45:${utcIn(40)}`]);
    expect(rows[0]?.payload).toMatchObject({ data: { threshold_days: 45, days_left: 40 } });
  });

  it("texts on the user's own notice days", async () => {
    const { userId, phone } = await alertUser(server);
    // The windows as the profile's card saves them (its route is tested above).
    await updateExpiryWindows(server.ctx.db, userId, { expiring_within_days: 42, notice_days: [45, 3] });
    const tracked = new Date(Date.now() - 10 * 86_400_000);
    await trackLicense(server, userId, { expiryDate: dayIn(45), trackedAt: tracked });
    // 60 days out is no longer a notice day for this user.
    await trackLicense(server, userId, { expiryDate: dayIn(60), trackedAt: tracked });
    await queueSmsNotices(server.ctx);
    const texts = await server.ctx.db
      .select({ subject: outboundMessage.subject })
      .from(outboundMessage)
      .where(and(eq(outboundMessage.to, String(phone)), like(outboundMessage.subject, 'SMS renewal notice%')));
    expect(texts.map((t) => t.subject)).toEqual([expect.stringMatching(/, 45 days$/)]);
  });
});
