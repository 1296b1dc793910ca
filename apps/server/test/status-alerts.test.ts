import { addDays } from '@licensewatch/shared/licenses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueStatusAlerts } from '../src/modules/alerts/status/queue-status-alerts.ts';
import { ingestBoard } from '../src/modules/licensing/ingest/ingest-board.ts';
import type { LicenseSources } from '../src/modules/licensing/license-sources.ts';
import type { GroundTruthLicense } from '../src/modules/licensing/matching/evaluate-accuracy.ts';
import { partitionBoardsByBulkFile } from '../src/modules/licensing/partition-boards-by-bulk-file.ts';
import { license, licenseEvent } from '../src/modules/licensing/tables.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { refreshReportJob } from '../src/modules/reports/update/refresh-report-job.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { fitsOneSegment } from '../src/platform/sms/send-sms.ts';
import { alertUser, trackExisting } from './support/alerts.ts';
import { type SimulatedBoards, startSimulatedBoards } from './support/simulated-boards.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startTwilioStandIn, type TwilioStandIn } from './support/twilio-stand-in.ts';

let smtp: SmtpReceiver;
let twilio: TwilioStandIn;
let server: TestServer;
let boards: SimulatedBoards;
let sources: LicenseSources;
let lookupLicenses: GroundTruthLicense[];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  twilio = await startTwilioStandIn();
  server = await startTestServer({ SMTP_URL: smtp.url, ...twilio.env });
  boards = await startSimulatedBoards(server.ctx, { size: 600, seed: 19 });
  sources = server.ctx.licensing as LicenseSources;
  const lookupOnly = new Set(partitionBoardsByBulkFile(sources).lookupOnly.map((b) => b.id));
  lookupLicenses = boards.persons
    .flatMap((p) => p.licenses)
    .filter((l) => l.licenseNumber && lookupOnly.has(l.boardId));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await boards?.sim.close();
  await twilio?.close();
  await smtp?.stop();
});

type RegistryLicense = typeof license.$inferSelect;
const used = new Set<string>();

/**
 * A license of a look-up-only board, as a live search stores it in the registry (the refresh asks
 * those boards again by number): the first unused one `fits`.
 */
async function lookedUp(
  fits: (l: RegistryLicense) => boolean,
  { statuses }: { statuses?: string[] } = {},
): Promise<RegistryLicense> {
  for (const gt of lookupLicenses) {
    if (statuses && !statuses.includes(gt.status)) continue;
    const key = `${gt.boardId}:${gt.licenseNumber}`;
    if (used.has(key)) continue;
    const found = await sources.sourceFor(gt.boardId).search({ licenseNumber: gt.licenseNumber as string });
    if (!found.ok) continue;
    const records = found.value.filter((r) => r.boardId === gt.boardId && r.licenseNumber === gt.licenseNumber);
    if (records.length !== 1) continue;
    await upsertLookedUpLicenses(server.ctx, { records, sourceKind: 'html-lookup' });
    const [row] = await server.ctx.db
      .select()
      .from(license)
      .where(eq(license.recordKey, gt.licenseNumber as string));
    if (row?.boardId !== gt.boardId) continue;
    used.add(key);
    if (fits(row)) return row;
  }
  throw new Error('no such license on the simulated look-up boards');
}

const yesterday = () => new Date(Date.now() - 86_400_000);

/** The refresh as the worker runs it; the alerts follow through the statusAlerts queue. */
async function refresh(reportId: string) {
  await refreshReportJob(server.ctx, { reportId });
}

const emailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const textsTo = (phone: string | null) => twilio.messages.filter((m) => m.to === phone);
const settle = () => new Promise((r) => setTimeout(r, 2_000));

