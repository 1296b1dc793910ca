import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../platform/env.ts';
import { planOfPrice, resolvePlanPrices, TEST_PRICE_IDS } from './resolve-plan-prices.ts';

describe('price ↔ plan mapping', () => {
  const env = parseEnv({
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    STRIPE_PRICE_BASIC: 'price_b',
    STRIPE_PRICE_PREMIUM: 'price_p',
    STRIPE_PRICE_SMALL: 'price_s',
    STRIPE_PRICE_GROWTH: 'price_g',
    STRIPE_PRICE_ENTERPRISE: ' ',
  });

  it('reads each paid plan’s price from STRIPE_PRICE_* with real keys; blank means not for sale', () => {
    expect(resolvePlanPrices(env, 'stripe')).toEqual({
      basic: 'price_b',
      premium: 'price_p',
      small: 'price_s',
      growth: 'price_g',
    });
  });

  it('uses the test provider’s fixed prices in test mode and none when payments are off', () => {
    expect(resolvePlanPrices(env, 'test')).toEqual(TEST_PRICE_IDS);
    expect(resolvePlanPrices(env, 'off')).toEqual({});
  });

  it('maps a price back to its plan, and anything else to no plan', () => {
    const prices = resolvePlanPrices(env, 'stripe');
    expect(planOfPrice(prices, 'price_b')).toBe('basic');
    expect(planOfPrice(prices, 'price_g')).toBe('growth');
    expect(planOfPrice(prices, 'price_other')).toBeNull();
    expect(planOfPrice(prices, null)).toBeNull();
    expect(planOfPrice(prices, '')).toBeNull();
    expect(planOfPrice(TEST_PRICE_IDS, 'price_test_enterprise')).toBe('enterprise');
  });
});
