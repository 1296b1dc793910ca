import type { PlanName } from '@licensewatch/shared/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../src/modules/accounts/tables.ts';
import { weeklyReminder } from '../src/modules/alerts/tables.ts';
import { queueWeeklyReminders } from '../src/modules/alerts/weekly/queue-weekly-reminders.ts';
import { sendWeeklyReminders } from '../src/modules/alerts/weekly/send-weekly-reminders.ts';
import { weeklyRemindersJob } from '../src/modules/alerts/weekly/weekly-reminders-job.ts';
import { updateExpiryWindows } from '../src/modules/alerts/windows/update-expiry-windows.ts';
import { exclusion, exclusionMatch } from '../src/modules/exclusions/tables.ts';
import { license } from '../src/modules/licensing/tables.ts';
import { userPlan } from '../src/modules/plans/tables.ts';
import { manualVerification, report, reportCandidate, reportLicense } from '../src/modules/reports/tables.ts';
import { deliverMessageJob } from '../src/platform/outbox/deliver-message-job.ts';
import { resumeOutboundMessages } from '../src/platform/outbox/resume-outbound-messages.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { appSetting } from '../src/platform/settings/tables.ts';
import { uniqueEmail, waitFor } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { type ReceivedEmail, type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// docs/product-rules.md, Alerts: the Monday reminder. The clock is passed in: Monday 30 November
// 2026, 09:00 in Los Angeles (the default zone; the send time is 08:00), so local today is 2026-11-30.
const MONDAY = new Date('2026-11-30T17:00:00Z');
const TODAY = '2026-11-30';
const WEEK = '2026-11-30';
const day = (offset: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

let smtp: SmtpReceiver;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp?.stop();
});

type UserSpec = {
  plan?: PlanName;
  planEnds?: Date;
  weekly?: boolean;
  allClear?: boolean;
  timeZone?: string | null;
  verified?: boolean;
};

let sequence = 0;

/** A user straight into the tables (the job reads them; how they got there is another test's business). */
async function makeUser(prefix: string, spec: UserSpec = {}): Promise<{ id: string; email: string }> {
  const { db } = server.ctx;
  const email = uniqueEmail(prefix);
  const id = `weekly-${prefix}-${++sequence}-${Date.now().toString(36)}`;
  await db.insert(user).values({
    id,
    name: 'Dr. Test',
    email,
    emailVerified: spec.verified ?? true,
    weeklyEmailReport: spec.weekly ?? true,
    weeklyAllClear: spec.allClear ?? false,
    timeZone: spec.timeZone ?? null,
  });
  const planName = spec.plan ?? 'premium';
  await db.insert(userPlan).values({
    workspaceId: id,
    planName,
    endDate: planName === 'free' ? null : (spec.planEnds ?? new Date('2030-01-01T00:00:00Z')),
  });
  return { id, email };
}

type LicenseSpec = {
  state?: 'OR' | 'CA' | 'TX';
  number?: string;
  expires: string;
  hidden?: boolean;
  status?: 'active' | 'suspended';
  /** Verified by hand on this day (a manual license and its verification). */
  checkedByHand?: string;
};

const BOARDS = { OR: 'or-med', CA: 'ca-md', TX: 'tx-med' } as const;

