import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@licensewatch/shared/accounts';
import type { OrganisationRole } from '@licensewatch/shared/organisations';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { createBatchedLookup } from '../../../platform/db/batched-lookup.ts';
import { queryPrepared } from '../../../platform/db/query-prepared.ts';
import { parseSetting } from '../../../platform/settings/read-setting.ts';
import type { Auth } from '../auth.ts';

/** The organisation a session works in, as its member sees it (ADR 019). */
export type ActiveOrganisation = { id: string; name: string; role: OrganisationRole };

/**
 * The signed-in user as routes see it; only ever an active one. `organisation` is the one the
 * session works in while the user is still its member, else null (their own workspace).
 */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  phoneNumber: string | null;
  /** TOTP confirms this account's password sign-ins (ADR 038); the admin area requires it. */
  twoFactorEnabled: boolean;
  /** This session passed a second factor (a TOTP or backup code); the admin area requires that too. */
  secondFactor: boolean;
  organisation: ActiveOrganisation | null;
  sessionToken: string;
};

/** The active user whose session cookie came with the request, or null (no cookie, expired, revoked, deactivated). */
export type SessionReader = (request: FastifyRequest, reply?: FastifyReply) => Promise<SessionUser | null>;

type Row = {
  token: string;
  expires_at: Date;
  updated_at: Date;
  timeout_minutes: string | null;
  id: string;
  email: string;
  name: string;
  role: Role;
  is_active: boolean;
  phone_number: string | null;
  two_factor_enabled: boolean;
  second_factor: boolean;
  organisation_id: string | null;
  organisation_name: string | null;
  organisation_role: OrganisationRole | null;
};

// Every signed-in request needs one of these rows; concurrent requests share the query. The idle
// timeout (an operator setting, read on every use) and the membership of the organisation the
// session works in (so a removed member or a changed role counts at once) come in the same round trip.
const READ_SESSIONS = `SELECT s.token, s.expires_at, s.updated_at, u.id, u.email, u.name, u.role, u.is_active, u.phone_number, u.two_factor_enabled,
         s.second_factor_at IS NOT NULL AS second_factor,
         (SELECT value FROM app_setting WHERE key = 'session_timeout_minutes') AS timeout_minutes,
         o.id AS organisation_id, o.name AS organisation_name, m.role AS organisation_role
         FROM session s JOIN "user" u ON u.id = s.user_id
         LEFT JOIN organisation_member m ON m.organisation_id = s.active_organisation_id AND m.user_id = s.user_id
         LEFT JOIN organisation o ON o.id = m.organisation_id
         WHERE s.token = ANY($1::text[])`;

// A session in use slides: its last use and expiry move forward, at most this often (one write a
// few minutes per session, not one per request).
const TOUCH_EVERY_MS = 5 * 60_000;
const TOUCH_SESSION = `UPDATE session SET updated_at = now(), expires_at = now() + make_interval(mins => $2::int)
         WHERE token = $1`;

/** The token of better-auth's signed cookie value (`token.base64(HMAC-SHA256(secret, token))`), if the signature holds. */
export function verifySignedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * Reads the session on every request, in one query joined with its user — no cache, so a revoked
 * session or a deactivated user is refused on the very next request (docs/security.md, Sessions and
 * deactivation). Requests that arrive at once share one read
 * (db/batched-lookup.ts batches a turn of the event loop), so under load the database sees one query per round trip rather than one
 * per request. better-auth's own getSession makes several queries and an async WebCrypto check per
 * call; this is the hot path of every signed-in page and API call (BENCHMARKS.md, request path).
 *
 * `session_timeout_minutes` is the idle lifetime: a session whose last use (`updated_at`) is older
 * is refused, whatever its `expires_at` (so lowering the setting ends idle sessions at once). A
 * session in use is touched at most every few minutes: last use now, expiry now + the timeout, and
 * the cookie re-sent with that lifetime (auth.ts caps a new session's expiry the same way).
 */
export async function createSessionReader(auth: Auth, pool: pg.Pool): Promise<SessionReader> {
  const { authCookies, secret } = await auth.$context;
  const cookieName = authCookies.sessionToken.name;
  const cookieAttributes = authCookies.sessionToken.attributes;
  const readRow = createBatchedLookup(async (tokens: string[]) => {
    const rows = await queryPrepared<Row>(pool, 'read-sessions', { text: READ_SESSIONS, values: [tokens] });
    return new Map(rows.map((row) => [row.token, row]));
  });
  return async (request, reply) => {
    const token = verifySignedToken(request.cookies[cookieName], secret);
    if (!token) return null;
    const row = await readRow(token);
    const now = Date.now();
    if (!row?.is_active || row.expires_at.getTime() <= now) return null;
    const timeoutMs = parseSetting('session_timeout_minutes', row.timeout_minutes ?? undefined) * 60_000;
    const idleMs = now - row.updated_at.getTime();
    if (idleMs >= timeoutMs) return null;
    if (reply && idleMs >= Math.min(TOUCH_EVERY_MS, timeoutMs / 4)) {
      await queryPrepared(pool, 'touch-session', { text: TOUCH_SESSION, values: [token, timeoutMs / 60_000] });
      reply.setCookie(cookieName, request.cookies[cookieName] ?? '', {
        path: cookieAttributes.path ?? '/',
        domain: cookieAttributes.domain,
        httpOnly: cookieAttributes.httpOnly ?? true,
        secure: cookieAttributes.secure,
        sameSite: cookieAttributes.sameSite?.toLowerCase() as 'lax' | 'strict' | 'none' | undefined,
        maxAge: timeoutMs / 1000,
      });
    }
    const organisation =
      row.organisation_id && row.organisation_name && row.organisation_role
        ? { id: row.organisation_id, name: row.organisation_name, role: row.organisation_role }
        : null;
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      role: row.role,
      phoneNumber: row.phone_number,
      twoFactorEnabled: row.two_factor_enabled,
      secondFactor: row.second_factor,
      organisation,
      sessionToken: token,
    };
  };
}

export function toWebHeaders(headers: FastifyRequest['headers']): Headers {
  const out = new Headers();
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return out;
}
