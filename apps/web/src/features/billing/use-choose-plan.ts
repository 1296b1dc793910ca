import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { type CataloguePlan, type PaidPlanName, PLAN_TYPE_OF } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { planPricesQueryOptions } from './api/get-plan-prices';
import { useSwitchToFree } from './api/switch-to-free';
import { useUpdateTrialPlan } from './api/update-trial-plan';
import { checkoutReturnUrls } from './checkout-return';
import type { PlanAction } from './plan-card-state';

const { billing } = ACCOUNT_MESSAGES;

/** The page reloads this long after a trial switch, so the toast is seen first. */
export const TRIAL_SWITCH_RELOAD_MS = 1_000;

/**
 * Carries out a plan choice (docs/product-rules.md, Choosing a plan) and says which card is
 * waiting. Leaving the page (checkout, reload) keeps the buttons disabled until the browser has
 * gone.
 */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  const updateTrialPlan = useUpdateTrialPlan();
  const createCheckoutSession = useCreateCheckoutSession();
  const switchToFree = useSwitchToFree();
  const [pendingPlan, setPendingPlan] = useState<CataloguePlan['name'] | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirmingFree, setConfirmingFree] = useState(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  const unmounted = useRef(false);

  useEffect(() => {
    // Back from the checkout page, the browser may restore this page as it was left: waiting.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setLeaving(false);
      setPendingPlan(null);
    };
    window.addEventListener('pageshow', onPageShow);
    unmounted.current = false;
    return () => {
      unmounted.current = true;
      window.removeEventListener('pageshow', onPageShow);
      window.clearTimeout(reloadTimer.current);
    };
  }, []);

  async function switchTrialPlan(plan: CataloguePlan) {
    setPendingPlan(plan.name);
    try {
      await updateTrialPlan.mutateAsync({ plan_type: PLAN_TYPE_OF[plan.name], plan_name: plan.name });
    } catch {
      setPendingPlan(null);
      toast.error(billing.updateFailed);
      return;
    }
    setLeaving(true);
    // The toast library may still be loading (it comes with a page's first toast): the second
    // before the reload counts from when the toast is up, not from when it was asked for.
    await toast.success(billing.switched(plan.label));
    if (unmounted.current) return;
    // A full reload: every screen's plan, credits and limits start afresh from the server.
    reloadTimer.current = window.setTimeout(() => window.location.assign(PATHS.pricing), TRIAL_SWITCH_RELOAD_MS);
  }

  async function checkout(plan: CataloguePlan) {
    setPendingPlan(plan.name);
    try {
      const prices = await queryClient.fetchQuery(planPricesQueryOptions);
      const priceId = prices.prices.find((price) => price.plan_name === plan.name)?.price_id;
      if (!priceId) throw new Error(`no price for ${plan.name}`);
      const planName = plan.name as PaidPlanName;
      const session = await createCheckoutSession.mutateAsync({
        priceId,
        planType: PLAN_TYPE_OF[plan.name],
        planName,
        // Marked, so the page we come back to can say what became of the payment.
        ...checkoutReturnUrls(window.location.origin, planName),
      });
      setLeaving(true);
      window.location.assign(session.url);
    } catch {
      setPendingPlan(null);
      toast.error(billing.paymentFailed);
    }
  }

  /** `planLabel`: the plan being left, for the toast. */
  async function confirmSwitchToFree(planLabel: string) {
    try {
      const result = await switchToFree.mutateAsync();
      setConfirmingFree(false);
      const endsAt = result.ends_at ? new Date(result.ends_at) : null;
      toast.success(
        endsAt && endsAt.getTime() > Date.now()
          ? billing.switchToFreeScheduled(planLabel, formatDate(endsAt))
          : billing.switchedToFree,
      );
    } catch {
      setConfirmingFree(false);
      toast.error(billing.updateFailed);
    }
  }

  function choose(plan: CataloguePlan, action: PlanAction) {
    if (action.kind === 'trial-switch') void switchTrialPlan(plan);
    else if (action.kind === 'confirm-free') setConfirmingFree(true);
    else if (action.kind === 'checkout') void checkout(plan);
  }

  return {
    choose,
    pendingPlan,
    busy: pendingPlan !== null || leaving || switchToFree.isPending,
    confirmingFree,
    setConfirmingFree,
    confirmSwitchToFree,
    switchingToFree: switchToFree.isPending,
  };
}
