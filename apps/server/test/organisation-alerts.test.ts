// Alerts that follow the organisation's plan (docs/product-rules.md, Organisations; Alerts): the
// status-change emails for an organisation's reports go to its owner and admins with "Email me when
// a board changes a license" on, while the ORGANISATION's plan includes alerts and has not ended —
// whatever their own plan; once per change and person however many places track the license; SMS
// stays personal. The profile says what reaches a person through each such organisation.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisation } from '../src/modules/accounts/tables.ts';
import { queueStatusAlerts } from '../src/modules/alerts/status/queue-status-alerts.ts';
import { licenseEvent } from '../src/modules/licensing/tables.ts';
import { organisationMember } from '../src/modules/organisations/tables.ts';
import { userPlan } from '../src/modules/plans/tables.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { alertUser, trackExisting, trackLicense } from './support/alerts.ts';
import { HttpClient } from './support/http-client.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startTwilioStandIn, type TwilioStandIn } from './support/twilio-stand-in.ts';

let smtp: SmtpReceiver;
let twilio: TwilioStandIn;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  twilio = await startTwilioStandIn();
  server = await startTestServer({ SMTP_URL: smtp.url, ...twilio.env });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await twilio?.close();
  await smtp?.stop();
});

type Member = { userId: string; email: string; phone: string | null };
type Role = 'owner' | 'admin' | 'viewer';

/** An organisation with its members and a plan (`days` from now; negative: ended). */
async function organisationWith(
  name: string,
  planName: 'growth' | 'free',
  members: [Member, Role][],
  days = 30,
): Promise<string> {
  const { db } = server.ctx;
  const [org] = await db.insert(organisation).values({ name }).returning({ id: organisation.id });
  if (!org) throw new Error('no organisation');
  await db
    .insert(organisationMember)
    .values(members.map(([m, role]) => ({ organisationId: org.id, userId: m.userId, role })));
  await db.delete(userPlan).where(eq(userPlan.workspaceId, org.id));
  await db.insert(userPlan).values({
    workspaceId: org.id,
    planName,
    endDate: planName === 'free' ? null : new Date(Date.now() + days * 86_400_000),
  });
  return org.id;
}

const yesterday = () => new Date(Date.now() - 86_400_000);

/** A license the organisation tracks (since yesterday) whose board suspended it just now. */
async function suspendedInOrganisation(organisationId: string) {
  const tracked = await trackLicense(server, organisationId, { expiryDate: '2030-01-01', trackedAt: yesterday() });
  await server.ctx.db
    .insert(licenseEvent)
    .values({ licenseId: tracked.licenseId, kind: 'status', before: 'active', after: 'suspended', source: 'ingest' });
  return tracked;
}

const settle = () => new Promise((r) => setTimeout(r, 1_000));
const emailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const textsTo = (phone: string | null) => twilio.messages.filter((m) => m.to === phone);

async function statusKeysOf(userId: string) {
  const rows = await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.userId, userId));
  return rows.map((r) => r.dedupeKey?.replace(/:.*/, '')).sort();
}

