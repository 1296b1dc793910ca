import { type KeyboardEvent, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { PageTitle } from '../../../components/ui/page-title';
import { cn } from '../../../lib/cn';
import { PATHS } from '../../../lib/paths';
import { useMe } from '../../auth/api/get-me';
import { PLANS, type Plan, type PlanType } from '../plans';

const TABS: { type: PlanType; label: string }[] = [
  { type: 'individual', label: 'Individual Plans' },
  { type: 'business', label: 'Business Plans' },
];

function planAction(plan: Plan, signedIn: boolean): { label: string; to: string } {
  if (!signedIn) return { label: 'Sign Up', to: PATHS.signup };
  if (plan.type === 'business') return { label: 'Contact Sales', to: PATHS.contact };
  return { label: 'Go to Dashboard', to: PATHS.dashboard };
}

function PlanCard({ plan, signedIn }: { plan: Plan; signedIn: boolean }) {
  const recommended = plan.id === 'premium';
  const action = planAction(plan, signedIn);
  return (
    <div
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        recommended ? 'border-teal-600 ring-1 ring-teal-600' : 'border-slate-200',
      )}
    >
      {recommended ? (
        <span className="absolute -top-3 left-6 rounded-full bg-teal-700 px-3 py-0.5 text-xs font-semibold text-white">
          Recommended
        </span>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
        <span className="text-sm text-slate-500">{plan.period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <svg
              viewBox="0 0 20 20"
              className="mt-0.5 size-4 shrink-0 text-teal-700"
              fill="currentColor"
              aria-hidden="true"
            >
              <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
            </svg>
            {feature}
          </li>
        ))}
      </ul>
      <ButtonLink
        to={action.to}
        variant={recommended ? 'primary' : 'secondary'}
        className="mt-8 w-full"
        aria-label={`${action.label}: ${plan.name} plan`}
      >
        {action.label}
      </ButtonLink>
    </div>
  );
}

export function PricingPage() {
  const me = useMe();
  const [searchParams, setSearchParams] = useSearchParams();
  const active: PlanType = searchParams.get('tab') === 'business' ? 'business' : 'individual';
  const baseId = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function select(type: PlanType) {
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

  const plans = PLANS.filter((plan) => plan.type === active);

  return (
    <Container className="py-12 sm:py-16">
      <PageTitle title="Plans" />
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Plans</h1>
        <p className="mt-3 text-slate-600">
          Simple monthly pricing for individual physicians and for practices that manage many licenses.
        </p>
      </div>

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
          <p className="mb-8 text-center text-sm font-medium text-teal-800">
            All individual plans include a 3-month free trial
          </p>
        ) : (
          <p className="mb-8 text-center text-sm text-slate-600">
            For clinics, credentialing teams and developers who need volume and API access.
          </p>
        )}
        <div className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} signedIn={Boolean(me.data)} />
          ))}
        </div>
      </div>
    </Container>
  );
}
