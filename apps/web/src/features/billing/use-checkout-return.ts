import type { PaidPlanName } from '@licensewatch/shared/plans';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREDENTIALS_QUERY_KEY } from '../../session/get-credentials';
import { currentPlanQueryOptions } from '../../session/get-current-plan';
import {
  CHECKOUT_PARAM,
  type CheckoutReturn,
  CONFIRM_TIMEOUT_MS,
  type ConfirmationState,
  confirmationPollInterval,
  confirmationState,
  readCheckoutReturn,
  withoutCheckoutReturn,
} from './checkout-return';

/**
 * The checkout marker of this page's address, taken once and then removed from the address, so
 * a reload or a shared link does not say it again. Read in an effect: a prerendered page (/pricing)
 * hydrates without it, exactly as its HTML was made.
 */
export function useCheckoutReturn(): { checkoutReturn: CheckoutReturn | null; dismiss: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const [checkoutReturn, setCheckoutReturn] = useState<CheckoutReturn | null>(null);

  useEffect(() => {
    if (!searchParams.has(CHECKOUT_PARAM)) return;
    const found = readCheckoutReturn(searchParams);
    if (found) setCheckoutReturn(found);
    setSearchParams((params) => withoutCheckoutReturn(params), { replace: true, preventScrollReset: true });
  }, [searchParams, setSearchParams]);

  return { checkoutReturn, dismiss: () => setCheckoutReturn(null) };
}

/**
 * Asks the server for the current plan until it is the one bought (the provider's webhook has
 * been applied), quickly at first and slowly after CONFIRM_TIMEOUT_MS, when the notice says so.
 */
export function useCheckoutConfirmation(purchased: PaidPlanName): ConfirmationState {
  const queryClient = useQueryClient();
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), CONFIRM_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const plan = useQuery({
    ...currentPlanQueryOptions,
    refetchInterval: (query) =>
      confirmationPollInterval(confirmationState(purchased, query.state.data?.plan_name, timedOut)),
  });
  const state = confirmationState(purchased, plan.data?.plan_name, timedOut);

  useEffect(() => {
    // The new plan brings new credits: the counters and the dashboard read them from credentials.
    if (state === 'confirmed') void queryClient.invalidateQueries({ queryKey: CREDENTIALS_QUERY_KEY });
  }, [state, queryClient]);

  return state;
}