/** A report of the user's for one physician, with the given licenses attached. */
async function addReport(
  userId: string,
  physician: { first: string; last: string },
  licenses: LicenseSpec[],
): Promise<string> {
  const { db } = server.ctx;
  const [r] = await db
    .insert(report)
    .values({
      workspaceId: userId,
      name: `${physician.first} ${physician.last}`,
      firstName: physician.first,
      lastName: physician.last,
      licenseType: 'MD',
      states: ['OR', 'CA'],
    })
    .returning({ id: report.id });
  if (!r) throw new Error('no report');
  for (const spec of licenses) {
    const state = spec.state ?? 'OR';
    const number = spec.number ?? `MD-${crypto.randomUUID().slice(0, 8)}`;
    const [l] = await db
      .insert(license)
      .values({
        jurisdiction: state,
        boardId: BOARDS[state],
        licenseType: 'MD',
        licenseNumber: number,
        recordKey: `${number}-${crypto.randomUUID()}`,
        firstName: physician.first,
        lastName: physician.last,
        firstNorm: physician.first.toLowerCase(),
        lastNorm: physician.last.toLowerCase(),
        status: spec.status ?? 'active',
        expiryDate: spec.expires,
        sourceKind: spec.checkedByHand ? 'manual' : 'html-lookup',
      })
      .returning({ id: license.id });
    if (!l) throw new Error('no license');
    if (spec.checkedByHand)
      await db.insert(manualVerification).values({
        licenseId: l.id,
        workspaceId: userId,
        reportId: r.id,
        verifiedByName: 'Jane Roe',
        checkedOn: spec.checkedByHand,
        licenseNumber: number,
        rawStatus: 'ACTIVE',
        status: 'active',
        evidenceName: 'board.pdf',
        evidenceType: 'application/pdf',
        evidenceSize: 1,
        evidenceSha256: '0'.repeat(64),
      });
    await db.insert(reportLicense).values({
      reportId: r.id,
      licenseId: l.id,
      confidence: 1,
      matchReason: 'fixture',
      hiddenAt: spec.hidden ? new Date() : null,
    });
  }
  return r.id;
}

async function reminderOf(userId: string) {
  const [row] = await server.ctx.db
    .select()
    .from(weeklyReminder)
    .where(and(eq(weeklyReminder.userId, userId), eq(weeklyReminder.week, WEEK)));
  return row;
}

async function messagesTo(email: string) {
  return server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.to, email));
}

