import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { useApiUsage } from '../api/get-api-usage';
import { ApiUsageChart } from './api-usage-chart';
import { OverviewSection } from './overview-section';

const { apiUsage: messages } = ACCOUNT_MESSAGES;

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {detail ? <dd className="text-sm text-slate-600 tabular-nums">{detail}</dd> : null}
    </div>
  );
}

/** Grey blocks where the numbers and the chart will be, so the page does not jump when they come. */
function Skeleton() {
  return (
    <div role="status">
      <span className="sr-only">{messages.loading}</span>
      <div className="grid grid-cols-2 gap-4" aria-hidden="true">
        <div className="h-[5.5rem] rounded-lg bg-slate-100 motion-safe:animate-pulse" />
        <div className="h-[5.5rem] rounded-lg bg-slate-100 motion-safe:animate-pulse" />
      </div>
      <div className="mt-6 h-52 rounded-lg bg-slate-100 motion-safe:animate-pulse" aria-hidden="true" />
    </div>
  );
}

/**
 * The key owner's search API calls on /overview (docs/product-rules.md, API usage): this month's
 * calls, the credits left and the last 30 days by day. Its own query, so a slow or failed answer
 * leaves the key and plan above it usable.
 */
export function ApiUsagePanel() {
  const usage = useApiUsage();
  const data = usage.data;

  let body: ReactNode;
  if (usage.isPending) {
    body = <Skeleton />;
  } else if (usage.isError || !data) {
    body = (
      <div className="space-y-4">
        <Alert tone="error">{messages.loadFailed}</Alert>
        <Button variant="secondary" pending={usage.isFetching} onClick={() => usage.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    // The chart's days reach back before the month only; a month with calls has some in them but
    // on the 31st, when its 1st is the day before the chart: then the chart shows its zeros.
    const anyCalls = data.calls_this_month > 0 || data.days.some((day) => day.calls > 0);
    body = (
      <>
        <dl className="grid grid-cols-2 gap-4">
          <Stat
            label={messages.callsThisMonth}
            value={formatNumber(data.calls_this_month)}
            detail={data.calls_this_month > 0 ? messages.billed(formatNumber(data.billed_this_month)) : undefined}
          />
          <Stat label={messages.creditsLeft} value={formatNumber(data.credits_remaining)} />
        </dl>
        {anyCalls ? (
          <ApiUsageChart days={data.days} />
        ) : (
          <p className="mt-6 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            <span className="font-semibold text-slate-900">{messages.empty}</span> —{' '}
            <Link to={PATHS.apiDocs} className="font-medium text-teal-800 underline underline-offset-2">
              {messages.emptyLink}
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <OverviewSection
      id="overview-api-usage"
      title={messages.title}
      description={messages.description}
      cardClassName="p-4 sm:p-6"
    >
      {body}
    </OverviewSection>
  );
}
