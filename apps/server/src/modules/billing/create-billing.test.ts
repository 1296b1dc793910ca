import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../platform/env.ts';
import { createBilling } from './create-billing.ts';

afterEach(() => vi.restoreAllMocks());
const secret = 'a-server-secret-of-at-least-32-characters';
const production = {
  NODE_ENV: 'production',
  AUTH_SECRET: secret,
  DATABASE_URL: 'postgres://db/x',
  APP_URL: 'https://app.example.com',
  SMTP_URL: 'smtp://mail',
};

describe('createBilling', () => {
  it('runs the built-in test provider without keys outside production, on this server', () => {
    const billing = createBilling({ env: parseEnv({ PORT: '4123' }), secret });
    expect(billing.mode).toBe('test');
    expect(billing.stripe).not.toBeNull();
    expect(billing.prices.basic).toBe('price_test_basic');
    expect(billing.testProvider?.localUrl).toBe('http://127.0.0.1:4123');
    // Derived from the server secret: stable, and different for another secret.
    expect(billing.webhookSecret).toBe(createBilling({ env: parseEnv({}), secret }).webhookSecret);
    expect(billing.webhookSecret).not.toBe(createBilling({ env: parseEnv({}), secret: `${secret}!` }).webhookSecret);
  });

  it('lets production start without Stripe, and then takes no payments', () => {
    const billing = createBilling({ env: parseEnv(production), secret });
    expect(billing).toMatchObject({ mode: 'off', stripe: null, webhookSecret: null, prices: {}, testProvider: null });
  });

  it('uses Stripe with a secret key, also in production', () => {
    const env = parseEnv({
      ...production,
      STRIPE_SECRET_KEY: 'sk_test_from_env',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_BASIC: 'price_1',
    });
    const billing = createBilling({ env, secret });
    expect(billing).toMatchObject({ mode: 'stripe', webhookSecret: 'whsec_x', prices: { basic: 'price_1' } });
    expect(billing.testProvider).toBeNull();
  });

  it("links the admin billing page to Stripe's test dashboard unless the key is a live one", () => {
    // Placeholders of each key's shape, put together here so that no string shaped like a live
    // Stripe key sits in the repository for a secret scanner to stop at.
    const placeholder = (...parts: string[]) => [...parts, 'x'].join('_');
    const withKey = (key: string) =>
      createBilling({
        env: parseEnv({ ...production, STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: placeholder('whsec') }),
        secret,
      }).dashboardUrl;
    expect(withKey(placeholder('sk', 'test'))).toBe('https://dashboard.stripe.com/test');
    expect(withKey(placeholder('rk', 'test'))).toBe('https://dashboard.stripe.com/test');
    expect(withKey(placeholder('sk', 'live'))).toBe('https://dashboard.stripe.com');
    expect(withKey(placeholder('rk', 'live'))).toBe('https://dashboard.stripe.com');
    expect(createBilling({ env: parseEnv({}), secret }).dashboardUrl).toBe('https://dashboard.stripe.com/test');
    expect(createBilling({ env: parseEnv(production), secret }).dashboardUrl).toBeNull();
  });

  it('refuses a secret key without the webhook secret at start', () => {
    vi.spyOn(process, 'exit').mockImplementation(() => {
      throw new Error('exit');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow('exit');
    expect(String(error.mock.calls[0]?.[0])).toContain('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
  });
});
