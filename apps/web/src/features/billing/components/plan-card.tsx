import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { CataloguePlan } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useId } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useRegistrationOpen } from '../../../session/get-app-settings';
import type { PlanCardState } from '../plan-card-state';

type PlanCardProps = {
  plan: CataloguePlan;
  state: PlanCardState;
  /** This card's request is on its way (spinner on its button). */
  pending: boolean;
  onChoose: (plan: CataloguePlan) => void;
};

const LINK_TARGETS: Partial<Record<PlanCardState['action']['kind'], string>> = {
  'sign-up': PATHS.signup,
  'contact-sales': PATHS.contact,
};

function Badge({ children, tone }: { children: string; tone: 'teal' | 'slate' }) {
  return (
    <span
      className={cn(
        'rounded-full px-3 py-0.5 text-xs font-semibold',
        tone === 'teal' ? 'bg-teal-700 text-white' : 'bg-slate-800 text-white',
      )}
    >
      {children}
    </span>
  );
}

export function PlanCard({ plan, state, pending, onChoose }: PlanCardProps) {
  const headingId = useId();
  const highlighted = state.current || state.recommended;
  // While the operator has closed sign-up (user_registration_enabled), a visitor is offered Sign In.
  const registrationOpen = useRegistrationOpen();
  const signUpClosed = state.action.kind === 'sign-up' && !registrationOpen;
  const to = signUpClosed ? PATHS.login : LINK_TARGETS[state.action.kind];
  const buttonLabel = signUpClosed ? 'Sign In' : state.buttonLabel;
  // The plan's name completes the button's name: every card has a 'Sign Up' or 'Subscribe' button.
  const buttonName = `${buttonLabel}: ${plan.label} plan`;
  const variant = state.recommended && !state.current ? 'primary' : 'secondary';

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        state.current
          ? 'border-slate-800 ring-1 ring-slate-800'
          : highlighted
            ? 'border-teal-600 ring-1 ring-teal-600'
            : 'border-slate-200',
      )}
    >
      {state.current || state.recommended ? (
        <div className="absolute -top-3 left-6 flex gap-2">
          {state.current ? <Badge tone="slate">Current</Badge> : null}
          {state.recommended ? <Badge tone="teal">Recommended</Badge> : null}
        </div>
      ) : null}
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {plan.label}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{plan.price}</span>
        <span className="text-sm text-slate-600">{plan.period}</span>
      </p>
      {state.trialLabel ? (
        <p className="mt-2 inline-flex w-fit rounded-md bg-emerald-50 px-2 py-0.5 text-sm font-medium text-emerald-800">
          {ACCOUNT_MESSAGES.billing.trialLabel}
        </p>
      ) : null}
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
      {to && !state.disabled ? (
        <ButtonLink to={to} variant={variant} className="mt-8 w-full" aria-label={buttonName}>
          {buttonLabel}
        </ButtonLink>
      ) : (
        <Button
          variant={variant}
          className="mt-8 w-full"
          aria-label={buttonName}
          disabled={state.disabled}
          pending={pending}
          onClick={() => onChoose(plan)}
        >
          {state.buttonLabel}
        </Button>
      )}
    </article>
  );
}
