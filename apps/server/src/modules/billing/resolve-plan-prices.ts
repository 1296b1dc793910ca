import { PAID_PLAN_NAMES, type PaidPlanName } from '@licensewatch/shared/plans';
import type { Env } from '../../platform/env.ts';

/** Each paid plan's payment-provider price id; a plan without one cannot be bought. */
export type PlanPriceIds = Partial<Record<PaidPlanName, string>>;

export type BillingMode = 'stripe' | 'test' | 'off';

/** The built-in test provider's price ids: fixed, so links and tests can name them. */
export const TEST_PRICE_IDS: Record<PaidPlanName, string> = {
  basic: 'price_test_basic',
  premium: 'price_test_premium',
  small: 'price_test_small',
  growth: 'price_test_growth',
  enterprise: 'price_test_enterprise',
};

const ENV_PRICE: Record<PaidPlanName, keyof Env> = {
  basic: 'STRIPE_PRICE_BASIC',
  premium: 'STRIPE_PRICE_PREMIUM',
  small: 'STRIPE_PRICE_SMALL',
  growth: 'STRIPE_PRICE_GROWTH',
  enterprise: 'STRIPE_PRICE_ENTERPRISE',
};

/** Prices from STRIPE_PRICE_* with real keys, the test provider's in test mode, none when payments are off. */
export function resolvePlanPrices(env: Env, mode: BillingMode): PlanPriceIds {
  if (mode === 'off') return {};
  if (mode === 'test') return { ...TEST_PRICE_IDS };
  const prices: PlanPriceIds = {};
  for (const plan of PAID_PLAN_NAMES) {
    const id = env[ENV_PRICE[plan]];
    if (typeof id === 'string' && id) prices[plan] = id;
  }
  return prices;
}

/** The plan a price buys, or null for a price that is not one of ours. */
export function planOfPrice(prices: PlanPriceIds, priceId: string | null | undefined): PaidPlanName | null {
  if (!priceId) return null;
  return PAID_PLAN_NAMES.find((plan) => prices[plan] === priceId) ?? null;
}
