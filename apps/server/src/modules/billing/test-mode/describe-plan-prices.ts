import { monthlyPriceCents, PAID_PLAN_NAMES, PLAN_CATALOGUE } from '@licensewatch/shared/plans';
import type { PlanPriceIds } from '../resolve-plan-prices.ts';

/** Price id → the plan's name and price as the pricing page shows them, for the hosted checkout page. */
export function describePlanPrices(
  prices: PlanPriceIds,
): Record<string, { label: string; amount: string; unitAmount: number }> {
  const described: Record<string, { label: string; amount: string; unitAmount: number }> = {};
  for (const plan of PAID_PLAN_NAMES) {
    const priceId = prices[plan];
    const entry = PLAN_CATALOGUE.find((p) => p.name === plan);
    if (priceId && entry)
      described[priceId] = {
        label: entry.label,
        amount: `${entry.price}${entry.period}`,
        unitAmount: monthlyPriceCents(plan),
      };
  }
  return described;
}
