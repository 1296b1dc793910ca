import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Container } from '../../../components/ui/container';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatDate, formatNumber, maskApiKey } from '../../../lib/format';
import { useCredentials } from '../../../session/get-credentials';
import { useCurrentPlan } from '../../../session/get-current-plan';
import { useOrganisations } from '../../../session/get-organisations';
import { PageTitle } from '../../../session/page-title';
import { useRegenerateApiKey } from '../api/regenerate-api-key';
import { ApiKeyScopes } from './api-key-scopes';
import { ApiUsagePanel } from './api-usage-panel';
import { CreditHistory } from './credit-history';

const { apiKey: messages } = ACCOUNT_MESSAGES;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

export function OverviewPage() {
  const credentials = useCredentials();
  // Only the trial's end comes from here; the plan itself is on the credentials record.
  const currentPlan = useCurrentPlan(true);
  const regenerate = useRegenerateApiKey();
  const organisations = useOrganisations();
  const activeOrganisation = organisations.data?.organisations.find(
    (o) => o.id === organisations.data?.active_organisation_id,
  );
  const [confirming, setConfirming] = useState(false);
  const data = credentials.data;

  async function copyKey() {
    if (!data?.credential_key) return;
    try {
      await navigator.clipboard.writeText(data.credential_key);
      toast.success(messages.copied);
    } catch {
      toast.error(messages.copyFailed);
    }
  }

  async function regenerateKey() {
    try {
      await regenerate.mutateAsync();
      toast.success(messages.regenerated);
    } catch {
      toast.error(messages.regenerateFailed);
    } finally {
      setConfirming(false);
    }
  }

  if (credentials.isPending) {
    return (
      <Container className="py-10">
        <PageTitle title="License Information" />
        <PageSpinner label="Loading your plan and API key…" />
      </Container>
    );
  }

  const plan = data?.reports_plan;
  const trialEndsAt =
    currentPlan.data?.is_trial && currentPlan.data.plan_name === plan?.plan_name
      ? currentPlan.data.trial_ends_at
      : null;

  return (
    <Container className="py-10">
      <PageTitle title="License Information" />
      <PageHeader title="License Information" description="Your plan, remaining credits and API key." />
      {credentials.isError || !data || !plan ? (
        <div className="max-w-2xl space-y-4">
          <Alert tone="error">{messages.loadFailed}</Alert>
          <Button variant="secondary" pending={credentials.isFetching} onClick={() => credentials.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Card className="max-w-3xl divide-y divide-slate-200">
          <section aria-labelledby="overview-plan" className="p-6">
            <h2 id="overview-plan" className="text-sm font-medium text-slate-600">
              Current plan
            </h2>
            <div className="mt-1 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
              <p className="text-xl font-semibold text-slate-900">
                {PLAN_LABELS[plan.plan_name]}
                {trialEndsAt ? (
                  <span className="ml-2 text-sm font-normal text-slate-600">
                    Free trial until {formatDate(trialEndsAt)}
                  </span>
                ) : null}
              </p>
              <Link
                to={PATHS.pricing}
                className="text-sm font-semibold text-teal-800 underline-offset-2 hover:underline"
              >
                Change plan
              </Link>
            </div>
            {plan.plan_name === 'free' ? (
              // Free never lapses: its end_date is when it renews itself (ADR 026), not an ending.
              <p className="mt-3 text-slate-700">
                This plan will end on <span className="font-semibold text-slate-900">-</span>: Free does not end, it
                renews itself each month (next renewal {formatDate(plan.end_date)}).
              </p>
            ) : (
              <p className="mt-3 text-slate-700">
                This plan will end on <span className="font-semibold text-slate-900">{formatDate(plan.end_date)}</span>
              </p>
            )}
            <dl className="mt-6 grid gap-4 sm:grid-cols-2">
              <Stat label="Available Credits" value={formatNumber(data.amount)} />
              <Stat
                label="Available Reports"
                value={plan.remain_report_number === null ? 'Unlimited' : formatNumber(plan.remain_report_number)}
              />
            </dl>
          </section>
          <section aria-labelledby="overview-api-key" className="p-6">
            <h2 id="overview-api-key" className="text-sm font-medium text-slate-600">
              API key
            </h2>
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <code className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-800">
                {maskApiKey(data.credential_key)}
              </code>
              <div className="flex gap-2">
                <Button variant="secondary" size="sm" onClick={copyKey} disabled={!data.credential_key}>
                  Copy
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  pending={regenerate.isPending}
                  onClick={() => setConfirming(true)}
                >
                  Regenerate
                </Button>
              </div>
            </div>
            <p className="mt-3 text-sm text-slate-600">
              Send it with each call as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code> (a search
              also takes it as <code className="font-mono">credential_key</code> in the form); see the{' '}
              <Link to={PATHS.apiDocs} className="font-medium text-teal-800 underline underline-offset-2">
                API documentation
              </Link>
              .
            </p>
            {activeOrganisation ? (
              <p className="mt-2 text-sm text-slate-600">
                This is your own key for {activeOrganisation.name}: its calls spend the organization’s API credits, and
                it stops working if you leave. Each member has a key of their own.
              </p>
            ) : null}
            <ApiKeyScopes scopes={data.credential_scopes} viewer={activeOrganisation?.role === 'viewer'} />
          </section>
        </Card>
      )}
      <ApiUsagePanel />
      <CreditHistory />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!regenerate.isPending) setConfirming(open);
        }}
        title={messages.confirmTitle}
        confirmLabel="Regenerate"
        pendingLabel="Regenerating…"
        pending={regenerate.isPending}
        onConfirm={regenerateKey}
      >
        <p>{messages.confirmText}</p>
        <p className="mt-2 text-slate-600">Requests that still send the current key will be refused.</p>
      </ConfirmDialog>
    </Container>
  );
}
