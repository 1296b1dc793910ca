import { KNOWN_SETTINGS } from '@licensewatch/shared/settings';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/modules/accounts/create-user.ts';
import { session, user } from '../src/modules/accounts/tables.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { sendEmail } from '../src/platform/mail/send-email.ts';
import { resumeOutboundMessages } from '../src/platform/outbox/resume-outbound-messages.ts';
import { outboundMessage } from '../src/platform/outbox/tables.ts';
import { appSetting } from '../src/platform/settings/tables.ts';
import { signUpBody, uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { type OAuthStandIn, startOAuthStandIn } from './support/oauth-stand-in.ts';
import { type SmtpReceiver, startSmtpReceiver } from './support/smtp-receiver.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let smtp: SmtpReceiver;
let idp: OAuthStandIn;
let server: TestServer;
let admin: Person;
let customer: Person;
beforeAll(async () => {
  [smtp, idp] = await Promise.all([startSmtpReceiver(), startOAuthStandIn()]);
  server = await startTestServer({ SMTP_URL: smtp.url, ...idp.env });
  idp.allowRedirectUri(`${server.url}/api/auth/callback/google`);
  [admin, customer] = await Promise.all([signedInPerson(server, 'admin'), signedInPerson(server)]);
});
afterAll(async () => {
  await server?.close();
  await idp?.close();
  await smtp?.stop();
});

const DEFAULTS = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([key, s]) => [key, s.default]));

// Tests share the server: each puts back what it changed.
afterEach(async () => {
  for (const [key, value] of Object.entries(DEFAULTS)) {
    expect((await admin.client.patch(`/api/v2/admin/settings/${key}`, { value })).status).toBe(200);
  }
});

/** Signs up and follows the emailed link (this server sends over SMTP, not to the dev outbox). */
async function signUpThroughSmtp(client: HttpClient) {
  const email = uniqueEmail('signup');
  expect((await client.post('/api/auth/sign-up/email', signUpBody(email))).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email));
  const link = new URL(/(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '');
  expect((await client.get(link.pathname + link.search)).status).toBe(302);
}

const patch = (key: string, value: unknown) => admin.client.patch(`/api/v2/admin/settings/${key}`, { value });

describe('the settings list', () => {
  it('answers every setting, the known ones first in their documented order, booleans as booleans', async () => {
    const answer = await admin.client.get('/api/v2/admin/settings/');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(answer.body).slice(0, 5)).toEqual([
      'application_name',
      'default_user_role',
      'user_registration_enabled',
      'email_notifications_enabled',
      'session_timeout_minutes',
    ]);
    expect(answer.body.user_registration_enabled).toMatchObject({ value: true, description: expect.any(String) });
    expect(answer.body.session_timeout_minutes.value).toBe('10080');
    expect(Date.parse(answer.body.application_name.updated_at)).not.toBeNaN();
  });

  it('is for administrators only', async () => {
    expect((await customer.client.get('/api/v2/admin/settings/')).status).toBe(403);
    expect((await customer.client.patch('/api/v2/admin/settings/application_name', { value: 'Mine' })).status).toBe(
      403,
    );
    expect((await new HttpClient(server.url).get('/api/v2/admin/settings/')).status).toBe(401);
  });
});

describe('changing a setting', () => {
  it('answers the setting, stores it and records it in the audit log in the same change', async () => {
    const answer = await patch('session_timeout_minutes', 90);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ key: 'session_timeout_minutes', value: '90' });
    const text = await patch('session_timeout_minutes', ' 120 ');
    expect(text.body.value).toBe('120');
    const flag = await patch('email_notifications_enabled', false);
    expect(flag.body).toMatchObject({ key: 'email_notifications_enabled', value: false });

    const rows = await server.ctx.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'setting.update'), eq(adminAudit.targetId, 'session_timeout_minutes')))
      .orderBy(adminAudit.createdAt);
    const changes = rows.map((r) => [r.before, r.after]);
    expect(changes).toContainEqual([{ value: '10080' }, { value: '90' }]);
    expect(changes).toContainEqual([{ value: '90' }, { value: '120' }]);
    expect(rows.at(-1)).toMatchObject({
      actorEmail: admin.email,
      targetType: 'setting',
      targetLabel: 'session_timeout_minutes',
    });
  });

  it.each([
    ['user_registration_enabled', 'false', /true or false/],
    ['user_registration_enabled', 1, /true or false/],
    ['session_timeout_minutes', '0', /whole number from 1 to 525,600/],
    ['session_timeout_minutes', 1.5, /whole number/],
    ['session_timeout_minutes', 'soon', /whole number/],
    ['session_timeout_minutes', 600_000, /whole number/],
    ['session_timeout_minutes', true, /whole number/],
    ['default_user_role', 'owner', /must be user/],
    // Anyone may sign up, so the default role of a sign-up would hand the admin area to anyone.
    ['default_user_role', 'admin', /sign-up cannot be made an administrator.*users:create --role admin/],
    ['application_name', '   ', /1 to 100 characters/],
    ['application_name', 'x'.repeat(101), /1 to 100 characters/],
  ])('refuses %s = %j with 400 and changes nothing', async (key, value, detail) => {
    const before = (await admin.client.get('/api/v2/admin/settings/')).body[key];
    const answer = await patch(key, value);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', detail: expect.stringMatching(detail) });
    expect((await admin.client.get('/api/v2/admin/settings/')).body[key]).toEqual(before);
  });

  it('answers 404 for a setting that does not exist', async () => {
    const answer = await patch('no_such_setting', 'x');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
  });
});

