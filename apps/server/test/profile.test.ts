import { PROFILE_MESSAGES } from '@licensewatch/shared/profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive } from '../src/modules/accounts/set-user-active.ts';
import { user } from '../src/modules/accounts/tables.ts';
import { emailChange, phoneVerification } from '../src/modules/alerts/tables.ts';
import { license } from '../src/modules/licensing/tables.ts';
import { assignPlan } from '../src/modules/plans/assign-plan.ts';
import { report, reportLicense } from '../src/modules/reports/tables.ts';
import { uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { checkIcs, icsText } from './support/ics-check.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';
import { startTwilioStandIn, type TwilioStandIn } from './support/twilio-stand-in.ts';

let smtp: SmtpReceiver;
let twilio: TwilioStandIn;
let server: TestServer;
beforeAll(async () => {
  [smtp, twilio] = await Promise.all([startSmtpReceiver(), startTwilioStandIn()]);
  server = await startTestServer({ SMTP_URL: smtp.url, ...twilio.env });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([smtp?.stop(), twilio?.close()]);
});

const PROFILE = '/api/v2/profile';
const ME = '/api/v1/auth/me';

async function person(): Promise<Person> {
  return signedInPerson(server);
}

async function onPlan(userId: string, planName: 'premium' | 'basic' | 'growth', days = 30) {
  await assignPlan(server.ctx.db, {
    userId,
    planName,
    trial: false,
    endDate: new Date(Date.now() + days * 86_400_000),
    reason: 'plan-change',
  });
}

async function userRow(userId: string) {
  const [row] = await server.ctx.db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new Error('no user');
  return row;
}

/** A phone number of the 555-01xx range set aside for fiction, unique per call so per-number limits stay apart. */
let phoneSeq = 100;
function fictionalPhone() {
  phoneSeq += 1;
  return { typed: `(415) 555-0${phoneSeq}`, e164: `+14155550${phoneSeq}` };
}

/** The 6-digit code texted to `to` after `after` messages to it. */
async function codeTextedTo(to: string, after: number): Promise<string> {
  const sms = await twilio.waitFor(
    (m) => m.to === to && twilio.messages.filter((x) => x.to === to).indexOf(m) >= after,
  );
  const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no code in ${sms.body}`);
  return code;
}

describe('GET /api/v2/profile', () => {
  it('answers the real state of every field, with a calendar URL made once', async () => {
    const p = await person();
    const res = await p.client.get(PROFILE);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({
      email: p.email,
      phone_number: null,
      phone_verified: false,
      pending_email: null,
      weekly_email_report: true,
      sms_renewal_notice: true,
      weekly_all_clear: false,
      status_alert_email: true,
      time_zone: null,
      default_time_zone: 'America/Los_Angeles',
      alerts_included: false,
    });
    expect(res.body.calendar_url).toMatch(new RegExp(`^${server.url}/api/v2/calendar/[\\w-]{43}\\.ics$`));
    expect((await p.client.get(PROFILE)).body.calendar_url).toBe(res.body.calendar_url);
  });

  it('says alerts are included on Premium and business plans, not on Basic, Free or an expired plan', async () => {
    const p = await person();
    const included = async () => (await p.client.get(PROFILE)).body.alerts_included;
    expect(await included()).toBe(false);
    await onPlan(p.userId, 'premium');
    expect(await included()).toBe(true);
    await onPlan(p.userId, 'growth');
    expect(await included()).toBe(true);
    await onPlan(p.userId, 'basic');
    expect(await included()).toBe(false);
    await onPlan(p.userId, 'premium', -1);
    expect(await included()).toBe(false);
  });
});

describe('PATCH /api/v1/auth/me', () => {
  it('stores the documented payload: empty text becomes null, the phone in E.164, the toggles default to on', async () => {
    const p = await person();
    const phone = fictionalPhone();
    let res = await p.client.patch(ME, {
      full_name: '  Dr. Ada Okafor ',
      phone_number: phone.typed,
      email: p.email,
      weekly_email_report: false,
      sms_renewal_notice: false,
      weekly_all_clear: true,
      status_alert_email: false,
      time_zone: 'Europe/Berlin',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: p.email,
      full_name: 'Dr. Ada Okafor',
      phone_number: phone.e164,
      phone_verified: false,
      pending_email: null,
      weekly_email_report: false,
      sms_renewal_notice: false,
      weekly_all_clear: true,
      status_alert_email: false,
      time_zone: 'Europe/Berlin',
    });
    expect(await userRow(p.userId)).toMatchObject({ name: 'Dr. Ada Okafor', phoneNumber: phone.e164 });
    // The session's view of the user follows.
    expect((await p.client.get('/api/v2/auth/me')).body.user_metadata).toMatchObject({
      full_name: 'Dr. Ada Okafor',
      phone_number: phone.e164,
    });

    // Spec §3: each empty text becomes null; the two toggles are on unless sent off. Fields of
    // ours left out stay as they were.
    res = await p.client.patch(ME, { full_name: '', phone_number: '   ', email: '' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: p.email,
      full_name: null,
      phone_number: null,
      weekly_email_report: true,
      sms_renewal_notice: true,
      weekly_all_clear: true,
      status_alert_email: false,
      time_zone: 'Europe/Berlin',
    });
    // NOT NULL column: no name is ''.
    expect((await userRow(p.userId)).name).toBe('');
    expect((await p.client.patch(ME, { time_zone: null })).body.time_zone).toBeNull();
    // International numbers keep their country.
    expect((await p.client.patch(ME, { phone_number: '+44 20 7946 0958' })).body.phone_number).toBe('+442079460958');
  });

  it('refuses an invalid phone number with its message and changes nothing', async () => {
    const p = await person();
    const before = await userRow(p.userId);
    for (const phone_number of ['12345', 'call me', '+1 415 555 01345 99']) {
      const res = await p.client.patch(ME, { full_name: 'Changed Name', phone_number, weekly_email_report: false });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: 'VALIDATION_ERROR', detail: PROFILE_MESSAGES.invalidPhone });
    }
    expect(await userRow(p.userId)).toMatchObject({
      name: before.name,
      phoneNumber: null,
      weeklyEmailReport: true,
    });
    const badZone = await p.client.patch(ME, { time_zone: 'Mars/Olympus_Mons' });
    expect(badZone.status).toBe(400);
    expect(badZone.body.detail).toBe(PROFILE_MESSAGES.invalidTimeZone);
    expect((await p.client.patch(ME, { email: 'not-an-email' })).status).toBe(400);
    expect((await p.client.patch(ME, { unknown_field: true })).status).toBe(400);
  });

  it('needs a session', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.patch(ME, { full_name: 'X' })).status).toBe(401);
    expect((await anonymous.get(PROFILE)).status).toBe(401);
  });
});

describe('changing the email', () => {
  it('emails the new address a link, tells the old one, and changes the email only when the link is opened, once', async () => {
    const p = await person();
    const newEmail = uniqueEmail('moved');
    const res = await p.client.patch(ME, { full_name: 'Dr. Mover', email: newEmail.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: p.email, pending_email: newEmail, full_name: 'Dr. Mover' });
    expect((await userRow(p.userId)).email).toBe(p.email);

    const link = await smtp.waitFor((m) => m.to.includes(newEmail));
    expect(link.subject).toBe('Confirm your new email address');
    const url = /https?:\/\/\S+\/api\/v2\/profile\/confirm-email\?token=[\w%-]+/.exec(link.text)?.[0];
    if (!url) throw new Error(`no link in ${link.text}`);
    const notice = await smtp.waitFor((m) => m.to.includes(p.email) && m.subject === 'Email change requested');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/https?:\/\//);
    // Only its hash is stored.
    const [row] = await server.ctx.db.select().from(emailChange).where(eq(emailChange.userId, p.userId));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(row?.tokenHash);

    // Opened in a browser that is not signed in: the token is the proof.
    const stranger = new HttpClient(server.url);
    const opened = await stranger.get(new URL(url).pathname + new URL(url).search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/profile?email=changed');
    expect(await userRow(p.userId)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await p.client.get(PROFILE)).body).toMatchObject({ email: newEmail, pending_email: null });
    const changed = await smtp.waitFor((m) => m.to.includes(p.email) && m.subject === 'Your email address was changed');
    expect(changed.text).toContain(newEmail);

    // The link works once.
    const again = await stranger.get(new URL(url).pathname + new URL(url).search);
    expect(again.headers.get('location')).toBe('/profile?email=invalid');
    // The account signs in with its new address.
    const fresh = new HttpClient(server.url);
    expect((await fresh.post('/api/auth/sign-in/email', { email: newEmail, password: 'correct-horse' })).status).toBe(
      200,
    );
  });

  it('an expired or mangled link changes nothing', async () => {
    const p = await person();
    const newEmail = uniqueEmail('late');
    expect((await p.client.patch(ME, { email: newEmail })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(newEmail));
    const url = new URL(/https?:\/\/\S+confirm-email\?token=[\w%-]+/.exec(mail.text)?.[0] ?? '');
    await server.ctx.db
      .update(emailChange)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChange.userId, p.userId));
    expect((await p.client.get(PROFILE)).body.pending_email).toBeNull();
    const res = await p.client.get(url.pathname + url.search);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile?email=invalid');
    expect((await userRow(p.userId)).email).toBe(p.email);
    for (const query of ['', '?token=short', `?token=${'x'.repeat(60)}`]) {
      const mangled = await p.client.get(`/api/v2/profile/confirm-email${query}`);
      expect(mangled.status).toBe(302);
      expect(mangled.headers.get('location')).toBe('/profile?email=invalid');
    }
  });

  it("refuses another account's address with 409 and changes nothing; the link loses to a sign-up in between", async () => {
    const [p, owner] = await Promise.all([person(), person()]);
    const sentBefore = smtp.messages.length;
    const res = await p.client.patch(ME, { full_name: 'Should Not Save', email: owner.email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'EMAIL_TAKEN', detail: PROFILE_MESSAGES.emailTaken });
    expect((await userRow(p.userId)).name).not.toBe('Should Not Save');
    expect(smtp.messages.slice(sentBefore).filter((m) => m.to.includes(owner.email))).toEqual([]);

    // Free when asked, taken before the link is opened: the link does nothing.
    const wanted = uniqueEmail('race');
    expect((await p.client.patch(ME, { email: wanted })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(wanted));
    await server.ctx.db.update(user).set({ email: wanted }).where(eq(user.id, owner.userId));
    const url = new URL(/https?:\/\/\S+confirm-email\?token=[\w%-]+/.exec(mail.text)?.[0] ?? '');
    expect((await p.client.get(url.pathname + url.search)).headers.get('location')).toBe('/profile?email=invalid');
    expect((await userRow(p.userId)).email).toBe(p.email);
  });

  it('limits email changes to five an hour per account', async () => {
    const p = await person();
    for (let i = 0; i < 5; i++) expect((await p.client.patch(ME, { email: uniqueEmail('many') })).status).toBe(200);
    const res = await p.client.patch(ME, { email: uniqueEmail('many') });
    expect(res.status).toBe(429);
    // Saving without an email change is not limited.
    expect((await p.client.patch(ME, { full_name: 'Still Saves', email: p.email })).status).toBe(200);
  });
});

describe('phone verification', () => {
  it('texts a code that verifies the phone; changing the phone un-verifies it', async () => {
    const p = await person();
    const noPhone = await p.client.post('/api/v2/profile/phone/code', {});
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toEqual({ code: 'PHONE_NUMBER_REQUIRED', detail: PROFILE_MESSAGES.smsNeedsPhone });

    const phone = fictionalPhone();
    await p.client.patch(ME, { phone_number: phone.typed });
    const sent = await p.client.post('/api/v2/profile/phone/code', {});
    expect(sent.status).toBe(200);
    expect(sent.body.phone_number).toBe(phone.e164);
    const expiresIn = Date.parse(sent.body.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
    const code = await codeTextedTo(phone.e164, 0);
    const sms = twilio.messages.find((m) => m.to === phone.e164);
    expect(sms?.body).toBe(`LicenseWatch code: ${code}. It expires in 10 minutes.`);
    const [row] = await server.ctx.db.select().from(phoneVerification).where(eq(phoneVerification.userId, p.userId));
    expect(row?.codeHash).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await p.client.post('/api/v2/profile/phone/verify', { code: wrong });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 'PHONE_CODE_WRONG', detail: PROFILE_MESSAGES.codeWrong });
    expect((await p.client.post('/api/v2/profile/phone/verify', { code: '12ab' })).status).toBe(400);

    const ok = await p.client.post('/api/v2/profile/phone/verify', { code });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ phone_number: phone.e164, phone_verified: true });
    expect((await userRow(p.userId)).phoneVerifiedAt).toBeInstanceOf(Date);
    // Used: the row is gone, the code does nothing more.
    expect((await p.client.post('/api/v2/profile/phone/verify', { code })).status).toBe(410);

    // The same number saved again stays verified; another one is not.
    expect((await p.client.patch(ME, { phone_number: phone.e164 })).body.phone_verified).toBe(true);
    const other = fictionalPhone();
    const changed = await p.client.patch(ME, { phone_number: other.typed });
    expect(changed.body).toMatchObject({ phone_number: other.e164, phone_verified: false });
    expect((await userRow(p.userId)).phoneVerifiedAt).toBeNull();
  });

  it('an expired code answers 410', async () => {
    const p = await person();
    const phone = fictionalPhone();
    await p.client.patch(ME, { phone_number: phone.e164 });
    expect((await p.client.post('/api/v2/profile/phone/code', {})).status).toBe(200);
    const code = await codeTextedTo(phone.e164, 0);
    await server.ctx.db
      .update(phoneVerification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(phoneVerification.userId, p.userId));
    const res = await p.client.post('/api/v2/profile/phone/verify', { code });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ code: 'PHONE_CODE_EXPIRED', detail: PROFILE_MESSAGES.codeExpired });
    expect((await p.client.get(PROFILE)).body.phone_verified).toBe(false);
  });

  it('five wrong codes kill the code, the right one included; a new code starts over', async () => {
    const p = await person();
    const phone = fictionalPhone();
    await p.client.patch(ME, { phone_number: phone.e164 });
    await p.client.post('/api/v2/profile/phone/code', {});
    const code = await codeTextedTo(phone.e164, 0);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expect((await p.client.post('/api/v2/profile/phone/verify', { code: wrong })).status).toBe(400);
    }
    const fifth = await p.client.post('/api/v2/profile/phone/verify', { code: wrong });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ code: 'PHONE_CODE_ATTEMPTS', detail: PROFILE_MESSAGES.codeTooManyAttempts });
    expect((await p.client.post('/api/v2/profile/phone/verify', { code })).status).toBe(429);
    expect((await p.client.get(PROFILE)).body.phone_verified).toBe(false);

    await p.client.post('/api/v2/profile/phone/code', {});
    const next = await codeTextedTo(phone.e164, 1);
    expect((await p.client.post('/api/v2/profile/phone/verify', { code: next })).body.phone_verified).toBe(true);
  });

  it('concurrent guesses share the five tries', async () => {
    const p = await person();
    const phone = fictionalPhone();
    await p.client.patch(ME, { phone_number: phone.e164 });
    await p.client.post('/api/v2/profile/phone/code', {});
    const code = await codeTextedTo(phone.e164, 0);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => p.client.post('/api/v2/profile/phone/verify', { code: g })));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
  });

  it('a code sent to the old number does not verify a new one; codes are limited per hour', async () => {
    const p = await person();
    const first = fictionalPhone();
    await p.client.patch(ME, { phone_number: first.e164 });
    await p.client.post('/api/v2/profile/phone/code', {});
    const code = await codeTextedTo(first.e164, 0);
    await p.client.patch(ME, { phone_number: fictionalPhone().e164 });
    expect((await p.client.post('/api/v2/profile/phone/verify', { code })).status).toBe(410);

    for (let i = 0; i < 4; i++) expect((await p.client.post('/api/v2/profile/phone/code', {})).status).toBe(200);
    const limited = await p.client.post('/api/v2/profile/phone/code', {});
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('calendar feed', () => {
  async function insertLicense(values: { number: string; expiry: string | null; status?: 'active' | 'suspended' }) {
    const [row] = await server.ctx.db
      .insert(license)
      .values({
        jurisdiction: 'WA',
        boardId: 'wa-md',
        licenseType: 'MD',
        licenseNumber: values.number,
        recordKey: values.number,
        firstName: 'Ada',
        lastName: 'Okafor',
        firstNorm: 'ada',
        lastNorm: 'okafor',
        status: values.status ?? 'active',
        expiryDate: values.expiry,
        sourceKind: 'socrata',
      })
      .returning({ id: license.id });
    if (!row) throw new Error('no license');
    return row.id;
  }

  async function insertReport(userId: string, licenses: { id: string; hidden?: boolean }[]) {
    const [row] = await server.ctx.db
      .insert(report)
      .values({
        workspaceId: userId,
        name: 'Ada Okafor',
        firstName: 'Ada',
        lastName: 'Okafor',
        licenseType: 'MD',
        states: ['WA'],
      })
      .returning({ id: report.id });
    if (!row) throw new Error('no report');
    for (const l of licenses) {
      await server.ctx.db.insert(reportLicense).values({
        reportId: row.id,
        licenseId: l.id,
        confidence: 1,
        matchReason: 'fixture',
        hiddenAt: l.hidden ? new Date() : null,
      });
    }
  }

  it('is valid RFC 5545 with one all-day event per tracked license, stable UIDs and a 6-week alarm', async () => {
    const p = await person();
    const suffix = crypto.randomUUID().slice(0, 8);
    const tracked = await insertLicense({ number: `MD-${suffix}-1`, expiry: '2027-03-31' });
    const suspended = await insertLicense({ number: `MD-${suffix}-2`, expiry: '2026-01-15', status: 'suspended' });
    const hidden = await insertLicense({ number: `MD-${suffix}-3`, expiry: '2027-05-01' });
    const noExpiry = await insertLicense({ number: `MD-${suffix}-4`, expiry: null });
    await insertReport(p.userId, [{ id: tracked }, { id: suspended }, { id: hidden, hidden: true }, { id: noExpiry }]);
    // The same license in a second report is still one event.
    await insertReport(p.userId, [{ id: tracked }]);

    const { calendar_url } = (await p.client.get(PROFILE)).body;
    const path = new URL(calendar_url).pathname;
    // A calendar app: no cookie, no Origin.
    const app = new HttpClient(server.url);
    const res = await app.raw(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();
    const { problems, events, calendar } = checkIcs(text);
    expect(problems).toEqual([]);
    expect(calendar.get('X-WR-CALNAME')).toBe('LicenseWatch license expiries');
    expect(calendar.get('PRODID')).toBe('-//LicenseWatch//License expiries//EN');
    expect(events).toHaveLength(2);
    const byUid = new Map(events.map((e) => [e.properties.get('UID'), e]));
    const host = new URL(server.url).hostname;
    const event = byUid.get(`license-${tracked}@${host}`);
    expect(event?.properties.get('DTSTART;VALUE=DATE')).toBe('20270331');
    expect(event?.properties.get('DTEND;VALUE=DATE')).toBe('20270401');
    expect(icsText(event?.properties.get('SUMMARY'))).toBe(`MD license WA #MD-${suffix}-1 expires — Dr. Ada Okafor`);
    const description = icsText(event?.properties.get('DESCRIPTION'));
    expect(description).toContain('Status: Active');
    expect(description).toMatch(/Board: .+\nRenew at: https:\/\//);
    expect(icsText(byUid.get(`license-${suspended}@${host}`)?.properties.get('DESCRIPTION'))).toContain(
      'Status: Suspended',
    );

    // Fetched again (a calendar app polling): the same UIDs, so events update instead of doubling.
    const withoutSuffix = await app.raw(path.replace(/\.ics$/, ''));
    expect(withoutSuffix.status).toBe(200);
    const again = checkIcs(await withoutSuffix.text());
    expect(again.events.map((e) => e.properties.get('UID')).sort()).toEqual([...byUid.keys()].sort());
  });

  it('regenerating stops the old URL at once; unknown tokens and deactivated owners answer 404', async () => {
    const p = await person();
    const old = new URL((await p.client.get(PROFILE)).body.calendar_url).pathname;
    const regenerated = await p.client.post('/api/v2/profile/calendar', {});
    expect(regenerated.status).toBe(200);
    const fresh = new URL(regenerated.body.calendar_url).pathname;
    expect(fresh).not.toBe(old);
    const app = new HttpClient(server.url);
    expect((await app.raw(old)).status).toBe(404);
    const ok = await app.raw(fresh);
    expect(ok.status).toBe(200);
    expect(checkIcs(await ok.text()).problems).toEqual([]);
    expect((await app.get('/api/v2/calendar/not-a-token.ics')).body).toMatchObject({ code: 'NOT_FOUND' });
    await setUserActive(server.ctx.db, { email: p.email }, false);
    expect((await app.raw(fresh)).status).toBe(404);
  });
});