const mailTo = (email: string) => smtp.waitFor((m) => m.to.includes(email), 15_000);
const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** A header of a received email, its folded lines joined. */
function header(mail: ReceivedEmail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
  const line = head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Runs the job (queue, then drain) on the test's Monday. */
const runMonday = (now = MONDAY) => weeklyRemindersJob(server.ctx, { now });

/** Lets a delivery the job queued reach the receiver (or not) before counting. */
const settle = () => new Promise((r) => setTimeout(r, 1_000));

describe('the Monday reminder email', () => {
  it('lists expiring and expired tracked licenses by physician, with days left and a renewal link, in HTML and text', async () => {
    const u = await makeUser('content');
    await addReport(u.id, { first: 'Ada', last: 'Okafor' }, [
      { state: 'OR', number: 'MD-IN-42', expires: day(42) },
      { state: 'OR', number: 'MD-OUT-43', expires: day(43) },
      { state: 'CA', number: 'A-EXPIRED', expires: day(-3) },
      { state: 'CA', number: 'A-HIDDEN', expires: day(10), hidden: true },
    ]);
    await addReport(u.id, { first: 'Ben', last: 'Adeyemi' }, [{ state: 'OR', number: 'MD-BEN-7', expires: day(7) }]);

    const result = await runMonday();
    expect(result.queued).toBeGreaterThanOrEqual(1);
    const mail = await mailTo(u.email);

    expect(mail.subject).toBe('3 licenses need attention this week');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Ada Okafor, MD');
      expect(body).toContain('Ben Adeyemi, MD');
      expect(body).toContain('Oregon');
      expect(body).toContain('California');
      // Day 42 is in, day 43 out; expired-but-tracked is in, hidden is out.
      expect(body).toContain('MD-IN-42');
      expect(body).not.toContain('MD-OUT-43');
      expect(body).toContain('A-EXPIRED');
      expect(body).not.toContain('A-HIDDEN');
      expect(body).toContain('42 days left');
      expect(body).toContain('7 days left');
      expect(body).toContain('Expired 3 days ago');
      // The board's own site (where renewal and look-up are), from the board list.
      expect(body).toContain('https://www.oregon.gov/omb');
      expect(body).toContain('https://www.mbc.ca.gov');
      expect(body).toContain(`${server.url}/profile`);
      expect(body).toContain(`${server.url}/unsubscribe?token=`);
    }
    // Expired first within a physician, in red and in words.
    expect(mail.text.indexOf('A-EXPIRED')).toBeLessThan(mail.text.indexOf('MD-IN-42'));
    expect(mail.html).toMatch(/color:#b91c1c[^>]*>Expired 3 days ago/);
    // Phone width: no fixed width beyond the layout's max-width.
    expect(mail.html).not.toMatch(/[^-]width:\s*[6-9]\d\dpx/);

    const row = await reminderOf(u.id);
    expect(row).toMatchObject({ status: 'sent' });
    const [message] = await messagesTo(u.email);
    expect(row?.messageId).toBe(message?.id);
    expect(message).toMatchObject({ kind: 'alert', userId: u.id, dedupeKey: `weekly:${u.id}:${WEEK}` });
  });

  it('sends nothing when nothing is due, unless the user asked for the weekly all-clear', async () => {
    const quiet = await makeUser('quiet');
    await addReport(quiet.id, { first: 'Cora', last: 'Quiet' }, [
      { expires: day(43) },
      { expires: day(5), hidden: true },
    ]);
    const allClear = await makeUser('all-clear', { allClear: true });
    await addReport(allClear.id, { first: 'Dan', last: 'Clear' }, [{ expires: day(200) }]);

    await runMonday();
    const mail = await mailTo(allClear.email);
    expect(mail.subject).toBe('All clear: nothing expires in the next 6 weeks');
    expect(mail.text).toContain('None of the licenses you track expires in the next 6 weeks');

    await settle();
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(await messagesTo(quiet.email)).toEqual([]);
    expect(await reminderOf(quiet.id)).toMatchObject({ status: 'skipped', messageId: null });
  });

  it("lists what expires within the user's own expiry window, and says that window in the all-clear", async () => {
    const wide = await makeUser('wide-window');
    await updateExpiryWindows(server.ctx.db, wide.id, { expiring_within_days: 70, notice_days: [60] });
    await addReport(wide.id, { first: 'Wen', last: 'Wide' }, [
      { number: 'MD-IN-70', expires: day(70) },
      { number: 'MD-OUT-71', expires: day(71) },
    ]);
    const narrow = await makeUser('narrow-window', { allClear: true });
    await updateExpiryWindows(server.ctx.db, narrow.id, { expiring_within_days: 28, notice_days: [14] });
    await addReport(narrow.id, { first: 'Nia', last: 'Narrow' }, [{ number: 'MD-IN-29', expires: day(29) }]);

    await runMonday();
    const mail = await mailTo(wide.email);
    expect(mail.subject).toBe('1 license needs attention this week');
    expect(mail.text).toContain('MD-IN-70');
    expect(mail.text).not.toContain('MD-OUT-71');
    expect(mail.text).toContain('expire within the next 10 weeks');
    const clear = await mailTo(narrow.email);
    expect(clear.subject).toBe('All clear: nothing expires in the next 4 weeks');
    expect(clear.text).not.toContain('MD-IN-29');
  });

  it('leaves out a plan without alerts, an expired plan, the toggle turned off and an unverified email', async () => {
    const licenses = [{ expires: day(3) }];
    const basic = await makeUser('basic', { plan: 'basic' });
    const free = await makeUser('free', { plan: 'free' });
    const lapsed = await makeUser('lapsed', { planEnds: new Date('2026-11-01T00:00:00Z') });
    const off = await makeUser('off', { weekly: false });
    const unverified = await makeUser('unverified', { verified: false });
    const growth = await makeUser('growth', { plan: 'growth' });
    for (const u of [basic, free, lapsed, off, unverified, growth]) {
      await addReport(u.id, { first: 'Eve', last: 'Plan' }, licenses);
    }

    await runMonday();
    await mailTo(growth.email);
    await settle();
    for (const u of [basic, free, lapsed, off, unverified]) {
      expect(await reminderOf(u.id), u.email).toBeUndefined();
      expect(mailsTo(u.email), u.email).toEqual([]);
    }
  });

  it('checks the toggle and the plan again when sending: a change since queueing skips the email', async () => {
    const toggled = await makeUser('toggled');
    const downgraded = await makeUser('downgraded');
    for (const u of [toggled, downgraded])
      await addReport(u.id, { first: 'Fay', last: 'Later' }, [{ expires: day(1) }]);

    await queueWeeklyReminders(server.ctx, { now: MONDAY });
    expect(await reminderOf(toggled.id)).toMatchObject({ status: 'queued' });
    await server.ctx.db.update(user).set({ weeklyEmailReport: false }).where(eq(user.id, toggled.id));
    await server.ctx.db.update(userPlan).set({ planName: 'basic' }).where(eq(userPlan.workspaceId, downgraded.id));
    await sendWeeklyReminders(server.ctx, { now: MONDAY });

    for (const u of [toggled, downgraded]) {
      expect(await reminderOf(u.id)).toMatchObject({ status: 'skipped' });
      expect(await messagesTo(u.email)).toEqual([]);
    }
  });

  it("queues each user at 08:00 on their own Monday: Tokyo's has come while Los Angeles is still on Sunday", async () => {
    const tokyo = await makeUser('tokyo', { timeZone: 'Asia/Tokyo' });
    const la = await makeUser('la', { timeZone: 'America/Los_Angeles' });
    const byDefault = await makeUser('default-zone');
    for (const u of [tokyo, la, byDefault])
      await addReport(u.id, { first: 'Gus', last: 'Zone' }, [{ expires: day(9) }]);

    // Monday 08:05 in Tokyo = Sunday 15:05 in Los Angeles.
    const tokyoMorning = new Date('2026-11-29T23:05:00Z');
    // 07:55 in Tokyo: not yet.
    await queueWeeklyReminders(server.ctx, { now: new Date('2026-11-29T22:55:00Z') });
    expect(await reminderOf(tokyo.id)).toBeUndefined();

    await runMonday(tokyoMorning);
    expect(await reminderOf(tokyo.id)).toMatchObject({ status: 'sent' });
    expect(await reminderOf(la.id)).toBeUndefined();
    expect(await reminderOf(byDefault.id)).toBeUndefined();
    // Tokyo's local today is the 30th too: 9 days left.
    expect((await mailTo(tokyo.email)).text).toContain('9 days left');

    // Los Angeles, 07:59 on Monday: still not; 08:00: both LA users.
    await queueWeeklyReminders(server.ctx, { now: new Date('2026-11-30T15:59:00Z') });
    expect(await reminderOf(la.id)).toBeUndefined();
    await runMonday(new Date('2026-11-30T16:00:00Z'));
    expect(await reminderOf(la.id)).toMatchObject({ status: 'sent' });
    expect(await reminderOf(byDefault.id)).toMatchObject({ status: 'sent' });

    // Tuesday in Tokyo (Monday evening in LA): the week is over for Tokyo, nothing new.
    const [before] = await server.ctx.db.select().from(weeklyReminder).where(eq(weeklyReminder.userId, tokyo.id));
    await runMonday(new Date('2026-11-30T16:30:00Z'));
    const rows = await server.ctx.db.select().from(weeklyReminder).where(eq(weeklyReminder.userId, tokyo.id));
    expect(rows).toEqual([before]);
  });

  it('queues nobody on another day, unless asked to ignore the time (jobs:run), and then for the same week', async () => {
    const u = await makeUser('wednesday');
    await addReport(u.id, { first: 'Hal', last: 'Midweek' }, [{ expires: day(20) }]);
    const wednesday = new Date('2026-12-02T20:00:00Z');
    await queueWeeklyReminders(server.ctx, { now: wednesday });
    expect(await reminderOf(u.id)).toBeUndefined();
    await weeklyRemindersJob(server.ctx, { now: wednesday, ignoreTime: true });
    // The week is the Monday of the user's local week; the licenses count from Wednesday.
    expect(await reminderOf(u.id)).toMatchObject({ status: 'sent' });
    expect((await mailTo(u.email)).text).toContain('18 days left');
  });

  it('sends one email however often the job runs: retries and two workers at once', async () => {
    const u = await makeUser('twice');
    await addReport(u.id, { first: 'Ida', last: 'Once' }, [{ expires: day(14) }]);
    const others = await Promise.all([1, 2, 3].map((i) => makeUser(`crowd${i}`)));
    for (const o of others) await addReport(o.id, { first: 'Jo', last: 'Crowd' }, [{ expires: day(2) }]);

    // Two workers at once, then a retry of each.
    await Promise.all([runMonday(), runMonday()]);
    await Promise.all([
      sendWeeklyReminders(server.ctx, { now: MONDAY, batchSize: 1 }),
      sendWeeklyReminders(server.ctx, { now: MONDAY, batchSize: 1 }),
    ]);
    await runMonday();

    await mailTo(u.email);
    for (const o of others) await mailTo(o.email);
    await settle();
    for (const who of [u, ...others]) {
      expect(await messagesTo(who.email), who.email).toHaveLength(1);
      expect(mailsTo(who.email), who.email).toHaveLength(1);
    }
  });

  it('two drains racing over one queue take different rows, and a row claimed twice is still one email', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => makeUser(`race${i}`)));
    for (const p of people) await addReport(p.id, { first: 'Kit', last: 'Race' }, [{ expires: day(30) }]);
    await queueWeeklyReminders(server.ctx, { now: MONDAY });
    const [a, b] = await Promise.all([
      sendWeeklyReminders(server.ctx, { now: MONDAY, batchSize: 2 }),
      sendWeeklyReminders(server.ctx, { now: MONDAY, batchSize: 2 }),
    ]);
    expect((a?.sent ?? 0) + (b?.sent ?? 0)).toBeGreaterThanOrEqual(people.length);

    // A worker that died after sending left its row 'queued' with an old claim: taken again, no second email.
    const [first] = people;
    if (!first) throw new Error('no people');
    await server.ctx.db
      .update(weeklyReminder)
      .set({ status: 'queued', processedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(weeklyReminder.userId, first.id));
    const again = await sendWeeklyReminders(server.ctx, { now: MONDAY });
    expect(again.sent).toBeGreaterThanOrEqual(1);
    const messages = await messagesTo(first.email);
    expect(messages).toHaveLength(1);
    expect(await reminderOf(first.id)).toMatchObject({ status: 'sent', messageId: messages[0]?.id });
  });

  it('keeps the email while SMTP is down and delivers it once when SMTP is back', async () => {
    const u = await makeUser('outage');
    await addReport(u.id, { first: 'Lea', last: 'Outage' }, [{ expires: day(6) }]);
    await smtp.stop();
    let restarted = false;
    try {
      await runMonday();
      const pending = await waitFor('a failed attempt', async () => {
        const [m] = await messagesTo(u.email);
        return m && m.attempts >= 1 ? m : null;
      });
      expect(pending).toMatchObject({ status: 'pending', sentAt: null });
      expect(pending.lastError).toMatch(/ECONNREFUSED/);
      await smtp.start();
      restarted = true;
      // pg-boss's own retry waits 30 s or more; run its body now, as the retry would.
      await deliverMessageJob(server.ctx, { messageId: pending.id });
      await mailTo(u.email);
      await deliverMessageJob(server.ctx, { messageId: pending.id });
      await settle();
      expect(mailsTo(u.email)).toHaveLength(1);
      expect((await messagesTo(u.email))[0]).toMatchObject({ status: 'sent' });
    } finally {
      if (!restarted) await smtp.start();
    }
  });

  it('parks the email while email_notifications_enabled is false and delivers it once it is turned back on', async () => {
    const u = await makeUser('paused');
    await addReport(u.id, { first: 'Max', last: 'Paused' }, [{ expires: day(11) }]);
    const setting = (value: string) =>
      server.ctx.db.update(appSetting).set({ value }).where(eq(appSetting.key, 'email_notifications_enabled'));
    await setting('false');
    try {
      await runMonday();
      await waitFor('the paused email', async () => (await messagesTo(u.email))[0]?.status === 'paused');
      await settle();
      expect(mailsTo(u.email)).toEqual([]);
    } finally {
      await setting('true');
    }
    await resumeOutboundMessages(server.ctx);
    await mailTo(u.email);
    await settle();
    expect(mailsTo(u.email)).toHaveLength(1);
  });
});

