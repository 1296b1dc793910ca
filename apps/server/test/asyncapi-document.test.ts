import { Parser } from '@asyncapi/parser';
import { WEBHOOK_EVENTS } from '@licensewatch/shared/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// The events' AsyncAPI document (ADR 044), validated by the AsyncAPI project's own parser.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/asyncapi.json', () => {
  it('is a valid AsyncAPI 3.0 document with every event, its example fitting its schema', async () => {
    const res = await new HttpClient(server.url).get('/api/asyncapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const { document, diagnostics } = await new Parser().parse(res.body);
    // Severity 0 is an error; warnings and hints (1–3) are advice.
    expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
    expect(document).toBeDefined();
    const names =
      document
        ?.messages()
        .all()
        .map((m) => m.name()) ?? [];
    expect(names.sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const operation of document?.operations().all() ?? []) expect(operation.action()).toBe('send');
  });
});
