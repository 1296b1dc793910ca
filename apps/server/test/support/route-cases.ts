import { monthOf } from '@licensewatch/shared/compliance';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createUser } from '../../src/modules/accounts/create-user.ts';
import { AUTH_ENDPOINTS } from '../../src/modules/accounts/http/auth-endpoints.ts';
import { session, user } from '../../src/modules/accounts/tables.ts';
import { exclusion, exclusionMatch } from '../../src/modules/exclusions/tables.ts';
import { license } from '../../src/modules/licensing/tables.ts';
import { invitationToken } from '../../src/modules/organisations/invitations/invitation-link.ts';
import { organisationInvitation, organisationMember, rosterImport } from '../../src/modules/organisations/tables.ts';
import { assignPlan } from '../../src/modules/plans/assign-plan.ts';
import { grantTemporaryCredits } from '../../src/modules/plans/grant-temporary-credits.ts';
import {
  manualVerification,
  manualVerificationEvidence,
  report,
  reportCandidate,
  reportLicense,
  rosterView,
} from '../../src/modules/reports/tables.ts';
import { createWebhookEndpoint } from '../../src/modules/webhooks/endpoints/create-webhook-endpoint.ts';
import { webhookDelivery } from '../../src/modules/webhooks/tables.ts';
import { listRoutes } from '../../src/platform/http/route-table.ts';
import { uniqueEmail } from './accounts.ts';
import type { HttpClient } from './http-client.ts';
import { type Cast, castIdentities, type Identity, type Person, signedInPerson } from './identities.ts';
import { type NppesStandIn, startNppesStandIn } from './nppes-stand-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { totpNow } from './totp.ts';
import { TWILIO_TEST } from './twilio-stand-in.ts';

/**
 * Every route of the app, once, with a request that reaches it and what each identity must hear.
 * The cross-site and authorization tests replay this table; both fail when a route exists without
 * a row here (or a row without its route), so a new route cannot skip either question.
 */

/** How a route knows who is calling. */
export type RouteAuth =
  /** Anyone; the session cookie, if sent, is ignored. */
  | 'public'
  /** The session cookie: a signed-in, active user. */
  | 'session'
  /** A signature over the body (Stripe's and Twilio's webhooks). */
  | 'signature'
  /** The built-in test payment provider: its API (a bearer key our server holds) and hosted pages. */
  | 'test-provider'
  /** The search API: the customer's API key; a session cookie authenticates nothing there. */
  | 'api-key';

export type Fixture = {
  server: TestServer;
  cast: Cast;
  /** A report of `user`'s, with one license attached. */
  reportId: string;
  reportLicenseId: string;
};

export type CaseRequest = { path: string; body?: unknown; client?: HttpClient };

export type RouteCase = {
  method: string;
  /** The route as registered (`:id`, `*`); better-auth's endpoints are under /api/auth. */
  url: string;
  auth: RouteAuth;
  /** The request made for `identity` (its client unless `client` is given). */
  request: (f: Fixture, identity: Identity) => CaseRequest | Promise<CaseRequest>;
  expect: Record<Identity, number>;
  /** Takes a form-encoded body by design (the provider's form posts and API; `body` is sent so); every other route takes JSON only. */
  form?: true;
  /** Registered only when the web app is built (the SPA and its prerendered pages). */
  spa?: true;
};

const all = (status: number): Record<Identity, number> => ({
  anonymous: status,
  user: status,
  other: status,
  admin: status,
  deactivated: status,
  member: status,
  viewer: status,
});
/**
 * A signed-in route: 401 unless an active session; `user` and the others as given. `member` and
 * `viewer` work in `user`'s organisation, not in `user`'s own workspace: to `user`'s own things they
 * are others; `inOrganisation` gives them their own answers where the workspace they work in counts.
 */
const signedIn = (
  user: number,
  others = user,
  inOrganisation: { member?: number; viewer?: number } = {},
): Record<Identity, number> => ({
  anonymous: 401,
  user,
  other: others,
  admin: others,
  deactivated: 401,
  member: inOrganisation.member ?? others,
  viewer: inOrganisation.viewer ?? others,
});
/** An admin route (/api/v2/admin/*): 401 without an active session, 403 for anyone but an administrator. */
const adminOnly = (admin: number): Record<Identity, number> => ({
  anonymous: 401,
  user: 403,
  other: 403,
  admin,
  deactivated: 401,
  member: 403,
  viewer: 403,
});
/**
 * An organisation route about `user`'s organisation: its owner (`user`) and admin (`member`) as
 * given, its viewer as given, and 404 for anyone not a member (`other`, `admin`): not told it exists.
 */
const organisationRoute = (owner: number, viewer = owner, admin = owner): Record<Identity, number> => ({
  anonymous: 401,
  user: owner,
  other: 404,
  admin: 404,
  deactivated: 401,
  member: admin,
  viewer,
});
const fixed = (path: string, body?: unknown) => () => ({ path, body });

/** A saved roster view of `user`'s in their own workspace, straight into the table. */
async function insertRosterView(f: Fixture): Promise<string> {
  const [row] = await f.server.ctx.db
    .insert(rosterView)
    .values({
      workspaceId: f.cast.user.userId,
      userId: f.cast.user.userId,
      name: `Matrix ${crypto.randomUUID()}`,
      query: 'status=expired',
    })
    .returning({ id: rosterView.id });
  if (!row) throw new Error('no roster view');
  return row.id;
}

/** A second session of `user`'s, straight into the table: a device they are signed in on. */
async function insertSession(f: Fixture): Promise<string> {
  const id = crypto.randomUUID();
  await f.server.ctx.db.insert(session).values({
    id,
    token: crypto.randomUUID(),
    userId: f.cast.user.userId,
    expiresAt: new Date(Date.now() + 86_400_000),
    userAgent: 'Matrix/1.0',
  });
  return id;
}

/** A customer of no one else's test, for a row whose request deletes its target. */
async function customerToDelete(server: TestServer): Promise<string> {
  const { id } = await createUser(server.ctx.auth, server.ctx.db, {
    email: uniqueEmail('doomed'),
    password: 'correct-horse',
    verified: true,
  });
  return id;
}

const ROSTER_UPLOAD = {
  fileName: 'roster.csv',
  content: Buffer.from('First name,Last name,License type,States\nAda,Okafor,MD,OR\n').toString('base64'),
};

const REPORT_BODY = { firstName: 'Ada', lastName: 'Okafor', licenseType: 'MD', states: ['Oregon'] };

