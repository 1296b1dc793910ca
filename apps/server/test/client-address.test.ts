import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../src/modules/accounts/rate-limits.ts';
import { session } from '../src/modules/accounts/tables.ts';
import { adminAudit } from '../src/modules/admin/tables.ts';
import { uniqueEmail } from './support/accounts.ts';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The client's address is the first hop not in TRUST_PROXY (docs/security.md, Rate limits): what
// an untrusted peer writes in X-Forwarded-For moves neither a rate limit nor a record.

const probe = () => ({ email: uniqueEmail('probe'), password: 'whatever' });

async function lastAuditIp(server: TestServer, key: string) {
  const [row] = await server.ctx.db
    .select({ ip: adminAudit.ip })
    .from(adminAudit)
    .where(and(eq(adminAudit.action, 'setting.update'), eq(adminAudit.targetId, key)))
    .orderBy(desc(adminAudit.createdAt))
    .limit(1);
  return row?.ip;
}

async function sessionIps(server: TestServer, person: Person) {
  const rows = await server.ctx.db
    .select({ ip: session.ipAddress })
    .from(session)
    .where(eq(session.userId, person.userId));
  return rows.map((r) => r.ip);
}

describe('behind a proxy that is not the caller (TRUST_PROXY=10.9.9.9)', () => {
  let server: TestServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '10.9.9.9' });
    admin = await signedInPerson(server, 'admin');
  });
  afterAll(() => server?.close());

  it('records the socket address, not the claimed one, in the audit log and the session', async () => {
    const answer = await admin.client.patch(
      '/api/v2/admin/settings/application_name',
      { value: 'Spoofed' },
      { 'x-forwarded-for': '203.0.113.77' },
    );
    expect(answer.status).toBe(200);
    expect(await lastAuditIp(server, 'application_name')).toBe('127.0.0.1');
    // better-auth records the address of the session it creates; it must agree with ours.
    expect(await sessionIps(server, admin)).toEqual(['127.0.0.1']);
  });

  it('keeps counting one address however the header rotates', async () => {
    const client = (n: number) => new HttpClient(server.url, `198.51.100.${n}`);
    for (let i = 0; i < RATE_LIMITS.checkUserPerIp.max; i++) {
      expect((await client(i + 1).post('/api/v1/auth/check-user', probe())).status).toBe(200);
    }
    const limited = await client(200).post('/api/v1/auth/check-user', probe());
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let server: TestServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    admin = await signedInPerson(server, 'admin');
  });
  afterAll(() => server?.close());

  it('takes the forwarded address, the first one the trusted proxy did not add', async () => {
    const answer = await admin.client.patch(
      '/api/v2/admin/settings/application_name',
      { value: 'Forwarded' },
      // A client may write anything before its real address; the proxy appends what it saw.
      { 'x-forwarded-for': '192.0.2.1, 198.51.100.9' },
    );
    expect(answer.status).toBe(200);
    expect(await lastAuditIp(server, 'application_name')).toBe('198.51.100.9');
    expect(await sessionIps(server, admin)).toEqual([admin.client.ip]);
  });

  it('counts each forwarded address apart', async () => {
    const one = new HttpClient(server.url);
    for (let i = 0; i < RATE_LIMITS.checkUserPerIp.max; i++) {
      expect((await one.post('/api/v1/auth/check-user', probe())).status).toBe(200);
    }
    expect((await one.post('/api/v1/auth/check-user', probe())).status).toBe(429);
    expect((await new HttpClient(server.url).post('/api/v1/auth/check-user', probe())).status).toBe(200);
  });
});