/** A physician on an exclusion list: a confirmed match on a listed LEIE entry in force. */
async function exclude(reportId: string) {
  const { db } = server.ctx;
  const [entry] = await db
    .insert(exclusion)
    .values({ source: 'leie', entryKey: `WEEKLY|${crypto.randomUUID()}`, lastName: 'EXCLUDED', exclType: '1128a1' })
    .returning({ id: exclusion.id });
  if (!entry) throw new Error('no exclusion');
  await db.insert(exclusionMatch).values({ reportId, exclusionId: entry.id, basis: 'npi', status: 'confirmed' });
}

/** Possible license matches on the report: `open` ones wait for review, a rejected one does not. */
async function addCandidates(reportId: string, statuses: ('open' | 'rejected')[]) {
  const { db } = server.ctx;
  for (const status of statuses) {
    const number = `CAND-${crypto.randomUUID().slice(0, 8)}`;
    const [l] = await db
      .insert(license)
      .values({
        jurisdiction: 'CA',
        boardId: 'ca-md',
        licenseType: 'MD',
        licenseNumber: number,
        recordKey: number,
        firstName: 'Someone',
        lastName: 'Else',
        firstNorm: 'someone',
        lastNorm: 'else',
        status: 'active',
        expiryDate: day(300),
        sourceKind: 'html-lookup',
      })
      .returning({ id: license.id });
    if (!l) throw new Error('no license');
    await db.insert(reportCandidate).values({
      reportId,
      licenseId: l.id,
      state: 'CA',
      kind: 'namesake',
      confidence: 0.6,
      matchReason: 'fixture',
      status,
    });
  }
}

