import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { CurrentPlan } from '@licensewatch/shared/billing';
import { canManage, type OrganisationList } from '@licensewatch/shared/organisations';
import { PLAN_CATALOGUE, PLAN_LABELS } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type KeyboardEvent, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Container } from '../../../components/ui/container';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';
import { useHydrated } from '../../../lib/use-hydrated';
import { useCurrentPlan } from '../../../session/get-current-plan';
import { useMe } from '../../../session/get-me';
import { useOrganisations } from '../../../session/get-organisations';
import { PageTitle } from '../../../session/page-title';
import { usePlanPrices } from '../api/get-plan-prices';
import { isTrialViewer, type PlanViewer, type PlanWorkspace, planCardState } from '../plan-card-state';
import { useChoosePlan } from '../use-choose-plan';
import { CheckoutReturnNotice } from './checkout-return-notice';
import { ManageBillingButton } from './manage-billing-button';
import { PlanCard } from './plan-card';
import { PlanComparisonTable } from './plan-comparison-table';

type Tab = 'individual' | 'business';

const TABS: { type: Tab; label: string }[] = [
  { type: 'individual', label: 'Individual Plans' },
  { type: 'business', label: 'Business Plans' },
];

const { billing } = ACCOUNT_MESSAGES;

/**
 * Where the workspace stands: its plan, its trial or end, and the way to the billing portal (for
 * whoever may change the plan).
 */
function CurrentPlanSummary({ plan, workspace }: { plan: CurrentPlan; workspace: PlanWorkspace | null }) {
  const label = PLAN_LABELS[plan.plan_name];
  const paid = plan.plan_name !== 'free' && !plan.is_trial;
  let detail: string | null = null;
  if (plan.is_trial) detail = `Free trial until ${formatDate(plan.trial_ends_at)}`;
  else if (plan.cancel_at_period_end && plan.end_date)
    detail = billing.switchToFreeScheduled(label, formatDate(plan.end_date));
  else if (paid && plan.end_date) detail = `Paid through ${formatDate(plan.end_date)}`;
  const whose = workspace?.organisation ? billing.organisationPlan(workspace.organisation) : 'Your plan';
  return (
    <section
      aria-label={whose}
      className="mx-auto mt-8 flex max-w-3xl flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm sm:w-fit sm:flex-row sm:gap-4 sm:px-6"
    >
      <p className="text-center text-slate-700">
        {whose}: <strong className="font-semibold text-slate-900">{label}</strong>
        {detail ? <span className="block text-slate-600 sm:ml-2 sm:inline">{detail}</span> : null}
      </p>
      {paid && plan.has_billing_account && workspace?.canManage !== false ? <ManageBillingButton /> : null}
    </section>
  );
}

