import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@licensewatch/shared/accounts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { createBatchedLookup } from '../../../platform/db/batched-lookup.ts';
import { queryPrepared } from '../../../platform/db/query-prepared.ts';
import type { Auth } from '../auth.ts';

/** The signed-in user as routes see it; only ever an active one. */
export type SessionUser = { id: string; email: string; name: string; role: Role; phoneNumber: string | null };

/** The active user whose session cookie came with the request, or null (no cookie, expired, revoked, deactivated). */
export type SessionReader = (request: FastifyRequest, reply?: FastifyReply) => Promise<SessionUser | null>;

type Row = {
  token: string;
  expires_at: Date;
  id: string;
  email: string;
  name: string;
  role: Role;
  is_active: boolean;
  phone_number: string | null;
};

// Every signed-in request needs one of these rows; concurrent requests share the query.
const READ_SESSIONS = `SELECT s.token, s.expires_at, u.id, u.email, u.name, u.role, u.is_active, u.phone_number
         FROM session s JOIN "user" u ON u.id = s.user_id
         WHERE s.token = ANY($1::text[])`;

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
 * deactivation). Requests that arrive while a read is in flight share the next one
 * (db/batched-lookup.ts), so under load the database sees one query per round trip rather than one
 * per request. better-auth's own getSession makes several queries and an async WebCrypto check per
 * call; this is the hot path of every signed-in page and API call (BENCHMARKS.md, request path). A
 * session due for renewal (older than better-auth's updateAge) is handed to better-auth, which
 * extends it and re-sets the cookie exactly as it does on its own endpoints.
 */
export async function createSessionReader(auth: Auth, pool: pg.Pool): Promise<SessionReader> {
  const { authCookies, secret, sessionConfig } = await auth.$context;
  const cookieName = authCookies.sessionToken.name;
  const renewAfterMs = (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
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
    if (reply && row.expires_at.getTime() - now <= renewAfterMs) {
      const renewed = await auth.api.getSession({ headers: toWebHeaders(request.headers), returnHeaders: true });
      const cookies = renewed.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
    }
    return { id: row.id, email: row.email, name: row.name, role: row.role, phoneNumber: row.phone_number };
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