/** A 1×1 PNG: evidence any check of its type and size accepts. */
const EVIDENCE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const MANUAL_VERIFICATION_BODY = {
  state: 'Oregon',
  license_number: 'MD-MATRIX-HAND',
  board_status_text: 'Active',
  status: 'active',
  checked_on: new Date().toISOString().slice(0, 10),
  evidence: { file_name: 'board.png', content: EVIDENCE_PNG.toString('base64') },
};

/** A fresh report of `person`'s, straight into the table: for calls that consume one. */
async function insertReport(server: TestServer, person: Person): Promise<string> {
  const [row] = await server.ctx.db
    .insert(report)
    .values({
      workspaceId: person.userId,
      name: 'Fixture',
      firstName: 'Ada',
      lastName: 'Okafor',
      licenseType: 'MD',
      states: ['OR'],
    })
    .returning({ id: report.id });
  if (!row) throw new Error('no report');
  return row.id;
}

const authEndpoint = (path: string) => `/api/auth${path}`;

/** A 6-digit code the person's authenticator app does not show in the accepted window (now ± 30 s). */
function wrongCodeFor(person: Person): string {
  const now = Date.now();
  const shown = new Set([-30_000, 0, 30_000].map((skew) => totpNow(person.totpSecret ?? '', now + skew)));
  let code = 0;
  while (shown.has(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}

/** Nothing listens there: a test event sent to it fails at once, and nothing leaves the machine. */
const WEBHOOK_FIXTURE_URL = 'http://127.0.0.1:9/matrix-hook';

export const ROUTE_CASES: RouteCase[] = [
  // System
  { method: 'GET', url: '/healthz', auth: 'public', request: fixed('/healthz'), expect: all(200) },
  // The test client is not on loopback as far as the app knows (X-Forwarded-For), and has no token.
  { method: 'GET', url: '/metrics', auth: 'public', request: fixed('/metrics'), expect: all(401) },
  {
    method: 'GET',
    url: '/api/openapi.json',
    auth: 'public',
    request: fixed('/api/openapi.json'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/asyncapi.json',
    auth: 'public',
    request: fixed('/api/asyncapi.json'),
    expect: all(200),
  },

  // Accounts (our routes)
  {
    method: 'POST',
    url: '/api/v1/auth/check-user',
    auth: 'public',
    request: fixed('/api/v1/auth/check-user', { email: 'nobody-matrix@example.com', password: 'whatever' }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/v1/auth/verify-reset-code',
    auth: 'public',
    request: fixed('/api/v1/auth/verify-reset-code', { email: 'nobody-matrix@example.com', code: 'nope' }),
    expect: all(200),
  },
  // What every page shows of the operator's settings: the same for anyone.
  {
    method: 'GET',
    url: '/api/v2/app-settings',
    auth: 'public',
    request: fixed('/api/v2/app-settings'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/v1/auth/providers',
    auth: 'public',
    request: fixed('/api/v1/auth/providers'),
    expect: all(200),
  },
  { method: 'GET', url: '/api/v2/auth/me', auth: 'session', request: fixed('/api/v2/auth/me'), expect: signedIn(200) },
  {
    method: 'GET',
    url: '/api/v2/auth/sessions',
    auth: 'session',
    request: fixed('/api/v2/auth/sessions'),
    expect: signedIn(200),
  },
  // Another session of `user`'s, made for the request: only `user` may sign it out; to anyone else it does not exist.
  {
    method: 'DELETE',
    url: '/api/v2/auth/sessions/:id',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/auth/sessions/${await insertSession(f)}` }),
    expect: signedIn(200, 404),
  },
  // Signed out (or deactivated) is the answer { user: null }, not an error.
  {
    method: 'GET',
    url: '/api/v2/auth/session',
    auth: 'public',
    request: fixed('/api/v2/auth/session'),
    expect: all(200),
  },

  // better-auth (AUTH_ENDPOINTS)
  {
    method: 'POST',
    url: authEndpoint('/sign-in/email'),
    auth: 'public',
    request: () => ({
      path: authEndpoint('/sign-in/email'),
      body: { email: uniqueEmail('ghost'), password: 'not-it' },
    }),
    expect: all(401),
  },
  {
    method: 'POST',
    url: authEndpoint('/sign-up/email'),
    auth: 'public',
    request: () => ({
      path: authEndpoint('/sign-up/email'),
      body: {
        email: uniqueEmail('matrix'),
        password: 'correct-horse',
        name: 'Matrix Person',
        organization: null,
        userType: 'individual_physician',
        apiUsageInfo: null,
      },
    }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: authEndpoint('/sign-in/social'),
    auth: 'public',
    // Google is not configured on the test server: better-auth knows no such provider.
    request: fixed(authEndpoint('/sign-in/social'), { provider: 'google', callbackURL: '/dashboard' }),
    expect: all(404),
  },
  {
    method: 'GET',
    url: authEndpoint('/callback/:id'),
    auth: 'public',
    // No state: better-auth sends the browser to the error page (our /login).
    request: fixed(authEndpoint('/callback/google')),
    expect: all(302),
  },
  {
    method: 'GET',
    url: authEndpoint('/verify-email'),
    auth: 'public',
    request: fixed(`${authEndpoint('/verify-email')}?token=not-a-token`),
    expect: all(401),
  },
  {
    method: 'POST',
    url: authEndpoint('/sign-out'),
    auth: 'session',
    // Signing the cast out would end the sessions every later row needs: a fresh person of the
    // same kind signs out instead.
    request: async (f, identity) =>
      identity === 'anonymous' || identity === 'deactivated'
        ? { path: authEndpoint('/sign-out'), body: {} }
        : {
            path: authEndpoint('/sign-out'),
            body: {},
            client: (await signedInPerson(f.server, identity === 'admin' ? 'admin' : 'user')).client,
          },
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: authEndpoint('/request-password-reset'),
    auth: 'public',
    request: () => ({ path: authEndpoint('/request-password-reset'), body: { email: uniqueEmail('forgot') } }),
    expect: all(200),
  },
  {
    method: 'POST',
    url: authEndpoint('/reset-password'),
    auth: 'public',
    request: fixed(authEndpoint('/reset-password'), { token: 'not-a-token', newPassword: 'brand-new-pass' }),
    expect: all(400),
  },
  {
    method: 'GET',
    url: authEndpoint('/get-session'),
    auth: 'session',
    request: fixed(authEndpoint('/get-session')),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: authEndpoint('/list-sessions'),
    auth: 'session',
    request: fixed(authEndpoint('/list-sessions')),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: authEndpoint('/update-user'),
    auth: 'session',
    request: fixed(authEndpoint('/update-user'), { name: 'Renamed Person' }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: authEndpoint('/change-password'),
    auth: 'session',
    // A wrong current password: reaching better-auth is the point, changing it is not.
    request: fixed(authEndpoint('/change-password'), { currentPassword: 'not-the-one', newPassword: 'brand-new-pass' }),
    expect: signedIn(400),
  },

  // Two-factor (ADR 038). A wrong password: reaching better-auth is the point, enrolling is not.
  {
    method: 'POST',
    url: authEndpoint('/two-factor/enable'),
    auth: 'session',
    request: fixed(authEndpoint('/two-factor/enable'), { password: 'not-the-one' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    url: authEndpoint('/two-factor/disable'),
    auth: 'session',
    request: fixed(authEndpoint('/two-factor/disable'), { password: 'not-the-one' }),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    url: authEndpoint('/two-factor/verify-totp'),
    auth: 'public',
    // Without a session or a sign-in's two_factor cookie: 401. Signed in without two-factor: 400
    // TOTP_NOT_ENABLED; the administrator has it, and a code no app shows is 401 INVALID_CODE.
    request: async (f, identity) => ({
      path: authEndpoint('/two-factor/verify-totp'),
      body: { code: identity === 'admin' ? wrongCodeFor(f.cast.admin) : '000000' },
    }),
    expect: { ...signedIn(400), admin: 401 },
  },
  {
    method: 'POST',
    url: authEndpoint('/two-factor/verify-backup-code'),
    auth: 'public',
    // As above, for backup codes: 400 BACKUP_CODES_NOT_ENABLED without two-factor.
    request: fixed(authEndpoint('/two-factor/verify-backup-code'), { code: 'abcde-fghij' }),
    expect: { ...signedIn(400), admin: 401 },
  },

  // Public information
  {
    method: 'GET',
    url: '/api/v2/states/available',
    auth: 'public',
    request: fixed('/api/v2/states/available'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/v2/states/status',
    auth: 'public',
    request: fixed('/api/v2/states/status'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/v2/notifications/captcha-config',
    auth: 'public',
    request: fixed('/api/v2/notifications/captcha-config'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/v2/notifications/contact-office',
    auth: 'public',
    request: fixed('/api/v2/notifications/contact-office'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/v2/notifications/captcha-challenge',
    auth: 'public',
    request: fixed('/api/v2/notifications/captcha-challenge'),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/v2/notifications/slack-notification',
    auth: 'public',
    // A captcha answer that does not verify: refused after validation, nothing stored.
    request: fixed('/api/v2/notifications/slack-notification', {
      full_name: 'Matrix Person',
      email: 'matrix@example.com',
      subject: 'Hello',
      message: 'A message long enough to pass validation.',
      captcha_token: 'not-a-solution',
    }),
    expect: all(400),
  },
  {
    method: 'GET',
    url: '/api/dev/outbox',
    auth: 'public',
    request: fixed('/api/dev/outbox?to=nobody@example.com'),
    expect: all(200),
  },
  {
    method: 'GET',
    url: '/api/dev/contact-messages',
    auth: 'public',
    request: fixed('/api/dev/contact-messages?email=nobody@example.com'),
    expect: all(200),
  },

  // Reports: `user`'s report is nobody else's (404, as for an id that does not exist).
  {
    method: 'GET',
    url: '/api/v1/reports/',
    auth: 'session',
    request: fixed('/api/v1/reports/'),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/v2/action-needed',
    auth: 'session',
    request: fixed('/api/v2/action-needed'),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/v2/reports/',
    auth: 'session',
    request: fixed('/api/v2/reports/', REPORT_BODY),
    // Everyone spends a credit of their own: Free's trial has one, `user` is on Enterprise.
    expect: signedIn(201, 201, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/events',
    auth: 'session',
    request: fixed('/api/v2/events?limit=5'),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/v2/reports/bulk',
    auth: 'session',
    request: fixed('/api/v2/reports/bulk', { reports: [REPORT_BODY] }),
    // The call answers 200 with each row's outcome; a viewer is refused the whole call.
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/',
    auth: 'session',
    request: fixed('/api/v2/reports/?limit=5'),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}`, body: { external_id: 'matrix-1' } }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v1/reports/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v1/reports/${f.reportId}` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'DELETE',
    url: '/api/v2/reports/:id',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/${await insertReport(f.server, f.cast.user)}` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/licenses',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/licenses` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/licenses/:licenseId/history',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/licenses/${f.reportLicenseId}/history` }),
    expect: signedIn(200, 404),
  },
  // Verification by hand. The fixture's server reads no boards, so no board of the report's state is
  // verified by hand: the owner's valid request reaches the operation and is refused with 409
  // (manual-verification.test.ts records them, with the simulator's boards wired in).
  {
    method: 'POST',
    url: '/api/v2/reports/:id/manual-verifications',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/manual-verifications`, body: MANUAL_VERIFICATION_BODY }),
    expect: signedIn(409, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/licenses/:licenseId/manual-verifications',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/licenses/${f.reportLicenseId}/manual-verifications` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/manual-verifications/:verificationId/evidence',
    auth: 'session',
    request: async (f) => ({
      path: `/api/v2/reports/${f.reportId}/manual-verifications/${await insertManualVerification(f)}/evidence`,
    }),
    expect: signedIn(200, 404),
  },
  // Before the PATCH below hides the fixture's only license: a hidden one is not verified.
  {
    method: 'POST',
    url: '/api/v2/reports/:id/verifications',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/verifications` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'POST',
    url: '/api/v2/reports/:id/licenses/:licenseId/verifications',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/licenses/${f.reportLicenseId}/verifications` }),
    expect: signedIn(200, 404),
  },
  // Public, by an id that exists for nobody: the same 404 for everyone (the found case is in license-verification.test.ts).
  {
    method: 'GET',
    url: '/api/v2/verifications/:id',
    auth: 'public',
    request: fixed('/api/v2/verifications/aaaaaaaaaaaaaaaaaaaaaaaaaa'),
    expect: all(404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/licenses/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/licenses/${f.reportLicenseId}` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/states',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/states` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/licenses/hidden',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/licenses/hidden` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/licenses/:id/restore',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/licenses/${f.reportLicenseId}/restore` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/candidates',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/candidates` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/candidates/:id/confirm',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/candidates/${await insertCandidate(f)}/confirm` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/candidates/:id/reject',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/candidates/${await insertCandidate(f)}/reject` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/candidates/:id/reopen',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/candidates/${await insertCandidate(f)}/reopen` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/exclusions',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/exclusions` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/exclusion-matches/:id/confirm',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/exclusion-matches/${await insertExclusionMatch(f)}/confirm` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/exclusion-matches/:id/dismiss',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/reports/exclusion-matches/${await insertExclusionMatch(f)}/dismiss` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/npi-suggestions',
    auth: 'session',
    // The owner's call reaches NPPES: the fixture's stand-in, which lists nobody (startRouteFixture).
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/npi-suggestions` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'PATCH',
    url: '/api/v2/reports/:id/npi',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/npi`, body: { npi: '1234567893' } }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/export.csv',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/export.csv` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/:id/export.xlsx',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/reports/${f.reportId}/export.xlsx` }),
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/states/update-status/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/states/update-status/${f.reportId}` }),
    expect: signedIn(200, 404),
  },

  // Plans and billing
  {
    method: 'GET',
    url: '/api/v2/stripe/prices',
    auth: 'public',
    request: fixed('/api/v2/stripe/prices'),
    expect: all(200),
  },
  {
    method: 'POST',
    url: '/api/v2/stripe/current-plan',
    auth: 'session',
    request: fixed('/api/v2/stripe/current-plan', {}),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/v2/stripe/update-trial-plan',
    auth: 'session',
    // `user` pays for Enterprise (no trial to switch); the others are in their Free trial.
    request: fixed('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'basic' }),
    expect: signedIn(403, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v1/stripe/create-checkout-session',
    auth: 'session',
    request: fixed('/api/v1/stripe/create-checkout-session', {
      priceId: 'price_test_growth',
      planType: 'business',
      planName: 'growth',
    }),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/stripe/portal-session',
    auth: 'session',
    request: fixed('/api/v2/stripe/portal-session'),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/stripe/switch-to-free',
    auth: 'session',
    // `user`'s Enterprise plan must survive this table: a fresh account on a paid plan switches.
    request: async (f, identity) => {
      if (identity !== 'user') return { path: '/api/v2/stripe/switch-to-free' };
      const person = await signedInPerson(f.server);
      await onPlan(f.server, person, 'premium');
      return { path: '/api/v2/stripe/switch-to-free', client: person.client };
    },
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v1/stripe/webhook',
    auth: 'signature',
    request: fixed('/api/v1/stripe/webhook', { id: 'evt_forged', type: 'invoice.paid' }),
    expect: all(400),
  },
  // Twilio's inbound SMS: its signature, never a cookie (sms-notices.test.ts has the signed requests).
  {
    method: 'POST',
    url: '/api/v2/sms/inbound',
    auth: 'signature',
    form: true,
    request: fixed('/api/v2/sms/inbound', { From: '+12065550100', Body: 'STOP' }),
    expect: all(403),
  },

  // The built-in test provider: its API wants the key our server holds; its pages know the session by id.
  ...['/test-stripe/v1/customers', '/test-stripe/v1/checkout/sessions', '/test-stripe/v1/billing_portal/sessions'].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      auth: 'test-provider',
      form: true,
      request: fixed(url, {}),
      expect: all(401),
    }),
  ),
  ...[
    '/test-stripe/v1/customers/:id',
    '/test-stripe/v1/checkout/sessions/:id',
    '/test-stripe/v1/subscriptions/:id',
  ].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      auth: 'test-provider',
      form: true,
      request: fixed(url.replace(':id', 'obj_missing')),
      expect: all(401),
    }),
  ),
  ...(['POST', 'DELETE'] as const).map(
    (method): RouteCase => ({
      method,
      url: '/test-stripe/v1/subscriptions/:id',
      auth: 'test-provider',
      form: true,
      request: fixed('/test-stripe/v1/subscriptions/sub_missing', method === 'POST' ? {} : undefined),
      expect: all(401),
    }),
  ),
  ...['/test-checkout/:id', '/test-portal/:id'].map(
    (url): RouteCase => ({
      method: 'GET',
      url,
      auth: 'test-provider',
      form: true,
      request: fixed(url.replace(':id', 'cs_missing')),
      expect: all(404),
    }),
  ),
  ...[
    '/test-checkout/:id/complete',
    '/test-checkout/:id/cancel',
    '/test-portal/:id/subscriptions/:subscriptionId/:action',
  ].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      auth: 'test-provider',
      form: true,
      request: fixed(
        url.replace(':id', 'cs_missing').replace(':subscriptionId', 'sub_missing').replace(':action', 'cancel'),
        {},
      ),
      expect: all(404),
    }),
  ),

  // Credentials (the API key)
  {
    method: 'GET',
    url: '/api/v1/credentials/',
    auth: 'session',
    request: fixed('/api/v1/credentials/'),
    expect: signedIn(200),
  },
  {
    method: 'PATCH',
    url: '/api/v1/credentials/',
    auth: 'session',
    request: fixed('/api/v1/credentials/'),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    url: '/api/v2/credentials/scopes',
    auth: 'session',
    request: fixed('/api/v2/credentials/scopes', { scopes: ['search', 'reports:read'] }),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/v2/credentials/history',
    auth: 'session',
    request: fixed('/api/v2/credentials/history'),
    expect: signedIn(200),
  },

  // The profile (modules/alerts): nobody in the cast has a phone or a waiting code.
  { method: 'GET', url: '/api/v2/profile', auth: 'session', request: fixed('/api/v2/profile'), expect: signedIn(200) },
  {
    method: 'PATCH',
    url: '/api/v1/auth/me',
    auth: 'session',
    request: fixed('/api/v1/auth/me', { full_name: 'Matrix Person', weekly_email_report: true }),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/v2/profile/phone/code',
    auth: 'session',
    request: fixed('/api/v2/profile/phone/code', {}),
    expect: signedIn(400),
  },
  {
    method: 'POST',
    url: '/api/v2/profile/phone/verify',
    auth: 'session',
    request: fixed('/api/v2/profile/phone/verify', { code: '123456' }),
    expect: signedIn(410),
  },
  {
    method: 'POST',
    url: '/api/v2/profile/calendar',
    auth: 'session',
    request: fixed('/api/v2/profile/calendar', {}),
    expect: signedIn(200),
  },
  // The emailed link: whoever opens it, an unknown token sends the browser to /profile?email=invalid.
  {
    method: 'GET',
    url: '/api/v2/profile/confirm-email',
    auth: 'public',
    request: fixed('/api/v2/profile/confirm-email?token=not-a-real-token-of-anyone'),
    expect: all(302),
  },
  // The calendar feed: the URL is the secret, a cookie opens nothing.
  {
    method: 'GET',
    url: '/api/v2/calendar/:token',
    auth: 'public',
    request: fixed('/api/v2/calendar/not-a-calendar-token.ics'),
    expect: all(404),
  },

  // The search API: a session is no key, whoever holds it.
  ...[
    '/api/v1/medical/search-license/',
    '/api/v1/medical/search-license-by-state/',
    '/api/v1/medical/search-license-by-number/',
  ].map(
    (url): RouteCase => ({
      method: 'POST',
      url,
      auth: 'api-key',
      form: true,
      request: fixed(url, { First_Name: 'Ada', Last_Name: 'Okafor', License_Type: 'MD', State: 'Oregon' }),
      expect: all(401),
    }),
  ),
  {
    method: 'POST',
    url: '/api/v1/search-license-by-state',
    auth: 'api-key',
    request: fixed('/api/v1/search-license-by-state', {
      state_name: 'Oregon',
      first_name: 'Ada',
      last_name: 'Okafor',
      license_type: 'MD',
    }),
    expect: all(401),
  },
  ...[
    '/api/v1/search-license?name=Ada%20Okafor',
    '/api/v1/search-license-by-state?state=Oregon&name=Ada%20Okafor',
    '/api/v1/search-license-by-number?license_number=X1&state=Oregon',
  ].map(
    (path): RouteCase => ({
      method: 'GET',
      url: path.split('?')[0] as string,
      auth: 'api-key',
      request: fixed(path),
      expect: all(401),
    }),
  ),
  // The MCP server (ADR 042): every request needs the key, whatever session comes with it.
  ...['POST', 'GET', 'DELETE'].map(
    (method): RouteCase => ({
      method,
      url: '/mcp',
      auth: 'api-key',
      request: fixed('/mcp', method === 'POST' ? { jsonrpc: '2.0', id: 1, method: 'tools/list' } : undefined),
      expect: all(401),
    }),
  ),
  // The key owner's usage of the search API, read with the session (the calls themselves take the key).
  {
    method: 'GET',
    url: '/api/v2/api-usage',
    auth: 'session',
    request: fixed('/api/v2/api-usage'),
    expect: signedIn(200),
  },

  // Alerts: the one-click unsubscribe is authorised by the signed token in its link, never a cookie
  // (a forged one here); mail providers post RFC 8058's form body.
  {
    method: 'POST',
    url: '/api/v2/alerts/unsubscribe',
    auth: 'signature',
    form: true,
    request: fixed('/api/v2/alerts/unsubscribe?token=forged.weekly.not-a-signature', {
      'List-Unsubscribe': 'One-Click',
    }),
    expect: all(400),
  },

  // The admin area: administrators only, whatever the request.
  // Organisations (ADR 019): `user` owns the cast's organisation, `member` is its admin, `viewer`
  // its viewer; `other` and `admin` are not members and hear 404.
  {
    method: 'GET',
    url: '/api/v2/organisations/',
    auth: 'session',
    request: fixed('/api/v2/organisations/'),
    expect: signedIn(200),
  },
  // Creating switches the creator's session into the new organisation: a fresh person each time, so
  // the cast keeps working where it does (401s still come from the identity's own client).
  {
    method: 'POST',
    url: '/api/v2/organisations/',
    auth: 'session',
    request: async (f, identity) => ({
      path: '/api/v2/organisations/',
      body: { name: 'Another Clinic' },
      client:
        identity === 'anonymous' || identity === 'deactivated' ? undefined : (await signedInPerson(f.server)).client,
    }),
    expect: signedIn(201),
  },
  // Each identity asks for where it already works (so the table's later rows see no change); asking
  // for an organisation one is not a member of is 404.
  {
    method: 'PUT',
    url: '/api/v2/organisations/active',
    auth: 'session',
    request: (f, identity) => ({
      path: '/api/v2/organisations/active',
      body: { organisation_id: identity === 'user' ? null : f.cast.organisationId },
    }),
    expect: signedIn(200, 404, { member: 200, viewer: 200 }),
  },
  {
    method: 'PATCH',
    url: '/api/v2/organisations/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/organisations/${f.cast.organisationId}`, body: { name: 'Matrix Clinic' } }),
    expect: organisationRoute(200, 403),
  },
  {
    method: 'GET',
    url: '/api/v2/organisations/:id/members',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/organisations/${f.cast.organisationId}/members` }),
    expect: organisationRoute(200),
  },
  {
    method: 'POST',
    url: '/api/v2/organisations/:id/invitations',
    auth: 'session',
    request: (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/invitations`,
      body: { email: uniqueEmail('invitee'), role: 'viewer' },
    }),
    expect: organisationRoute(201, 403),
  },
  {
    method: 'DELETE',
    url: '/api/v2/organisations/:id/invitations/:invitationId',
    auth: 'session',
    request: async (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/invitations/${(await insertInvitation(f)).id}`,
    }),
    expect: organisationRoute(200, 403),
  },
  // The viewer's role set to what it is: nothing changes for the rows after.
  {
    method: 'PATCH',
    url: '/api/v2/organisations/:id/members/:userId',
    auth: 'session',
    request: (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/members/${f.cast.viewer.userId}`,
      body: { role: 'viewer' },
    }),
    expect: organisationRoute(200, 403),
  },
  {
    method: 'DELETE',
    url: '/api/v2/organisations/:id/members/:userId',
    auth: 'session',
    request: async (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/members/${await insertMember(f)}`,
    }),
    expect: organisationRoute(200, 403),
  },
  {
    method: 'POST',
    url: '/api/v2/organisations/:id/members/:userId/api-key',
    auth: 'session',
    request: async (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/members/${await insertMember(f)}/api-key`,
    }),
    expect: organisationRoute(200, 403),
  },
  // The owner "transferring" to themselves changes nothing; anyone else is refused.
  {
    method: 'POST',
    url: '/api/v2/organisations/:id/transfer',
    auth: 'session',
    request: (f) => ({
      path: `/api/v2/organisations/${f.cast.organisationId}/transfer`,
      body: { user_id: f.cast.user.userId },
    }),
    expect: organisationRoute(200, 403, 403),
  },
  // The link's token is the key: anyone holding it sees what it offers.
  {
    method: 'GET',
    url: '/api/v2/invitations/:invitationId',
    auth: 'public',
    request: async (f) => {
      const { id, token } = await insertInvitation(f);
      return { path: `/api/v2/invitations/${id}?token=${token}` };
    },
    expect: all(200),
  },
  // Sent to someone else's address: every signed-in caller is refused (accepting is tested in
  // organisations.test.ts; here it would move the caller's session into the organisation).
  {
    method: 'POST',
    url: '/api/v2/invitations/:invitationId/accept',
    auth: 'session',
    request: async (f) => {
      const { id, token } = await insertInvitation(f);
      return { path: `/api/v2/invitations/${id}/accept`, body: { token } };
    },
    expect: signedIn(403),
  },

  {
    method: 'GET',
    url: '/api/v2/admin/audit',
    auth: 'session',
    request: fixed('/api/v2/admin/audit?action=credits.add&page=1'),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/settings/',
    auth: 'session',
    request: fixed('/api/v2/admin/settings/'),
    expect: adminOnly(200),
  },
  // The name it already has: the other tests replaying this row see no change.
  {
    method: 'PATCH',
    url: '/api/v2/admin/settings/:key',
    auth: 'session',
    request: fixed('/api/v2/admin/settings/application_name', { value: 'LicenseWatch' }),
    expect: adminOnly(200),
  },
  // The fixture wires no license sources: past the role check, the admin's list names no known board (400).
  {
    method: 'POST',
    url: '/api/v2/admin/board-lists',
    auth: 'session',
    request: fixed('/api/v2/admin/board-lists', {
      board_id: 'ms-med',
      file_name: 'list.csv',
      content: Buffer.from('License #,Last,First,Status\n12345,ROE,JANE,Active\n').toString('base64'),
      delimiter: 'comma',
      columns: { license_number: 'License #', last_name: 'Last', first_name: 'First', status: 'Status' },
      license_type: 'either',
      date_format: 'mm/dd/yyyy',
      check_only: true,
    }),
    expect: adminOnly(400),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/dashboard',
    auth: 'session',
    request: fixed('/api/v2/admin/dashboard'),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/billing',
    auth: 'session',
    request: fixed('/api/v2/admin/billing?page=1&page_size=10'),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/organisations',
    auth: 'session',
    request: fixed('/api/v2/admin/organisations?q=matrix&page=1&page_size=10'),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/users',
    auth: 'session',
    request: fixed('/api/v2/admin/users?q=example&status=active&plan=free&page=1&page_size=10'),
    expect: adminOnly(200),
  },
  {
    method: 'GET',
    url: '/api/v2/admin/users/:id',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/admin/users/${f.cast.user.userId}` }),
    expect: adminOnly(200),
  },
  {
    method: 'PATCH',
    url: '/api/v2/admin/users/:id',
    auth: 'session',
    // Activating an active account: the change the row makes leaves the cast as it was.
    request: (f) => ({ path: `/api/v2/admin/users/${f.cast.user.userId}`, body: { is_active: true } }),
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    url: '/api/v2/admin/users/:id',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/admin/users/${await customerToDelete(f.server)}` }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/v2/admin/users/:id/temp-credits',
    auth: 'session',
    request: (f) => ({ path: `/api/v2/admin/users/${f.cast.user.userId}/temp-credits`, body: { credits: 1 } }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    url: '/api/v2/admin/users/:id/temp-credits/reduce',
    auth: 'session',
    request: async (f) => {
      // A credit to take back, so the administrator's request succeeds whatever ran before.
      await grantTemporaryCredits(f.server.ctx.db, { userId: f.cast.user.userId, credits: 1 });
      return { path: `/api/v2/admin/users/${f.cast.user.userId}/temp-credits/reduce`, body: { credits: 1 } };
    },
    expect: adminOnly(200),
  },

  // The roster view: every signed-in member reads the workspace they work in (a viewer too).
  {
    method: 'GET',
    url: '/api/v2/org/licenses',
    auth: 'session',
    request: fixed('/api/v2/org/licenses?expiring_within=60&sort=physician'),
    expect: signedIn(200),
  },
  {
    method: 'GET',
    url: '/api/v2/org/licenses/export',
    auth: 'session',
    request: fixed('/api/v2/org/licenses/export?format=csv&status=active'),
    expect: signedIn(200),
  },
  // The acting workspace's expiry windows: every member reads them; an organisation's viewer may not change them.
  {
    method: 'GET',
    url: '/api/v2/workspace/expiry-windows',
    auth: 'session',
    request: fixed('/api/v2/workspace/expiry-windows'),
    expect: signedIn(200),
  },
  {
    method: 'PUT',
    url: '/api/v2/workspace/expiry-windows',
    auth: 'session',
    request: () => ({
      path: '/api/v2/workspace/expiry-windows',
      body: { expiring_within_days: 42, notice_days: [90, 60, 30, 14, 7, 3, 0], expired_after_days: 3 },
    }),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  // Bulk actions on selected rows: a change, so a viewer is refused; another workspace's row is
  // answered as missing with 200 (no oracle), so everyone else who may change hears 200.
  {
    method: 'POST',
    url: '/api/v2/org/licenses/hide',
    auth: 'session',
    request: (f) => ({ path: '/api/v2/org/licenses/hide', body: { ids: [f.reportLicenseId] } }),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/org/licenses/refresh',
    auth: 'session',
    request: (f) => ({ path: '/api/v2/org/licenses/refresh', body: { ids: [f.reportLicenseId] } }),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  // Saved views: each user's own in the workspace they work in; saving changes no data, so a viewer saves too.
  {
    method: 'GET',
    url: '/api/v2/org/licenses/views',
    auth: 'session',
    request: fixed('/api/v2/org/licenses/views'),
    expect: signedIn(200),
  },
  {
    method: 'POST',
    url: '/api/v2/org/licenses/views',
    auth: 'session',
    request: fixed('/api/v2/org/licenses/views', { name: 'Matrix view', query: 'status=expiring&sort=physician' }),
    expect: signedIn(200),
  },
  {
    method: 'DELETE',
    url: '/api/v2/org/licenses/views/:id',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/org/licenses/views/${await insertRosterView(f)}` }),
    expect: signedIn(200, 404),
  },

  // The web app
  { method: 'GET', url: '/', auth: 'public', spa: true, request: fixed('/'), expect: all(200) },
  { method: 'GET', url: '/*', auth: 'public', spa: true, request: fixed('/dashboard'), expect: all(200) },
  // Webhooks (ADR 021): the acting workspace's owner and admins; `user` works in their own
  // workspace, so `member` (an admin of `user`'s organisation) meets `user`'s endpoint as another's.
  // The monthly compliance record: each identity's own acting workspace, its owner and admins (a
  // viewer of the organisation is refused); compliance-month.test.ts reads what it holds.
  {
    method: 'GET',
    url: '/api/v2/compliance/months/:month',
    auth: 'session',
    request: fixed(`/api/v2/compliance/months/${monthOf(new Date())}`),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/compliance/months/:month/export.csv',
    auth: 'session',
    request: fixed(`/api/v2/compliance/months/${monthOf(new Date())}/export.csv`),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/compliance/months/:month/statements',
    auth: 'session',
    request: fixed(`/api/v2/compliance/months/${monthOf(new Date())}/statements`),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/webhooks/endpoints',
    auth: 'session',
    request: fixed('/api/v2/webhooks/endpoints'),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/webhooks/endpoints',
    auth: 'session',
    request: fixed('/api/v2/webhooks/endpoints', { url: WEBHOOK_FIXTURE_URL, events: ['report.updated'] }),
    expect: signedIn(201, 201, { viewer: 403 }),
  },
  {
    method: 'PATCH',
    url: '/api/v2/webhooks/endpoints/:id',
    auth: 'session',
    request: async (f) => ({
      path: `/api/v2/webhooks/endpoints/${await webhookEndpointOf(f)}`,
      body: { description: 'Matrix' },
    }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'DELETE',
    url: '/api/v2/webhooks/endpoints/:id',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/webhooks/endpoints/${await webhookEndpointOf(f)}` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/webhooks/endpoints/:id/rotate-secret',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/webhooks/endpoints/${await webhookEndpointOf(f)}/rotate-secret` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/webhooks/endpoints/:id/test',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/webhooks/endpoints/${await webhookEndpointOf(f)}/test` }),
    expect: signedIn(201, 404, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/webhooks/endpoints/:id/deliveries',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/webhooks/endpoints/${await webhookEndpointOf(f)}/deliveries?page=1` }),
    expect: signedIn(200, 404, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/webhooks/deliveries/:id/replay',
    auth: 'session',
    request: async (f) => ({ path: `/api/v2/webhooks/deliveries/${await webhookDeliveryOf(f)}/replay` }),
    expect: signedIn(201, 404, { viewer: 403 }),
  },
  // Roster import (docs/data-flows.md, Roster import): into the acting workspace, a viewer refused; an import is its workspace's.
  {
    method: 'POST',
    url: '/api/v2/roster-imports/preview',
    auth: 'session',
    request: fixed('/api/v2/roster-imports/preview', ROSTER_UPLOAD),
    expect: signedIn(200, 200, { viewer: 403 }),
  },
  {
    method: 'POST',
    url: '/api/v2/roster-imports/',
    auth: 'session',
    request: fixed('/api/v2/roster-imports/', ROSTER_UPLOAD),
    expect: signedIn(202, 202, { viewer: 403 }),
  },
  {
    method: 'GET',
    url: '/api/v2/roster-imports/:id',
    auth: 'session',
    request: async (f) => {
      const [row] = await f.server.ctx.db
        .insert(rosterImport)
        .values({ workspaceId: f.cast.user.userId, fileName: 'roster.csv', rows: [] })
        .returning({ id: rosterImport.id });
      return { path: `/api/v2/roster-imports/${row?.id}` };
    },
    expect: signedIn(200, 404),
  },
  {
    method: 'GET',
    url: '/api/v2/reports/npi/:npi',
    auth: 'session',
    // A malformed NPI: answered before NPPES is asked, so the row needs no stand-in.
    request: fixed('/api/v2/reports/npi/1234567890'),
    expect: signedIn(400, 400, { viewer: 403 }),
  },
];

