import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.ts';
import { type Person, signedInPerson } from './support/identities.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// docs/security.md, Nothing is lost: a database that refuses writes answers 503 with {detail, code}
// and Retry-After, never a 500, and /healthz says so; once it takes writes again, so does the app.

let server: TestServer;
let person: Person;

beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
  person = await signedInPerson(server);
}, 60_000);
afterAll(() => server?.close());

/**
 * Turns the test's database read-only, or back. On PostgreSQL the setting reaches the app's
 * connections once they are opened anew (the others are ended); the embedded database has one
 * session for every connection, which the SET reaches at once.
 */
async function setReadOnly(on: boolean) {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const value = on ? 'on' : 'off';
  try {
    const { rows } = await client.query<{ name: string }>('select current_database() as name');
    const database = `ALTER DATABASE "${rows[0]?.name}" SET default_transaction_read_only = ${value}`;
    const session = `SET default_transaction_read_only = ${value}`;
    // ALTER DATABASE is itself a write: made while this session may still write.
    for (const statement of on ? [database, session] : [session, database]) await client.query(statement);
    await client.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
  } finally {
    await client.end();
  }
}

const report = { firstName: 'Zenobia', lastName: 'Quarrington', licenseType: 'MD', states: ['Texas'] };

describe('a database that refuses writes', () => {
  it('answers writes 503 with {detail, code} and Retry-After, says so on /healthz, and recovers', async () => {
    await setReadOnly(true);
    try {
      const refused = await person.client.post('/api/v2/reports/', report);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(typeof refused.body.detail).toBe('string');
      expect(refused.headers.get('retry-after')).toBe('30');

      const health = await new HttpClient(server.url).get('/healthz');
      expect(health).toMatchObject({ status: 503, body: { status: 'read-only' } });

      // Signing in writes a session: better-auth's routes answer alike.
      const signIn = await new HttpClient(server.url).post('/api/auth/sign-in/email', {
        email: person.email,
        password: 'correct-horse',
      });
      expect(signIn).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });

      // Reading still works: who is signed in.
      expect((await person.client.get('/api/v2/auth/me')).status).toBe(200);
    } finally {
      await setReadOnly(false);
    }
    expect((await new HttpClient(server.url).get('/healthz')).body).toEqual({ status: 'ok' });
    expect((await person.client.post('/api/v2/reports/', report)).status).toBe(201);
  }, 60_000);
});
