import { describe, expect, it } from 'vitest';
import { clientOf, IDENTITIES, type Identity } from './support/identities.ts';
import { compareWithRouteTable, ROUTE_CASES, sendCase, startRouteFixture } from './support/route-cases.ts';

// docs/security.md, The server enforces what the client shows: every route answers each kind of
// caller as the table says — anonymous, the owner, another customer, an administrator (no key to
// other people's reports), a deactivated user whose cookie was valid a moment ago, and the admin and
// viewer of an organisation the owner runs, working in it (ADR 019: a viewer changes nothing).
const started = startRouteFixture();

describe('authorization matrix', () => {
  it('has a row for every route, and a route for every row', () => {
    expect(compareWithRouteTable(started.server)).toEqual({ unlisted: [], stale: [] });
  });

  // About 1,300 requests (every route for seven identities, some with a fresh account each):
  // measured 35–45 s on PGlite and beyond 30 s on PostgreSQL with the machine busy.
  it('answers every identity as the table says', { timeout: 120_000 }, async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const row of ROUTE_CASES) {
      if (row.spa && !started.server.app.hasRoute({ method: 'GET', url: '/*' })) continue;
      for (const identity of IDENTITIES) {
        const { path, body, client } = await row.request(started.fixture, identity as Identity);
        const res = await sendCase(client ?? clientOf(started.fixture.cast, identity), row, path, body);
        answers.push(`${row.method} ${row.url} as ${identity}: ${res.status}`);
        expected.push(`${row.method} ${row.url} as ${identity}: ${row.expect[identity]}`);
        if (res.status >= 400 && path.startsWith('/api/')) {
          expect(res.body, `${row.method} ${path} as ${identity}`).toMatchObject({
            detail: expect.any(String),
            code: expect.any(String),
          });
        }
      }
    }
    expect(answers).toEqual(expected);
  });
});