/** `user` on Enterprise (no limits in the way), or another plan, paid for a month. */
export async function onPlan(server: TestServer, person: Person, planName: 'enterprise' | 'premium' = 'enterprise') {
  await assignPlan(server.ctx.db, {
    userId: person.userId,
    planName,
    trial: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
    reason: 'plan-change',
  });
}

/** An Oregon MD license of `firstName` Okafor in the registry; returns its id. */
async function insertLicense(server: TestServer, licenseNumber: string, firstName: string): Promise<string> {
  const [row] = await server.ctx.db
    .insert(license)
    .values({
      jurisdiction: 'OR',
      boardId: 'or-md',
      licenseType: 'MD',
      licenseNumber,
      recordKey: licenseNumber,
      firstName,
      lastName: 'Okafor',
      firstNorm: firstName.toLowerCase(),
      lastNorm: 'okafor',
      status: 'active',
      sourceKind: 'html-lookup',
    })
    .returning({ id: license.id });
  if (!row) throw new Error('no license');
  return row.id;
}

/** A pending invitation of the cast's organisation, and its link's token. */
async function insertInvitation(f: Fixture): Promise<{ id: string; token: string }> {
  const id = crypto.randomUUID();
  const email = uniqueEmail('invited');
  const expiresAt = new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000);
  await f.server.ctx.db
    .insert(organisationInvitation)
    .values({ id, organisationId: f.cast.organisationId, email, role: 'viewer', expiresAt });
  return { id, token: invitationToken(f.server.ctx.invitationSecrets, { id, email, expiresAt }) };
}