export function PricingPage() {
  const me = useMe();
  const signedIn = Boolean(me.data);
  const currentPlan = useCurrentPlan(signedIn);
  // The plan belongs to the workspace the session works in (ADR 019): its name and who may change it.
  const organisations = useOrganisations(signedIn);
  const prices = usePlanPrices();
  const choice = useChoosePlan();
  const [searchParams, setSearchParams] = useSearchParams();
  // The prerendered page shows the individual plans; the address's tab follows the takeover.
  const hydrated = useHydrated();
  const active: Tab = hydrated && searchParams.get('tab') === 'business' ? 'business' : 'individual';
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const current = signedIn ? (currentPlan.data ?? null) : null;
  const workspace = signedIn ? planWorkspace(organisations.data) : null;
  // A disabled query stays "pending" forever: only a signed-in visitor waits for the plan and workspace.
  const loading = me.isPending || (signedIn && (currentPlan.isPending || organisations.isPending));
  const viewer: PlanViewer = {
    signedIn: loading ? null : signedIn,
    current,
    busy: loading || choice.busy,
    workspace,
  };
  const inTrial = isTrialViewer(viewer);
  // Every new account starts with the trial, so visitors are told too; after it, nobody is.
  const showTrialSentence = inTrial || (!signedIn && !me.isPending);

  function select(type: Tab) {
    setSearchParams(
      (params) => {
        if (type === 'business') params.set('tab', 'business');
        else params.delete('tab');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // WAI-ARIA tabs: arrow keys move between tabs, and selection follows focus.
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = (index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    select(tab.type);
    tabRefs.current[next]?.focus();
  }

  const plans = PLAN_CATALOGUE.filter((plan) => plan.type === active);
  const currentLabel = current ? PLAN_LABELS[current.plan_name] : '';

  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title="Plans" />
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Plans</h1>
        <p className="mt-3 text-slate-600">
          Simple monthly pricing for individual physicians and for practices that manage many licenses.
        </p>
        {prices.data?.test_mode ? (
          <p className="mt-4 inline-flex rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900">
            {billing.testMode}
          </p>
        ) : null}
      </div>

      {/* A checkout cancelled at the provider comes back here; the plan is unchanged. */}
      <CheckoutReturnNotice className="mx-auto mt-8 max-w-3xl" />
      {current ? <CurrentPlanSummary plan={current} workspace={workspace} /> : null}
      {signedIn && currentPlan.isError ? (
        <Alert tone="warning" className="mx-auto mt-8 max-w-3xl text-center">
          Your current plan could not be loaded. Refresh the page to try again.
        </Alert>
      ) : null}

      <div className="mt-10 flex justify-center">
        <div role="tablist" aria-label="Plan type" className="inline-flex rounded-xl bg-slate-100 p-1">
          {TABS.map((tab, index) => {
            const selected = tab.type === active;
            return (
              <button
                key={tab.type}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.type}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                onClick={() => select(tab.type)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  'rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
                  selected ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>

      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
        className="mx-auto mt-10 max-w-5xl"
      >
        <h2 className="sr-only">{active === 'business' ? 'Business Plans' : 'Individual Plans'}</h2>
        {active === 'individual' ? (
          showTrialSentence ? (
            <p className="mb-8 text-center text-sm font-medium text-teal-800">{billing.trialIncluded}</p>
          ) : (
            <p className="mb-8 text-center text-sm text-slate-600">For physicians tracking their own licenses.</p>
          )
        ) : (
          <div className="mb-8 space-y-2 text-center text-sm text-slate-600">
            <p>For clinics, credentialing teams and developers who need volume and API access.</p>
            <BusinessWorkspaceNote workspace={workspace} />
          </div>
        )}
        {workspace?.organisation && !workspace.canManage ? (
          <Alert tone="info" className="mx-auto mb-8 max-w-3xl text-center">
            {billing.managersOnly(workspace.organisation)}
          </Alert>
        ) : null}
        <div className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => {
            const state = planCardState(plan, viewer);
            return (
              <PlanCard
                key={plan.name}
                plan={plan}
                state={state}
                pending={choice.pendingPlan === plan.name}
                onChoose={(chosen) => choice.choose(chosen, state.action)}
              />
            );
          })}
        </div>
        <PlanComparisonTable
          plans={plans}
          caption={active === 'business' ? 'Business plans compared' : 'Individual plans compared'}
        />
      </div>

      <ConfirmDialog
        open={choice.confirmingFree}
        onOpenChange={choice.setConfirmingFree}
        title={billing.switchToFreeTitle}
        confirmLabel="Confirm"
        pendingLabel="Switching…"
        pending={choice.switchingToFree}
        onConfirm={() => choice.confirmSwitchToFree(currentLabel)}
      >
        <p>{billing.switchToFreeText(currentLabel)}</p>
      </ConfirmDialog>
    </Container>
  );
}

/** Whose plan the cards change: the organisation the session works in, or one's own workspace. */
function planWorkspace(list: OrganisationList | undefined): PlanWorkspace | null {
  if (!list) return null;
  const active = list.organisations.find((o) => o.id === list.active_organisation_id);
  return active
    ? { organisation: active.name, canManage: canManage(active.role) }
    : { organisation: null, canManage: true };
}

/** On the business tab: which workspace a business plan would be bought for, or how to get to one. */
function BusinessWorkspaceNote({ workspace }: { workspace: PlanWorkspace | null }) {
  if (!workspace) return null;
  if (workspace.organisation)
    return <p className="font-medium text-teal-800">{billing.businessForOrganisation(workspace.organisation)}</p>;
  return (
    <p>
      {billing.businessFromPersonal}{' '}
      <Link to={PATHS.organisation} className="font-medium text-teal-800 underline underline-offset-2">
        Your organization
      </Link>
    </p>
  );
}
