import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { PLAN_LABELS, PLAN_TYPE_OF } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useCredentials } from '../../../session/get-credentials';
import { useCurrentPlan } from '../../../session/get-current-plan';
import { ManageBillingButton } from './manage-billing-button';

const { billing } = ACCOUNT_MESSAGES;

type WorkspacePlanCardProps = {
  /** Members now (seats used); no plan limits them (docs/product-rules.md, Catalogue and entitlements). */
  members: number;
  /** An owner or admin: may change the plan and open the billing portal. */
  canManage: boolean;
};

/**
 * The organisation's plan on /organization (docs/product-rules.md, Organisations): what it is on and
 * until when, the credits its members share, its seats, and where to change or pay for it.
 */
export function WorkspacePlanCard({ members, canManage }: WorkspacePlanCardProps) {
  const plan = useCurrentPlan(true);
  const credentials = useCredentials();
  const current = plan.data;
  const record = credentials.data;

  let status: string | null = null;
  if (current?.is_trial) status = `Free trial until ${formatDate(current.trial_ends_at)}`;
  else if (current?.cancel_at_period_end && current.end_date)
    status = billing.switchToFreeScheduled(PLAN_LABELS[current.plan_name], formatDate(current.end_date));
  else if (current && current.plan_name !== 'free' && current.end_date)
    status = `Paid through ${formatDate(current.end_date)}`;
  const paid = Boolean(current && current.plan_name !== 'free' && !current.is_trial);
  const pricing = `${PATHS.pricing}${current && PLAN_TYPE_OF[current.plan_name] === 'individual' ? '' : '?tab=business'}`;

  return (
    <Card className="space-y-4 p-6">
      <section aria-labelledby="plan-and-billing" className="space-y-4">
        <h2 id="plan-and-billing" className="text-base font-semibold text-slate-900">
          Plan and billing
        </h2>
        {plan.isPending || credentials.isPending ? (
          <Spinner label="Loading the plan…" />
        ) : plan.isError || credentials.isError || !current || !record ? (
          <p className="text-sm text-red-700">The plan could not be loaded. Refresh the page to try again.</p>
        ) : (
          <>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Plan</dt>
              <dd className="font-semibold text-slate-900">
                {PLAN_LABELS[current.plan_name]}
                {status ? <span className="block font-normal text-slate-600">{status}</span> : null}
              </dd>
              <dt className="text-slate-600">Report credits left</dt>
              <dd className="font-medium text-slate-900">
                {record.reports_plan.remain_report_number === null
                  ? 'Unlimited'
                  : record.reports_plan.remain_report_number.toLocaleString('en-US')}
              </dd>
              <dt className="text-slate-600">API credits left</dt>
              <dd className="font-medium text-slate-900">{record.amount.toLocaleString('en-US')}</dd>
              <dt className="text-slate-600">Seats</dt>
              <dd className="font-medium text-slate-900">
                {members === 1 ? '1 member' : `${members.toLocaleString('en-US')} members`}
                <span className="block font-normal text-slate-600">Every plan allows any number of members.</span>
              </dd>
            </dl>
            {canManage ? (
              <div className="flex flex-wrap gap-3">
                <ButtonLink to={pricing} variant={paid ? 'secondary' : 'primary'} size="sm">
                  {paid ? 'Change plan' : 'Choose a business plan'}
                </ButtonLink>
                {paid && current.has_billing_account ? <ManageBillingButton /> : null}
              </div>
            ) : (
              <p className="text-sm text-slate-600">Only an owner or admin can change the plan.</p>
            )}
          </>
        )}
      </section>
    </Card>
  );
}
