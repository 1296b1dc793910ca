import type { PlanPrices } from '@licensewatch/shared/billing';
import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../../../lib/api';

export function getPlanPrices(): Promise<PlanPrices> {
  // Not parsed: the pricing page is public and loads no zod for its first paint.
  return callEndpoint(BILLING_ROUTES.prices, { schema: unparsed<PlanPrices>() });
}

/** Public: the payment provider's price ids and whether checkout is the built-in test page. */
export const planPricesQueryOptions = queryOptions({ queryKey: ['plan-prices'], queryFn: getPlanPrices });

export function usePlanPrices() {
  return useQuery(planPricesQueryOptions);
}
