import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSnapshot, deliverEvent, signedInAccount, stripeEventOf } from './support/billing.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// Production without STRIPE_SECRET_KEY: the product runs free-only. Paid plans are refused, never
// handed out through the test provider, which is not mounted.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {
      NODE_ENV: 'production',
      AUTH_SECRET: 'production-test-secret-0123456789abcdef',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused',
      SMTP_URL: 'smtp://127.0.0.1:1',
    },
    { worker: false },
  );
});
afterAll(() => server?.close());

describe('production without Stripe keys', () => {
  it('refuses checkout with a clear 503 and changes nothing', async () => {
    const { client, userId } = await signedInAccount(server);
    const before = await billingSnapshot(server, userId);
    const res = await client.post('/api/v1/stripe/create-checkout-session', {
      priceId: 'price_test_basic',
      planType: 'individual',
      planName: 'basic',
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      code: 'PAYMENTS_NOT_CONFIGURED',
      detail: expect.stringMatching(/^Payments are not configured/),
    });
    for (const path of ['/api/v2/stripe/portal-session']) {
      expect((await client.post(path)).status).toBe(503);
    }
    expect(await billingSnapshot(server, userId)).toEqual(before);
    expect((await client.post('/api/v2/stripe/current-plan')).body.plan_name).toBe('free');
  });

  it('offers no prices and mounts no test provider', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.get('/api/v2/stripe/prices')).body).toEqual({ prices: [], test_mode: false });
    const api = await anonymous.post('/test-stripe/v1/customers', {});
    expect(api.status).toBe(404);
    const page = await anonymous.request('POST', '/test-checkout/cs_test_x/complete');
    expect(page.status).toBe(404);
  });

  it('answers webhooks 503 (there is no secret to verify them with)', async () => {
    const res = await deliverEvent(server, stripeEventOf('customer.subscription.updated', { id: 'sub_x' }), {
      secret: 'whsec_anything',
    });
    expect(res.status).toBe(503);
  });
});