describe('application_name', () => {
  it('is what the public settings call answers, at once', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get('/api/v2/app-settings')).body).toEqual({
      application_name: 'LicenseWatch',
      user_registration_enabled: true,
      // No Google or Airtable account here: a report offers neither.
      report_exports: { google_sheets: false, airtable: false },
    });
    await patch('application_name', '  Acme Licenses ');
    expect((await anonymous.get('/api/v2/app-settings')).body.application_name).toBe('Acme Licenses');
  });

  it('names the application in the emails', async () => {
    await patch('application_name', 'Acme Licenses');
    const client = new HttpClient(server.url);
    const email = uniqueEmail('brand');
    expect((await client.post('/api/auth/sign-up/email', signUpBody(email))).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Confirm your Acme Licenses account');
    // The layout's header and the template's text; the From name is EMAIL_FROM, the operator's own.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Acme Licenses');
      expect(part).not.toContain('LicenseWatch');
    }
  });
});

describe('user_registration_enabled', () => {
  it('off: sign-up answers 403 REGISTRATION_DISABLED, existing users still sign in; on again: sign-up works', async () => {
    await patch('user_registration_enabled', false);
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get('/api/v2/app-settings')).body.user_registration_enabled).toBe(false);
    const refused = await anonymous.post('/api/auth/sign-up/email', signUpBody(uniqueEmail('closed')));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'REGISTRATION_DISABLED',
      detail: expect.stringMatching(/not being accepted/),
    });
    const existing = new HttpClient(server.url);
    expect(
      (await existing.post('/api/auth/sign-in/email', { email: customer.email, password: 'correct-horse' })).status,
    ).toBe(200);

    await patch('user_registration_enabled', true);
    await signUpThroughSmtp(new HttpClient(server.url));
  });

  it('off: a new Google account is refused, a returning Google user still signs in', async () => {
    const returning = { sub: '120000000000000000001', email: uniqueEmail('g-old'), name: 'Dr. Old', picture: '' };
    idp.signInAs(returning);
    expect((await googleSignIn()).location).toBe('/dashboard');

    await patch('user_registration_enabled', false);
    idp.signInAs({ sub: '120000000000000000002', email: uniqueEmail('g-new'), name: 'Dr. New', picture: '' });
    const refused = await googleSignIn();
    expect(refused.location).toMatch(/^\/login\?error=REGISTRATION_DISABLED(&|$)/);
    expect(refused.signedIn).toBe(false);
    expect(await server.ctx.db.select().from(user).where(eq(user.name, 'Dr. New'))).toEqual([]);

    idp.signInAs(returning);
    const again = await googleSignIn();
    expect(again.location).toBe('/dashboard');
    expect(again.signedIn).toBe(true);
  });
});

async function googleSignIn() {
  const client = new HttpClient(server.url);
  const start = await client.post('/api/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/dashboard',
    errorCallbackURL: '/login',
    newUserCallbackURL: '/dashboard',
  });
  expect(start.status).toBe(200);
  const res = await fetch(start.body.url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  const callback = await client.get(back.pathname + back.search);
  const me = await client.get('/api/v2/auth/me');
  return { location: callback.headers.get('location'), signedIn: me.status === 200 };
}

