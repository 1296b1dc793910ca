import { describe, expect, it } from 'vitest';
import { dbFingerprint } from './support/db-fingerprint.ts';
import { HttpClient } from './support/http-client.ts';
import {
  type CaseRequest,
  compareWithRouteTable,
  ROUTE_CASES,
  type RouteCase,
  STATE_CHANGING,
  sendCase,
  startRouteFixture,
} from './support/route-cases.ts';
import { startTestServer } from './support/test-server.ts';

// docs/security.md, Cross-site requests: a page on another site must not be able to change anything
// with the victim's cookie — a plain HTML form posting to /api/v2/stripe/switch-to-free downgraded
// Premium to Free before.
const started = startRouteFixture();

const EVIL = 'https://evil.example';
const rows = ROUTE_CASES.filter((row) => STATE_CHANGING.has(row.method));
// Stripe signs its webhook and the search API takes a key the caller must hold: the cookie
// authenticates neither, so where a request claims to come from is moot (docs/security.md).
const originChecked = rows.filter((row) => row.auth !== 'signature' && row.auth !== 'api-key');

/**
 * The signed-in `user`'s request for each row, made up front (some rows create what they consume).
 * An administrators-only row is the administrator's: a user's request stops at 403 before its
 * body is read, so it would prove nothing about the body.
 */
async function userRequests(): Promise<Map<RouteCase, CaseRequest>> {
  const out = new Map<RouteCase, CaseRequest>();
  for (const row of rows) {
    // Refused to a user, answered past the role check to the administrator (a success, or a 400 for
    // a request the fixture cannot fulfil, as a board list when no boards are wired).
    const adminOnly = row.expect.user === 403 && row.expect.admin !== 403 && row.expect.admin !== 401;
    const req = await row.request(started.fixture, adminOnly ? 'admin' : 'user');
    out.set(row, adminOnly ? { client: started.fixture.cast.admin.client, ...req } : req);
  }
  return out;
}

function send(row: RouteCase, req: CaseRequest, headers: Record<string, string | undefined>, body = req.body) {
  return sendCase(req.client ?? started.fixture.cast.user.client, row, req.path, body, headers);
}

