// The organisation's weekly roster summary (docs/product-rules.md, The roster): to its owner and
// admins (not viewers, not an admin who turned the weekly email off), once per organisation,
// member and week whatever re-runs, through the outbox and a real SMTP receiver.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { rosterSummariesJob } from '../src/modules/alerts/roster-weekly/roster-summaries-job.ts';
import { sendRosterSummaries, summaryWeek } from '../src/modules/alerts/roster-weekly/send-roster-summaries.ts';
import { exclusion, exclusionMatch } from '../src/modules/exclusions/tables.ts';
import { licenseEvent } from '../src/modules/licensing/tables.ts';
import { organisationMember } from '../src/modules/organisations/tables.ts';
import { userPlan } from '../src/modules/plans/tables.ts';
import { reportLicense } from '../src/modules/reports/tables.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { organisationOf, type Person, signedInPerson } from './support/identities.ts';
import { addRosterReport } from './support/roster.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let smtp: SmtpReceiver;
let server: TestServer;
let owner: Person;
let admin: Person;
let quietAdmin: Person;
let viewer: Person;
let organisationId: string;
let freeOwner: Person;
let expiringNumber: string | undefined;
let suspendedNumber: string | undefined;
let alanReport: string;
let graceReport: string;

async function onPlan(workspaceId: string, planName: 'growth' | 'free') {
  const { db } = server.ctx;
  await db.delete(userPlan).where(eq(userPlan.workspaceId, workspaceId));
  await db
    .insert(userPlan)
    .values({ workspaceId, planName, endDate: planName === 'free' ? null : new Date(Date.now() + 30 * 86_400_000) });
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url });
  [owner, admin, quietAdmin, viewer, freeOwner] = await Promise.all([
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
    signedInPerson(server),
  ]);
  const { db } = server.ctx;
  organisationId = await organisationOf(server, { owner, admin, viewer }, 'Summary Clinic');
  await db.insert(organisationMember).values({ organisationId, userId: quietAdmin.userId, role: 'admin' });
  await db.update(user).set({ weeklyEmailReport: false }).where(eq(user.id, quietAdmin.userId));
  await onPlan(organisationId, 'growth');
  const ada = await addRosterReport(server, organisationId, { firstName: 'Ada', lastName: 'Lovelace' }, [
    { state: 'TX', expiresIn: 20 },
    { state: 'CA', expiresIn: 90 },
  ]);
  expiringNumber = ada.numbers[0];
  const grace = await addRosterReport(server, organisationId, { firstName: 'Grace', lastName: 'Hopper' }, [
    { state: 'WA', status: 'suspended', expiresIn: 200 },
  ]);
  suspendedNumber = grace.numbers[0];
  graceReport = grace.reportId;
  // An excluded physician with no license tracked: needs attention, and counts no license.
  alanReport = (await addRosterReport(server, organisationId, { firstName: 'Alan', lastName: 'Turing' }, [])).reportId;
  const [entry] = await db
    .insert(exclusion)
    .values({ source: 'leie', entryKey: `SUMMARY|${crypto.randomUUID()}`, lastName: 'TURING', exclType: '1128a1' })
    .returning({ id: exclusion.id });
  if (!entry) throw new Error('no exclusion');
  await db
    .insert(exclusionMatch)
    .values({ reportId: alanReport, exclusionId: entry.id, basis: 'npi', status: 'confirmed' });
  const [attached] = await db
    .select({ licenseId: reportLicense.licenseId })
    .from(reportLicense)
    .where(eq(reportLicense.reportId, grace.reportId));
  if (!attached) throw new Error('no license');
  await db.insert(licenseEvent).values({
    licenseId: attached.licenseId,
    kind: 'status',
    before: 'active',
    after: 'suspended',
    occurredAt: new Date(Date.now() - 2 * 86_400_000),
    source: 'ingest',
  });
  // An organisation on Free: its plan has no alerts, so no summary.
  const freeOrganisation = await organisationOf(server, { owner: freeOwner }, 'Free Clinic');
  await onPlan(freeOrganisation, 'free');
  await addRosterReport(server, freeOrganisation, { firstName: 'Free', lastName: 'Doctor' }, [
    { state: 'TX', expiresIn: 10 },
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

describe('the weekly roster summary', () => {
  it('goes to the owner and the admins, with the counts, what expires within the organisation’s window (42 days by default) and the week’s status changes', async () => {
    const result = await sendRosterSummaries(server.ctx);
    expect(result).toEqual({ organisations: 1, sent: 2 });
    const [toOwner, toAdmin] = await Promise.all([
      smtp.waitFor((m) => m.to.includes(owner.email), 15_000),
      smtp.waitFor((m) => m.to.includes(admin.email), 15_000),
    ]);
    expect(toOwner.subject).toBe("Summary Clinic: this week's license roster");
    expect(toAdmin.subject).toBe(toOwner.subject);
    const text = toOwner.text.replace(/\s+/g, ' ');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(String(expiringNumber));
    expect(text).toContain('20 days left');
    expect(text).toContain(`${server.url}/org/licenses?status=expiring`);
    // The roster's own Expiring: the 90-day license is outside the default 42-day window.
    expect(text).toContain('Expiring within 42 days');
    expect(text).toContain(`${server.url}/org/licenses`);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain(`${suspendedNumber}: Active → Suspended`);
    // The whole roster's counts: 3 tracked, 2 active (1 expiring), 1 needing attention.
    expect(text).toMatch(/3 Total 2 Active 1 Expiring 0 Expired 1 Needs attention/);
    expect(toOwner.raw).toMatch(/^List-Unsubscribe:/im);
  });

  it('puts the physicians needing attention first: how many, the first ones and why, and a link to all of them', async () => {
    const toOwner = await smtp.waitFor((m) => m.to.includes(owner.email), 15_000);
    const text = toOwner.text.replace(/\s+/g, ' ');
    expect(text).toContain('2 physicians need attention');
    expect(text).toContain(`${server.url}/org/licenses?physician_status=needs_attention`);
    // First in the email: before the counts and the expiring licenses.
    const start = text.indexOf('2 physicians need attention');
    expect(start).toBeGreaterThan(-1);
    expect(start).toBeLessThan(text.indexOf('3 Total'));
    expect(start).toBeLessThan(text.indexOf('Expiring within 42 days'));
    const section = text.slice(start, text.indexOf('Expiring within 42 days'));
    // The excluded first.
    expect(section).toMatch(/Alan Turing, MD.*Excluded \(OIG LEIE\).*Grace Hopper, MD.*License suspended in WA/);
    expect(section).not.toContain('Ada Lovelace');
    expect(toOwner.html).toContain(`href="${server.url}/reports/${alanReport}"`);
    expect(toOwner.html).toContain(`href="${server.url}/reports/${graceReport}"`);
  });

  it('not to a viewer, an admin who turned the weekly email off, or an organisation whose plan has no alerts', async () => {
    expect(mailsTo(viewer.email)).toHaveLength(0);
    expect(mailsTo(quietAdmin.email)).toHaveLength(0);
    expect(mailsTo(freeOwner.email)).toHaveLength(0);
  });

  it('never twice in a week: a re-run and the job send nothing more', async () => {
    expect(await sendRosterSummaries(server.ctx)).toEqual({ organisations: 0, sent: 0 });
    expect(await rosterSummariesJob(server.ctx)).toEqual({ organisations: 0, sent: 0 });
    const week = summaryWeek(new Date());
    const stored = await server.ctx.db
      .select({ to: outboundMessage.to })
      .from(outboundMessage)
      .where(and(like(outboundMessage.dedupeKey, `roster-weekly:${organisationId}:%:${week}`)));
    expect(stored.map((s) => s.to).sort()).toEqual([owner.email, admin.email].sort());
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(mailsTo(admin.email)).toHaveLength(1);
  });

  it('next week is another week', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    expect(summaryWeek(nextWeek)).not.toBe(summaryWeek(new Date()));
    expect(summaryWeek(new Date('2026-11-30T00:00:00Z'))).toBe('2026-11-30');
    expect(summaryWeek(new Date('2026-12-06T23:59:00Z'))).toBe('2026-11-30');
  });
});
