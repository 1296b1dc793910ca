import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { type PaidPlanName, PLAN_LABELS } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { ConfirmationState } from '../checkout-return';
import { useCheckoutConfirmation, useCheckoutReturn } from '../use-checkout-return';

const { billing } = ACCOUNT_MESSAGES;

type Tone = 'info' | 'success' | 'warning';

const TONES: Record<Tone, string> = {
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

const TONE_OF: Record<ConfirmationState, Tone> = { confirming: 'info', confirmed: 'success', slow: 'warning' };

function NoticeBox({ tone, onDismiss, children }: { tone: Tone; onDismiss: () => void; children: ReactNode }) {
  return (
    <div
      data-checkout-notice=""
      className={cn('flex items-start gap-2 rounded-lg border py-1 pl-4 text-sm leading-relaxed', TONES[tone])}
    >
      {/* Padded so one line sits level with the 44 px dismiss target. */}
      <div className="min-w-0 flex-1 py-2.5">{children}</div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notice"
        // 44 px square: a finger's target (WCAG 2.5.5), also at phone width.
        className="grid size-11 shrink-0 place-items-center rounded-md opacity-80 transition hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-current"
      >
        <svg
          viewBox="0 0 20 20"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

function SuccessNotice({ plan, onDismiss }: { plan: PaidPlanName; onDismiss: () => void }) {
  const state = useCheckoutConfirmation(plan);
  const label = PLAN_LABELS[plan];
  return (
    <NoticeBox tone={TONE_OF[state]} onDismiss={onDismiss}>
      {state === 'confirming' ? (
        <p className="flex items-center gap-2">
          <Spinner />
          {billing.checkoutConfirming}
        </p>
      ) : null}
      {state === 'confirmed' ? <p className="font-semibold">{billing.checkoutConfirmed(label)}</p> : null}
      {state === 'slow' ? (
        <p>
          {billing.checkoutSlow(label)} {billing.checkoutSlowHelp}{' '}
          <Link to={PATHS.contact} className="font-semibold underline underline-offset-2">
            Contact support
          </Link>
          .
        </p>
      ) : null}
    </NoticeBox>
  );
}

/**
 * What became of a checkout, on the page the payment provider sent the browser back to: the plan
 * being confirmed and then active (/dashboard), or the checkout cancelled (/pricing). The live
 * region is always there, empty until there is news, so screen readers announce what comes.
 */
export function CheckoutReturnNotice({ className }: { className?: string }) {
  const { checkoutReturn, dismiss } = useCheckoutReturn();
  return (
    <div role="status" className={checkoutReturn ? className : undefined}>
      {checkoutReturn?.outcome === 'success' ? <SuccessNotice plan={checkoutReturn.plan} onDismiss={dismiss} /> : null}
      {checkoutReturn?.outcome === 'cancelled' ? (
        <NoticeBox tone="info" onDismiss={dismiss}>
          <p>{billing.checkoutCancelled}</p>
        </NoticeBox>
      ) : null}
    </div>
  );
}