describe('status-change alerts from the daily refresh', () => {
  it('emails and texts the owner once when a tracked license leaves active', async () => {
    const lic = await lookedUp(() => true, { statuses: ['suspended', 'revoked', 'probation'] });
    const owner = await alertUser(server);
    const reportId = await trackExisting(server, owner.userId, lic.id, yesterday());
    // The registry's copy says active: the board's answer is the change.
    await server.ctx.db.update(license).set({ status: 'active', rawStatus: 'Active' }).where(eq(license.id, lic.id));

    await refresh(reportId);
    const label = lic.status.charAt(0).toUpperCase() + lic.status.slice(1);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 20_000);
    expect(mail.subject).toBe(
      `Dr. ${lic.firstName} ${lic.lastName}'s ${lic.jurisdiction} ${lic.licenseType} license ${lic.licenseNumber} is now ${label} (was Active)`,
    );
    expect(mail.text).toContain(`is now ${label} (was Active).`);
    expect(mail.text).toMatch(new RegExp(`/reports/${reportId}`));
    // Folded onto a continuation line by the mailer (RFC 5322).
    expect(mail.raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/127\.0\.0\.1:\d+\/api\/v2\/alerts\/unsubscribe\?token=/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.text).toMatch(/unsubscribe\?token=/);

    const text = await twilio.waitFor((m) => m.to === owner.phone, 20_000);
    expect(fitsOneSegment(text.body)).toBe(true);
    expect(text.body).toContain(`license ${lic.licenseNumber} is now ${label} (was Active).`);
    expect(text.body).toMatch(/Reply STOP to opt out\.$/);

    // Refreshed again (nothing new at the board, the event still recent): nothing more.
    await refresh(reportId);
    expect(await queueStatusAlerts(server.ctx, reportId)).toEqual({ emails: 0, sms: 0 });
    await settle();
    expect(emailsTo(owner.email)).toHaveLength(1);
    expect(textsTo(owner.phone)).toHaveLength(1);
    const rows = await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.userId, owner.userId));
    expect(rows.map((r) => r.dedupeKey?.replace(/:.*/, '')).sort()).toEqual(['status', 'status-sms']);
  });

  it('says nothing when an expiry moves later, and alerts when it moves earlier', async () => {
    const later = await lookedUp((l) => l.expiryDate !== null, { statuses: ['active'] });
    const earlier = await lookedUp((l) => l.expiryDate !== null, { statuses: ['active'] });
    const owner = await alertUser(server);
    const laterReport = await trackExisting(server, owner.userId, later.id, yesterday());
    const earlierReport = await trackExisting(server, owner.userId, earlier.id, yesterday());
    // Seen before: an earlier date (the board now says later), and a later one (the board now says earlier).
    await server.ctx.db
      .update(license)
      .set({ expiryDate: addDays(later.expiryDate as string, -100) })
      .where(eq(license.id, later.id));
    await server.ctx.db
      .update(license)
      .set({ expiryDate: addDays(earlier.expiryDate as string, 100) })
      .where(eq(license.id, earlier.id));

    await refresh(laterReport);
    await refresh(earlierReport);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 20_000);
    expect(mail.subject).toContain(`license ${earlier.licenseNumber} now expires`);
    await twilio.waitFor((m) => m.to === owner.phone, 20_000);
    await settle();
    expect(emailsTo(owner.email)).toHaveLength(1);
    expect(textsTo(owner.phone)).toHaveLength(1);
    const laterEvents = await server.ctx.db.select().from(licenseEvent).where(eq(licenseEvent.licenseId, later.id));
    expect(laterEvents.map((e) => e.kind)).toContain('expiry');
  });

  it('alerts when a disciplinary action appears, seen by the nightly bulk-file ingest before the refresh', async () => {
    const bulkFileBoards = partitionBoardsByBulkFile(sources).withBulkFile.map((b) => b.id);
    const { rows } = await server.ctx.pool.query<{ id: string }>(
      'SELECT id FROM license WHERE discipline IS NOT NULL AND board_id = ANY($1) ORDER BY id LIMIT 1',
      [bulkFileBoards],
    );
    const [lic] = await server.ctx.db
      .select()
      .from(license)
      .where(eq(license.id, rows[0]?.id ?? ''));
    if (!lic) throw new Error('no license from a bulk file with a disciplinary action');
    const owner = await alertUser(server, { sms: false });
    const reportId = await trackExisting(server, owner.userId, lic.id, yesterday());
    await server.ctx.db.update(license).set({ discipline: null }).where(eq(license.id, lic.id));

    const board = sources.boards.find((b) => b.id === lic.boardId);
    if (!board) throw new Error(`no board ${lic.boardId}`);
    await ingestBoard(server.ctx, sources, board);
    await refresh(reportId);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 20_000);
    expect(mail.subject).toContain('has a new board action on record');
    expect(mail.text).toContain(`has a new disciplinary action on record: “${lic.discipline}”`);
    await settle();
    // SMS off: email only.
    expect(textsTo(owner.phone)).toHaveLength(0);
  });

  it('alerts once when the board no longer lists a tracked license', async () => {
    const lic = await lookedUp(() => true);
    const owner = await alertUser(server);
    const reportId = await trackExisting(server, owner.userId, lic.id, yesterday());
    // As if the board had dropped it: it has no license with the number we ask for.
    await server.ctx.db
      .update(license)
      .set({ licenseNumber: `${lic.licenseNumber}-GONE` })
      .where(eq(license.id, lic.id));

    await refresh(reportId);
    const mail = await smtp.waitFor((m) => m.to.includes(owner.email), 20_000);
    expect(mail.subject).toContain('is no longer listed by its board');
    const text = await twilio.waitFor((m) => m.to === owner.phone, 20_000);
    expect(text.body).toContain('is no longer listed by its board.');

    await refresh(reportId);
    await settle();
    const events = await server.ctx.db.select().from(licenseEvent).where(eq(licenseEvent.licenseId, lic.id));
    expect(events.filter((e) => e.kind === 'removed')).toMatchObject([
      { before: 'listed', after: null, source: 'refresh' },
    ]);
    expect(emailsTo(owner.email)).toHaveLength(1);
    expect(textsTo(owner.phone)).toHaveLength(1);
  });

  it('says nothing about changes from before the license was tracked, or to owners who turned alerts off', async () => {
    const lic = await lookedUp(() => true);
    const owner = await alertUser(server);
    await server.ctx.db.insert(licenseEvent).values({
      licenseId: lic.id,
      kind: 'status',
      before: 'active',
      after: 'suspended',
      source: 'ingest',
      occurredAt: new Date(Date.now() - 3_600_000),
    });
    const reportId = await trackExisting(server, owner.userId, lic.id);
    expect(await queueStatusAlerts(server.ctx, reportId)).toEqual({ emails: 0, sms: 0 });

    const quiet = await alertUser(server, { statusAlerts: false });
    const other = await lookedUp(() => true);
    const quietReport = await trackExisting(server, quiet.userId, other.id, yesterday());
    await server.ctx.db
      .insert(licenseEvent)
      .values({ licenseId: other.id, kind: 'removed', before: 'listed', source: 'ingest' });
    expect(await queueStatusAlerts(server.ctx, quietReport)).toEqual({ emails: 0, sms: 0 });

    const basic = await alertUser(server, { planName: 'basic' });
    const basicReport = await trackExisting(server, basic.userId, other.id, yesterday());
    expect(await queueStatusAlerts(server.ctx, basicReport)).toEqual({ emails: 0, sms: 0 });
  });
});