describe('cross-site requests', () => {
  it('the table covers every state-changing route', () => {
    const { unlisted } = compareWithRouteTable(started.server);
    expect(unlisted).toEqual([]);
    expect(rows.length).toBeGreaterThan(20);
  });

  it('refuses a foreign, opaque or missing origin with the session cookie, and changes nothing', async () => {
    const requests = await userRequests();
    const before = await dbFingerprint(started.server);
    const refusals: string[] = [];
    const expected: string[] = [];
    const variants: [string, Record<string, string | undefined>][] = [
      ['foreign Origin', { origin: EVIL }],
      ['opaque Origin', { origin: 'null' }],
      ['foreign Referer, no Origin', { origin: undefined, referer: `${EVIL}/form.html` }],
      ['no Origin, no Referer', { origin: undefined }],
    ];
    for (const row of originChecked) {
      const req = requests.get(row) as CaseRequest;
      for (const [label, headers] of variants) {
        const res = await send(row, req, headers);
        // Under /api/ every error is {detail, code}; the test provider answers in Stripe's format or HTML.
        const code = req.path.startsWith('/api/') ? ` ${res.body?.code}` : '';
        refusals.push(`${row.method} ${row.url}, ${label}: ${res.status}${code}`);
        expected.push(`${row.method} ${row.url}, ${label}: 403${req.path.startsWith('/api/') ? ' CSRF_REJECTED' : ''}`);
      }
    }
    expect(refusals).toEqual(expected);
    expect(await dbFingerprint(started.server)).toEqual(before);
  });

  it('refuses a foreign origin without a cookie too: public forms cannot be posted from elsewhere', async () => {
    const publicRows = originChecked.filter((row) => row.auth === 'public');
    expect(publicRows.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/check-user',
        '/api/auth/sign-up/email',
        '/api/v2/notifications/slack-notification',
      ]),
    );
    const before = await dbFingerprint(started.server);
    for (const row of publicRows) {
      const req = await row.request(started.fixture, 'anonymous');
      const res = await sendCase(started.fixture.cast.anonymous, row, req.path, req.body, { origin: EVIL });
      expect(res.body, `${row.method} ${row.url}`).toMatchObject({ code: 'CSRF_REJECTED' });
      expect(res.status).toBe(403);
    }
    expect(await dbFingerprint(started.server)).toEqual(before);
  });

  it('answers 415 to a form body on every JSON endpoint, and changes nothing', async () => {
    const requests = await userRequests();
    const before = await dbFingerprint(started.server);
    const answers: string[] = [];
    const expected: string[] = [];
    for (const row of originChecked.filter((r) => !r.form)) {
      const req = requests.get(row) as CaseRequest;
      // userRequests gives an admin route's request to the administrator (its client).
      const sender = req.client ?? started.fixture.cast.user.client;
      const res = await sender.request(row.method, req.path, 'a=1&b=2', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      answers.push(`${row.method} ${row.url}: ${res.status} ${res.body?.code}`);
      expected.push(`${row.method} ${row.url}: 415 UNSUPPORTED_MEDIA_TYPE`);
    }
    for (const type of ['text/plain', 'multipart/form-data; boundary=x']) {
      const res = await started.fixture.cast.user.client.request('POST', '/api/v2/stripe/switch-to-free', 'a=1', {
        'content-type': type,
      });
      answers.push(`${type}: ${res.status}`);
      expected.push(`${type}: 415`);
    }
    expect(answers).toEqual(expected);
    expect(await dbFingerprint(started.server)).toEqual(before);
  });

  it('lets our own pages through: own Origin, or own Referer when the browser sends no Origin', async () => {
    const requests = await userRequests();
    for (const row of originChecked) {
      const req = requests.get(row) as CaseRequest;
      const own = await send(row, req, {});
      expect(own.body?.code, `${row.method} ${row.url}, own Origin`).not.toBe('CSRF_REJECTED');
    }
    const again = await userRequests();
    for (const row of originChecked) {
      const req = again.get(row) as CaseRequest;
      const res = await send(row, req, { origin: undefined, referer: `${started.server.url}/pricing` });
      expect(res.body?.code, `${row.method} ${row.url}, own Referer`).not.toBe('CSRF_REJECTED');
    }
  });

  it("leaves routes no cookie authenticates alone: Stripe's and Twilio's webhooks are judged by their signature", async () => {
    for (const row of rows.filter((r) => r.auth === 'signature')) {
      const req = await row.request(started.fixture, 'user');
      const res = await send(row, req, { origin: EVIL });
      expect(res, `${row.method} ${row.url}`).toMatchObject({
        status: row.expect.user,
        body: { code: expect.not.stringMatching('CSRF') },
      });
    }
  });

  it('judges the search API and the MCP server by the key alone, whatever page the call claims to come from', async () => {
    const keyRows = rows.filter((r) => r.auth === 'api-key');
    expect(keyRows.length).toBe(6);
    for (const row of keyRows) {
      const req = await row.request(started.fixture, 'user');
      const res = await send(row, req, { origin: EVIL });
      expect(res, `${row.method} ${row.url}`).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    }
  });

  it('lets a client without the session cookie call without an Origin (curl, servers)', async () => {
    const res = await started.fixture.cast.anonymous.post(
      '/api/v1/auth/check-user',
      { email: 'curl-user@example.com', password: 'whatever' },
      { origin: undefined },
    );
    expect(res.status).toBe(200);
  });

  it('a cross-site form cannot downgrade a paid plan (the reported attack)', async () => {
    const { user } = started.fixture.cast;
    const plan = (await user.client.post('/api/v2/stripe/current-plan', {})).body;
    const res = await user.client.request('POST', '/api/v2/stripe/switch-to-free', '', {
      origin: EVIL,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res).toMatchObject({ status: 403, body: { code: 'CSRF_REJECTED', detail: expect.any(String) } });
    expect((await user.client.post('/api/v2/stripe/current-plan', {})).body).toEqual(plan);
  });

  it('takes the origins configured in TRUSTED_ORIGINS', async () => {
    const other = await startTestServer({ TRUSTED_ORIGINS: 'https://www.example.com' }, { worker: false });
    try {
      const client = new HttpClient(other.url);
      const body = { email: 'trusted-origin@example.com', password: 'whatever' };
      expect((await client.post('/api/v1/auth/check-user', body, { origin: 'https://www.example.com' })).status).toBe(
        200,
      );
      expect((await client.post('/api/v1/auth/check-user', body, { origin: 'https://example.com' })).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