describe('default_user_role', () => {
  it('never makes a sign-up an administrator, even if admin was stored before it was refused', async () => {
    // A value an older version accepted, still in the table.
    await server.ctx.db
      .insert(appSetting)
      .values({ key: 'default_user_role', value: 'admin' })
      .onConflictDoUpdate({ target: appSetting.key, set: { value: 'admin' } });
    const client = new HttpClient(server.url);
    await signUpThroughSmtp(client);
    expect((await client.get('/api/v2/auth/me')).body.user_metadata.role).toBe('user');
  });

  it('is the role of a new sign-up, not of an account the CLI creates with its own role', async () => {
    expect((await patch('default_user_role', 'user')).status).toBe(200);
    const cli = await createUser(server.ctx.auth, server.ctx.db, {
      email: uniqueEmail('cli'),
      password: 'correct-horse',
      role: 'admin',
    });
    const [row] = await server.ctx.db.select({ role: user.role }).from(user).where(eq(user.id, cli.id));
    expect(row?.role).toBe('admin');

    const later = new HttpClient(server.url);
    await signUpThroughSmtp(later);
    expect((await later.get('/api/v2/auth/me')).body.user_metadata.role).toBe('user');
  });
});

describe('session_timeout_minutes', () => {
  async function sessionOf(person: Person) {
    const [row] = await server.ctx.db.select().from(session).where(eq(session.userId, person.userId));
    if (!row) throw new Error('no session');
    return row;
  }
  const ageSession = (person: Person, seconds: number) =>
    server.ctx.db
      .update(session)
      .set({ updatedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(session.userId, person.userId));

  it('refuses a session unused for longer than the timeout, and slides one in use', async () => {
    expect((await patch('session_timeout_minutes', '1')).status).toBe(200);

    const idle = await signedInPerson(server);
    await ageSession(idle, 120);
    expect((await idle.client.get('/api/v2/auth/me')).status).toBe(401);
    expect((await idle.client.get('/api/v2/auth/session')).body).toEqual({ user: null });

    const fresh = await signedInPerson(server);
    const created = await sessionOf(fresh);
    // A new session lasts the timeout, not better-auth's week.
    expect(created.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    expect((await fresh.client.get('/api/v2/auth/me')).status).toBe(200);

    await ageSession(fresh, 40);
    const used = await fresh.client.get('/api/v2/auth/me');
    expect(used.status).toBe(200);
    expect(used.headers.getSetCookie().join()).toMatch(/session_token=.*Max-Age=60/);
    const touched = await sessionOf(fresh);
    expect(Date.now() - touched.updatedAt.getTime()).toBeLessThan(10_000);
    expect(touched.expiresAt.getTime()).toBeGreaterThan(created.expiresAt.getTime());
    // The re-sent cookie is the same session.
    expect((await fresh.client.get('/api/v2/auth/me')).status).toBe(200);
  });

  it('ends idle sessions at once when lowered, and not a session in use', async () => {
    const person = await signedInPerson(server);
    await ageSession(person, 30 * 60);
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    await ageSession(person, 30 * 60);
    await patch('session_timeout_minutes', 20);
    expect((await person.client.get('/api/v2/auth/me')).status).toBe(401);
  });
});

describe('email_notifications_enabled', () => {
  async function statusOf(id: string) {
    const [m] = await server.ctx.db.select().from(outboundMessage).where(eq(outboundMessage.id, id));
    return m?.status;
  }
  async function waitForStatus(id: string, status: string) {
    for (let i = 0; i < 200 && (await statusOf(id)) !== status; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await statusOf(id)).toBe(status);
  }

  it('off: alert emails wait and account emails go; on: the waiting ones are sent', async () => {
    await patch('email_notifications_enabled', false);
    const alertTo = uniqueEmail('alert');
    const alertId = await sendEmail(server.ctx, {
      to: alertTo,
      subject: 'Your license status changed',
      body: (await import('react')).createElement('p', null, 'A change'),
      kind: 'alert',
    });
    if (!alertId) throw new Error('not stored');
    const reset = await new HttpClient(server.url).post('/api/auth/request-password-reset', {
      email: customer.email,
      redirectTo: '/reset-password',
    });
    expect(reset.status).toBe(200);
    await smtp.waitFor((m) => m.to.includes(customer.email) && /Reset/.test(m.subject));
    await waitForStatus(alertId, 'paused');

    await patch('email_notifications_enabled', true);
    await resumeOutboundMessages(server.ctx);
    await smtp.waitFor((m) => m.to.includes(alertTo));
    await waitForStatus(alertId, 'sent');
  });
});
