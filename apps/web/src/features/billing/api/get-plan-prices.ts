import type { PlanPrices } from '@licensewatch/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getPlanPrices(): Promise<PlanPrices> {
  return apiRequest<PlanPrices>('/api/v2/stripe/prices');
}

/** Public: the payment provider's price ids and whether checkout is the built-in test page. */
export const planPricesQueryOptions = queryOptions({ queryKey: ['plan-prices'], queryFn: getPlanPrices });

export function usePlanPrices() {
  return useQuery(planPricesQueryOptions);
}