/** A fresh viewer of the cast's organisation (straight into the tables: no password to hash), for calls that remove one. */
async function insertMember(f: Fixture): Promise<string> {
  const id = crypto.randomUUID();
  await f.server.ctx.db.insert(user).values({ id, name: 'Seat', email: uniqueEmail('seat') });
  await f.server.ctx.db
    .insert(organisationMember)
    .values({ organisationId: f.cast.organisationId, userId: id, role: 'viewer' });
  return id;
}

/** A fresh possible match on the fixture's report, straight into the table: for calls that decide one. */
async function insertCandidate(f: Fixture): Promise<string> {
  const licenseId = await insertLicense(f.server, `MD-MATRIX-${crypto.randomUUID()}`, 'A');
  const [candidate] = await f.server.ctx.db
    .insert(reportCandidate)
    .values({
      reportId: f.reportId,
      licenseId,
      state: 'OR',
      kind: 'near',
      confidence: 0.7,
      matchReason: 'first initial',
    })
    .returning({ id: reportCandidate.id });
  if (!candidate) throw new Error('no candidate');
  return candidate.id;
}

/** A verification by hand (with its evidence) of the fixture's license, by `user`'s workspace, straight into the tables. */
async function insertManualVerification(f: Fixture): Promise<string> {
  const [attached] = await f.server.ctx.db
    .select({ licenseId: reportLicense.licenseId })
    .from(reportLicense)
    .where(eq(reportLicense.id, f.reportLicenseId));
  if (!attached) throw new Error('no report license');
  const [row] = await f.server.ctx.db
    .insert(manualVerification)
    .values({
      licenseId: attached.licenseId,
      workspaceId: f.cast.user.userId,
      reportId: f.reportId,
      verifiedBy: f.cast.user.userId,
      verifiedByName: 'Matrix Person',
      checkedOn: MANUAL_VERIFICATION_BODY.checked_on,
      licenseNumber: 'MD-MATRIX-1',
      rawStatus: 'Active',
      status: 'active',
      evidenceName: 'board.png',
      evidenceType: 'image/png',
      evidenceSize: EVIDENCE_PNG.length,
      evidenceSha256: 'fixture',
    })
    .returning({ id: manualVerification.id });
  if (!row) throw new Error('no verification');
  await f.server.ctx.db.insert(manualVerificationEvidence).values({ verificationId: row.id, content: EVIDENCE_PNG });
  return row.id;
}