describe("status-change emails for an organisation's reports", () => {
  it("go to its owner and admins with license alerts on, under the organisation's plan, by email only", async () => {
    // Everyone on Free personally: only the organisation's Growth plan includes alerts.
    const owner = await alertUser(server, { planName: 'free' });
    const admin = await alertUser(server, { planName: 'free' });
    const quietAdmin = await alertUser(server, { planName: 'free', statusAlerts: false });
    const viewer = await alertUser(server, { planName: 'free' });
    const orgId = await organisationWith('Lakeside Medical Group', 'growth', [
      [owner, 'owner'],
      [admin, 'admin'],
      [quietAdmin, 'admin'],
      [viewer, 'viewer'],
    ]);
    const { reportId, licenseNumber } = await suspendedInOrganisation(orgId);

    expect(await queueStatusAlerts(server.ctx, reportId)).toEqual({ emails: 2, sms: 0 });
    const [toOwner, toAdmin] = await Promise.all([
      smtp.waitFor((m) => m.to.includes(owner.email), 15_000),
      smtp.waitFor((m) => m.to.includes(admin.email), 15_000),
    ]);
    expect(toOwner.subject).toBe(`Dr. Jane Doe's WA MD license ${licenseNumber} is now Suspended (was Active)`);
    expect(toAdmin.subject).toBe(toOwner.subject);
    expect(toOwner.text).toContain(`/reports/${reportId}`);

    // Again (the next refresh): nothing more.
    expect(await queueStatusAlerts(server.ctx, reportId)).toEqual({ emails: 0, sms: 0 });
    await settle();
    expect(emailsTo(owner.email)).toHaveLength(1);
    expect(emailsTo(admin.email)).toHaveLength(1);
    expect(emailsTo(quietAdmin.email)).toHaveLength(0);
    expect(emailsTo(viewer.email)).toHaveLength(0);
    // SMS stays personal: verified phones with SMS on get no text for an organisation's license.
    for (const m of [owner, admin, quietAdmin, viewer]) expect(textsTo(m.phone)).toHaveLength(0);
  });

  it('go to nobody when the organisation’s plan has no alerts or has ended, whatever the members’ own plans', async () => {
    const premiumAdmin = await alertUser(server, { planName: 'premium' });
    const onFree = await organisationWith('Free Clinic', 'free', [[premiumAdmin, 'owner']]);
    const free = await suspendedInOrganisation(onFree);
    expect(await queueStatusAlerts(server.ctx, free.reportId)).toEqual({ emails: 0, sms: 0 });

    const lapsedOwner = await alertUser(server, { planName: 'premium' });
    const ended = await organisationWith('Lapsed Clinic', 'growth', [[lapsedOwner, 'owner']], -1);
    const lapsed = await suspendedInOrganisation(ended);
    expect(await queueStatusAlerts(server.ctx, lapsed.reportId)).toEqual({ emails: 0, sms: 0 });
    await settle();
    expect(emailsTo(premiumAdmin.email)).toHaveLength(0);
    expect(emailsTo(lapsedOwner.email)).toHaveLength(0);
  });

  it('are one email per change and person: a license tracked in the organisation and in one’s own workspace', async () => {
    const both = await alertUser(server, { planName: 'premium' });
    const orgId = await organisationWith('Twice Clinic', 'growth', [[both, 'owner']]);
    const { licenseId, reportId: orgReport } = await suspendedInOrganisation(orgId);
    const ownReport = await trackExisting(server, both.userId, licenseId, yesterday());

    const first = await queueStatusAlerts(server.ctx, ownReport);
    const second = await queueStatusAlerts(server.ctx, orgReport);
    // The personal report's owner gets the email and, SMS being personal, the text; the
    // organisation's report adds nothing for the same change.
    expect(first).toEqual({ emails: 1, sms: 1 });
    expect(second).toEqual({ emails: 0, sms: 0 });
    await smtp.waitFor((m) => m.to.includes(both.email), 15_000);
    await settle();
    expect(emailsTo(both.email)).toHaveLength(1);
    expect(await statusKeysOf(both.userId)).toEqual(['status', 'status-sms']);
  });
});

describe('the profile says what reaches a person through an organisation', () => {
  async function profileOf(email: string) {
    const client = new HttpClient(server.url);
    expect((await client.post('/api/auth/sign-in/email', { email, password: 'correct-horse' })).status).toBe(200);
    const res = await client.get('/api/v2/profile');
    expect(res.status).toBe(200);
    return res.body as { alerts_included: boolean; organisation_alerts: { name: string; plan: string }[] };
  }

  it('lists the organisations whose plan includes alerts in which the person is owner or admin', async () => {
    const admin = await alertUser(server, { planName: 'free' });
    const viewer = await alertUser(server, { planName: 'free' });
    await organisationWith('Lakeside Medical Group', 'growth', [
      [admin, 'admin'],
      [viewer, 'viewer'],
    ]);
    await organisationWith('Quiet Free Clinic', 'free', [[admin, 'owner']]);
    await organisationWith('Ended Clinic', 'growth', [[admin, 'admin']], -1);

    expect(await profileOf(admin.email)).toMatchObject({
      alerts_included: false,
      organisation_alerts: [{ name: 'Lakeside Medical Group', plan: 'growth' }],
    });
    expect(await profileOf(viewer.email)).toMatchObject({ alerts_included: false, organisation_alerts: [] });
  });
});
