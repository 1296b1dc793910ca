import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { type CataloguePlan, type PaidPlanName, PLAN_TYPE_OF } from '@licensewatch/shared/plans';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { formatDate } from '../../lib/format';
import { refreshWorkspaceQueries } from '../../session/get-organisations';
import { useCreateCheckoutSession } from './api/create-checkout-session';
import { planPricesQueryOptions } from './api/get-plan-prices';
import { useSwitchToFree } from './api/switch-to-free';
import { useUpdateTrialPlan } from './api/update-trial-plan';
import { checkoutReturnUrls } from './checkout-return';
import type { PlanAction } from './plan-card-state';

const { billing } = ACCOUNT_MESSAGES;

/**
 * Carries out a plan choice (docs/product-rules.md, Choosing a plan) and says which card is
 * waiting. Leaving the page (checkout) keeps the buttons disabled until the browser has gone.
 */
export function useChoosePlan() {
  const queryClient = useQueryClient();
  const updateTrialPlan = useUpdateTrialPlan();
  const createCheckoutSession = useCreateCheckoutSession();
  const switchToFree = useSwitchToFree();
  const [pendingPlan, setPendingPlan] = useState<CataloguePlan['name'] | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [confirmingFree, setConfirmingFree] = useState(false);

  useEffect(() => {
    // Back from the checkout page, the browser may restore this page as it was left: waiting.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setLeaving(false);
      setPendingPlan(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
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
    // In place, no reload (which went through the prerendered, signed-out page): every screen's
    // plan, credits and limits are read again from the server, the cards included.
    await refreshWorkspaceQueries(queryClient);
    setPendingPlan(null);
    toast.success(billing.switched(plan.label));
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