/** A possible (name-only) exclusion match on the fixture's report, with its LEIE entry. */
async function insertExclusionMatch(f: Fixture): Promise<string> {
  const [entry] = await f.server.ctx.db
    .insert(exclusion)
    .values({ source: 'leie', entryKey: `MATRIX|${crypto.randomUUID()}`, lastName: 'OKAFOR', exclType: '1128b4' })
    .returning({ id: exclusion.id });
  if (!entry) throw new Error('no exclusion');
  const [match] = await f.server.ctx.db
    .insert(exclusionMatch)
    .values({ reportId: f.reportId, exclusionId: entry.id, basis: 'name', status: 'possible' })
    .returning({ id: exclusionMatch.id });
  if (!match) throw new Error('no exclusion match');
  return match.id;
}

/** The identities, `user` on Enterprise with a report that has one license attached. */
export async function makeFixture(server: TestServer): Promise<Fixture> {
  const cast = await castIdentities(server);
  await onPlan(server, cast.user);
  const reportId = await insertReport(server, cast.user);
  const licenseId = await insertLicense(server, 'MD-MATRIX-1', 'Ada');
  const [attached] = await server.ctx.db
    .insert(reportLicense)
    .values({ reportId, licenseId, confidence: 1, matchReason: 'fixture' })
    .returning({ id: reportLicense.id });
  if (!attached) throw new Error('no report license');
  return { server, cast, reportId, reportLicenseId: attached.id };
}