describe('needs attention, first in the Monday email', () => {
  it('lists each physician needing attention and why, before the expiring licenses, each linked to its report', async () => {
    const u = await makeUser('attention');
    const excluded = await addReport(u.id, { first: 'Ivy', last: 'Excluded' }, [{ expires: day(200) }]);
    await exclude(excluded);
    const suspended = await addReport(u.id, { first: 'Sam', last: 'Suspended' }, [
      { state: 'TX', status: 'suspended', expires: day(300) },
    ]);
    const matched = await addReport(u.id, { first: 'Mia', last: 'Matches' }, [{ number: 'MD-MIA-5', expires: day(5) }]);
    await addCandidates(matched, ['open', 'open', 'rejected']);
    const byHand = await addReport(u.id, { first: 'Vic', last: 'Verified' }, [
      { expires: day(200), checkedByHand: day(-31) },
    ]);
    // Checked by hand 29 days ago: not due yet.
    await addReport(u.id, { first: 'Nat', last: 'Recent' }, [{ expires: day(200), checkedByHand: day(-29) }]);
    await addReport(u.id, { first: 'Fred', last: 'Fine' }, [{ number: 'MD-FRED-10', expires: day(10) }]);

    await runMonday();
    const mail = await mailTo(u.email);

    expect(mail.subject).toBe('4 physicians need attention, 2 licenses expire soon');
    const text = mail.text.replace(/\s+/g, ' ');
    const section = text.slice(text.indexOf('Needs attention'), text.indexOf('These licenses you track'));
    expect(text.indexOf('Needs attention')).toBeGreaterThan(-1);
    // Needs attention comes before the expiring licenses.
    expect(text.indexOf('Needs attention')).toBeLessThan(text.indexOf('MD-MIA-5'));
    expect(section).toContain('Ivy Excluded');
    expect(section).toContain('Excluded (OIG LEIE)');
    expect(section).toContain('Sam Suspended');
    expect(section).toContain('License suspended in TX');
    expect(section).toContain('Mia Matches');
    expect(section).toContain('2 possible matches to review');
    expect(section).toContain('Vic Verified');
    expect(section).toContain('Verification by hand due');
    // The excluded physician first; nothing waits about Fred or Nat.
    expect(section.indexOf('Ivy Excluded')).toBeLessThan(section.indexOf('Mia Matches'));
    expect(section).not.toContain('Fred Fine');
    expect(section).not.toContain('Nat Recent');
    for (const reportId of [excluded, suspended, matched, byHand])
      expect(mail.html).toContain(`href="${server.url}/reports/${reportId}"`);
    // The expiring licenses still follow, as before.
    expect(text).toContain('MD-FRED-10');
    expect(text).toContain('5 days left');
  });

  it('sends the email when something needs attention even though nothing expires, and only that user’s physicians', async () => {
    const quietButSuspended = await makeUser('attention-only');
    await addReport(quietButSuspended.id, { first: 'Tom', last: 'Texas' }, [
      { state: 'TX', status: 'suspended', expires: day(300) },
    ]);
    const other = await makeUser('attention-other');
    const otherReport = await addReport(other.id, { first: 'Olga', last: 'Other' }, [{ expires: day(300) }]);
    await exclude(otherReport);

    await runMonday();
    const mail = await mailTo(quietButSuspended.email);
    expect(mail.subject).toBe('1 physician needs attention');
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain('Tom Texas');
    expect(text).toContain('License suspended in TX');
    expect(text).toContain('None of the licenses you track expires in the next 6 weeks');
    expect(text).not.toContain('All clear');
    expect(text).not.toContain('Olga Other');
    const toOther = await mailTo(other.email);
    expect(toOther.subject).toBe('1 physician needs attention');
    expect(toOther.text).toContain('Excluded (OIG LEIE)');
    expect(toOther.text).not.toContain('Tom Texas');
    expect(await reminderOf(quietButSuspended.id)).toMatchObject({ status: 'sent' });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('carries List-Unsubscribe headers whose one-click POST turns the Monday email off, idempotently', async () => {
    const u = await makeUser('unsubscribe');
    await addReport(u.id, { first: 'Ned', last: 'Leaving' }, [{ expires: day(4) }]);
    await runMonday();
    const mail = await mailTo(u.email);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(mail, 'List-Unsubscribe') ?? '';
    const url = new URL(/^<([^>]+)>$/.exec(listUnsubscribe)?.[1] ?? 'http://missing/');
    expect(url.origin + url.pathname).toBe(`${server.url}/api/v2/alerts/unsubscribe`);

    // As a mail provider posts it: a form body, no cookie, no Origin of ours.
    const provider = new HttpClient(server.url);
    const post = () =>
      provider.request('POST', url.pathname + url.search, 'List-Unsubscribe=One-Click', {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example',
      });
    const res = await post();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: u.email, unsubscribed: true });
    const [after] = await server.ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(after).toMatchObject({ weeklyEmailReport: false, statusAlertEmail: true });
    expect((await post()).status).toBe(200);

    // The page's own POST has an empty body.
    const empty = await provider.request('POST', url.pathname + url.search);
    expect(empty.status).toBe(200);

    // Next Monday: nothing queued for them.
    await runMonday(new Date('2026-12-07T17:00:00Z'));
    const rows = await server.ctx.db.select().from(weeklyReminder).where(eq(weeklyReminder.userId, u.id));
    expect(rows.map((r) => r.week)).toEqual([WEEK]);
  });

  it("an 'alerts' link turns off the status-change emails only", async () => {
    const u = await makeUser('alerts-link');
    const { unsubscribeToken } = await import('../src/modules/alerts/unsubscribe-link.ts');
    const token = unsubscribeToken(server.ctx.alertLinkSecrets, u.id, 'alerts');
    const res = await new HttpClient(server.url).request(
      'POST',
      `/api/v2/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(200);
    const [after] = await server.ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(after).toMatchObject({ weeklyEmailReport: true, statusAlertEmail: false });
  });

  it('refuses a forged or altered token with 400 {detail, code} and changes nothing', async () => {
    const u = await makeUser('forged');
    const { unsubscribeToken } = await import('../src/modules/alerts/unsubscribe-link.ts');
    const token = unsubscribeToken(server.ctx.alertLinkSecrets, u.id, 'weekly');
    const client = new HttpClient(server.url);
    for (const bad of [
      `${u.id}.weekly.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      token.replace('.weekly.', '.alerts.'),
      `someone-else.weekly.${token.split('.')[2]}`,
    ]) {
      const res = await client.request('POST', `/api/v2/alerts/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_LINK', detail: expect.any(String) });
    }
    const missing = await client.request('POST', '/api/v2/alerts/unsubscribe');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    const [after] = await server.ctx.db.select().from(user).where(eq(user.id, u.id));
    expect(after).toMatchObject({ weeklyEmailReport: true, statusAlertEmail: true });
  });
});
