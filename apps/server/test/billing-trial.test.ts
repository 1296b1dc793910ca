import { ENTITLEMENTS } from '@licensewatch/shared/plans';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCredit, userPlan } from '../src/modules/plans/tables.ts';
import { billingSnapshot, creditsRow, ledgerRows, planRow, signedInAccount } from './support/billing.ts';
import { HttpClient } from './support/http-client.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { worker: false });
});
afterAll(() => server?.close());

const MONTH = 30 * 86_400_000;

describe('POST /api/v2/stripe/current-plan', () => {
  it('is Free in the trial window for a new account', async () => {
    const { client } = await signedInAccount(server);
    const res = await client.post('/api/v2/stripe/current-plan', { planType: 'individual', planName: 'Basic' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan_type: 'free',
      plan_name: 'free',
      is_trial: true,
      end_date: null,
      cancel_at_period_end: false,
    });
    const trialEnd = Date.parse(res.body.trial_ends_at);
    expect(trialEnd).toBeGreaterThan(Date.now() + 2.5 * MONTH);
    expect(trialEnd).toBeLessThan(Date.now() + 3.2 * MONTH);
    // The body is optional.
    expect((await client.request('POST', '/api/v2/stripe/current-plan')).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await new HttpClient(server.url).post('/api/v2/stripe/current-plan', {});
    expect(res.status).toBe(401);
  });
});

describe('POST /api/v2/stripe/update-trial-plan', () => {
  it('switches between individual plans during the trial, each with its own credits', async () => {
    const { client, userId } = await signedInAccount(server);
    for (const [planName, credits] of [
      ['basic', 3],
      ['premium', 5],
      ['free', 1],
    ] as const) {
      const res = await client.post('/api/v2/stripe/update-trial-plan', {
        plan_type: planName === 'free' ? 'free' : 'individual',
        plan_name: planName,
      });
      expect(res.status, planName).toBe(200);
      expect(res.body).toEqual({ status: 'success', plan_name: planName });
      const current = (await client.post('/api/v2/stripe/current-plan')).body;
      expect(current).toMatchObject({ plan_name: planName, is_trial: true });
      // A trial plan ends with the trial; Free never does.
      expect(current.end_date).toBe(planName === 'free' ? null : current.trial_ends_at);
      expect((await creditsRow(server, userId)).reportCredits).toBe(credits);
      expect(ENTITLEMENTS[planName].reportCredits).toBe(credits);
    }
    const switches = await ledgerRows(server, userId, 'trial-switch');
    expect(switches.map((r) => r.balanceAfter)).toEqual(expect.arrayContaining([3, 5, 1]));
  });

  it('accepts the pricing page’s spelling: names in any case, Free as an individual card', async () => {
    const { client } = await signedInAccount(server);
    const res = await client.post('/api/v2/stripe/update-trial-plan', {
      plan_type: 'Individual',
      plan_name: 'Premium',
    });
    expect(res.status).toBe(200);
    const free = await client.post('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'free' });
    expect(free.body).toEqual({ status: 'success', plan_name: 'free' });
  });

  it('choosing the current plan again does not refill its credits', async () => {
    const { client, userId } = await signedInAccount(server);
    await client.post('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'premium' });
    await server.ctx.db.update(userCredit).set({ reportCredits: 2 }).where(eq(userCredit.workspaceId, userId));
    const res = await client.post('/api/v2/stripe/update-trial-plan', {
      plan_type: 'individual',
      plan_name: 'premium',
    });
    expect(res.status).toBe(200);
    expect((await creditsRow(server, userId)).reportCredits).toBe(2);
  });

  it('keeps the credits already spent in the trial: switching back and forth refills nothing', async () => {
    const { client, userId } = await signedInAccount(server);
    const to = async (plan_name: 'basic' | 'premium' | 'free') => {
      const res = await client.post('/api/v2/stripe/update-trial-plan', {
        plan_type: plan_name === 'free' ? 'free' : 'individual',
        plan_name,
      });
      expect(res.status).toBe(200);
      return (await creditsRow(server, userId)).reportCredits;
    };
    expect(await to('premium')).toBe(5);
    // Two reports on Premium's credits.
    for (const lastName of ['Okafor', 'Lindqvist']) {
      const created = await client.post('/api/v2/reports/', {
        firstName: 'Ada',
        lastName,
        licenseType: 'MD',
        states: ['WA'],
      });
      expect(created.status).toBe(201);
    }
    expect(await to('basic')).toBe(1);
    expect(await to('premium')).toBe(3);
    expect(await to('free')).toBe(0);
    expect(await to('premium')).toBe(3);
  });

  it('refuses business plans, unknown plans and mismatched types, changing nothing', async () => {
    const { client, userId } = await signedInAccount(server);
    await client.post('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'basic' });
    const before = await billingSnapshot(server, userId);
    const cases = [
      [{ plan_type: 'business', plan_name: 'small' }, 403, 'NOT_A_TRIAL_PLAN'],
      [{ plan_type: 'business', plan_name: 'enterprise' }, 403, 'NOT_A_TRIAL_PLAN'],
      [{ plan_type: 'individual', plan_name: 'platinum' }, 400, 'VALIDATION_ERROR'],
      [{ plan_type: 'gold', plan_name: 'premium' }, 400, 'VALIDATION_ERROR'],
      [{ plan_type: 'business', plan_name: 'premium' }, 400, 'VALIDATION_ERROR'],
      [{ plan_type: 'individual', plan_name: 'growth' }, 400, 'VALIDATION_ERROR'],
      [{ plan_name: 'premium' }, 400, 'VALIDATION_ERROR'],
    ] as const;
    for (const [body, status, code] of cases) {
      const res = await client.post('/api/v2/stripe/update-trial-plan', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.body.detail).toBeTruthy();
    }
    expect(await billingSnapshot(server, userId)).toEqual(before);
  });

  it('refuses once the trial has ended, changing nothing', async () => {
    const { client, userId } = await signedInAccount(server);
    await client.post('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'basic' });
    await server.ctx.db
      .update(userPlan)
      .set({ trialEndsAt: sql`now() - interval '1 day'` })
      .where(eq(userPlan.workspaceId, userId));
    const before = await billingSnapshot(server, userId);
    const res = await client.post('/api/v2/stripe/update-trial-plan', {
      plan_type: 'individual',
      plan_name: 'premium',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'TRIAL_ENDED', detail: expect.stringMatching(/only during the free trial/) });
    expect(await billingSnapshot(server, userId)).toEqual(before);
    expect((await client.post('/api/v2/stripe/current-plan')).body.is_trial).toBe(false);
  });
});

describe('POST /api/v2/stripe/switch-to-free without a subscription', () => {
  it('moves a trial plan to Free at once', async () => {
    const { client, userId } = await signedInAccount(server);
    await client.post('/api/v2/stripe/update-trial-plan', { plan_type: 'individual', plan_name: 'premium' });
    const res = await client.post('/api/v2/stripe/switch-to-free');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', ends_at: null });
    const plan = await planRow(server, userId);
    expect(plan).toMatchObject({ planName: 'free', isTrial: true, endDate: null });
    expect((await creditsRow(server, userId)).reportCredits).toBe(1);
    // Already on Free: nothing to do.
    expect((await client.post('/api/v2/stripe/switch-to-free')).body).toEqual({ status: 'success', ends_at: null });
  });
});

describe('GET /api/v2/stripe/prices and the portal without a customer', () => {
  it('lists the built-in test prices, publicly', async () => {
    const res = await new HttpClient(server.url).get('/api/v2/stripe/prices');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      test_mode: true,
      prices: ['basic', 'premium', 'small', 'growth', 'enterprise'].map((p) => ({
        plan_name: p,
        price_id: `price_test_${p}`,
      })),
    });
  });

  it('has no portal for an account that never paid', async () => {
    const { client } = await signedInAccount(server);
    const res = await client.post('/api/v2/stripe/portal-session');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NO_BILLING_ACCOUNT');
  });
});