/**
 * For a test file that replays the table: its server (without job workers) and fixture, started
 * before its tests and closed after them. Read them inside tests, once beforeAll has run.
 */
export function startRouteFixture(): { server: TestServer; fixture: Fixture } {
  const started = {} as { server: TestServer; fixture: Fixture };
  let nppes: NppesStandIn | undefined;
  beforeAll(async () => {
    // An NPPES that answers (listing nobody): the NPI suggestions' owner hears 200, others 404.
    nppes = await startNppesStandIn([]);
    // Twilio "configured" (at an address nothing listens on; no worker delivers anything here), so
    // its webhook answers what it would in production: a refused signature, not 503.
    started.server = await startTestServer(
      {
        TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: 'http://127.0.0.1:9',
        NPPES_API_URL: nppes.url,
      },
      { worker: false },
    );
    started.fixture = await makeFixture(started.server);
  });
  afterAll(async () => {
    await started.server?.close();
    await nppes?.close();
  });
  return started;
}

const key = (method: string, url: string) => `${method} ${url}`;

/** Routes without a row and rows without a route: both must be empty. */
export function compareWithRouteTable(server: TestServer): { unlisted: string[]; stale: string[] } {
  const hasSpa = listRoutes(server.app).some((r) => r.url === '/*');
  const registered = new Set(
    listRoutes(server.app)
      .filter((r) => r.url !== '/api/auth/*')
      .map((r) => key(r.method, r.url)),
  );
  for (const e of AUTH_ENDPOINTS) registered.add(key(e.method, e.path));
  const rows = new Set(ROUTE_CASES.filter((c) => hasSpa || !c.spa).map((c) => key(c.method, c.url)));
  return {
    unlisted: [...registered].filter((k) => !rows.has(k)),
    stale: [...rows].filter((k) => !registered.has(k)),
  };
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The row's request as a browser would send it: JSON, or a form for the routes that take forms. */
export function sendCase(
  client: HttpClient,
  row: RouteCase,
  path: string,
  body: unknown,
  headers: Record<string, string | undefined> = {},
) {
  if (!row.form || body === undefined) return client.request(row.method, path, body, headers);
  const form = new URLSearchParams(body as Record<string, string>).toString();
  return client.request(row.method, path, form, { 'content-type': 'application/x-www-form-urlencoded', ...headers });
}

/** A fresh webhook endpoint of `user`'s own workspace (a row may delete it). */
async function webhookEndpointOf(f: Fixture): Promise<string> {
  const created = await createWebhookEndpoint(f.server.ctx, f.cast.user.userId, {
    url: WEBHOOK_FIXTURE_URL,
    description: '',
    events: ['license.found'],
  });
  return created.id;
}

/** A delivery (already delivered) to a fresh endpoint of `user`'s. */
async function webhookDeliveryOf(f: Fixture): Promise<string> {
  const endpointId = await webhookEndpointOf(f);
  const [row] = await f.server.ctx.db
    .insert(webhookDelivery)
    .values({
      endpointId,
      eventType: 'webhook.test',
      eventId: 'webhook.test:matrix',
      dedupeKey: 'webhook.test:matrix',
      payload: { id: 'webhook.test:matrix', type: 'webhook.test', data: {} },
      status: 'delivered',
      nextAttemptAt: null,
    })
    .returning({ id: webhookDelivery.id });
  if (!row) throw new Error('no delivery');
  return row.id;
}
