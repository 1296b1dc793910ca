import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import { formatDateTime, physicianName } from '../../../lib/format';
import { REPORTS_QUERY_KEY, reportQueryKey } from '../../../lib/report-query-keys';
import { useCanChangeRoster } from '../../../session/can-change-roster';
import { PageTitle } from '../../../session/page-title';
import { useReport } from '../api/get-report';
import { useUpdateStatus } from '../api/get-update-status';
import { isPlanExpiredError } from '../plan-expiry';
import { HiddenLicenses } from './hidden-licenses';
import { PossibleMatches } from './possible-matches';
import { ReportCheckInterval } from './report-check-interval';
import { ReportCounts } from './report-counts';
import { ReportDownloadLinks } from './report-download-links';
import { ReportLicenses } from './report-licenses';
import { ReportNpi } from './report-npi';
import { ReportStateOutcomes } from './report-state-outcomes';
import { UpdateProgressBar } from './update-progress-bar';
import { VerifyByHand } from './verify-by-hand';

function BackLink() {
  return (
    <ButtonLink to={PATHS.dashboard} variant="ghost" size="sm" className="mb-4 -ml-3">
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M12 5l-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Back to Dashboard
    </ButtonLink>
  );
}

export function ReportDetailPage({
  exclusions,
}: {
  /** The report's exclusion check (features/exclusions), composed in by app/. */
  exclusions: (report: Report, canChange: boolean) => ReactNode;
}) {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const report = useReport(id);
  const status = useUpdateStatus(id, report.isSuccess);
  const planExpired = isPlanExpiredError(report.error);
  // An organisation's viewer reads the report but changes nothing (the server answers 403 VIEWER_READ_ONLY).
  const canChange = useCanChangeRoster();

  useEffect(() => {
    if (planExpired) toast.error(MESSAGES.reports.planExpired, { toastId: 'plan-expired' });
  }, [planExpired]);

  if (report.isPending) {
    return (
      <Container className="py-10">
        <PageTitle title="Report" />
        <PageSpinner label="Loading the report…" />
      </Container>
    );
  }

  if (report.isError) {
    const notFound = isApiError(report.error, 404);
    return (
      <Container className="py-10">
        <PageTitle title={notFound ? MESSAGES.reports.notFound : 'Report'} />
        {notFound ? null : <BackLink />}
        {notFound ? (
          <>
            <h1 className="sr-only">Report</h1>
            <EmptyState
              title={MESSAGES.reports.notFound}
              action={<ButtonLink to={PATHS.dashboard}>Back to Dashboard</ButtonLink>}
            >
              This report doesn&apos;t exist or was deleted. Your reports are listed on the dashboard.
            </EmptyState>
          </>
        ) : planExpired ? (
          <>
            <h1 className="mb-6 text-2xl font-bold text-slate-900">Report</h1>
            <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
              <span>{MESSAGES.reports.planExpired}</span>
              <ButtonLink to={PATHS.pricing} size="sm">
                Renew Plan
              </ButtonLink>
            </Alert>
          </>
        ) : (
          <>
            <h1 className="mb-6 text-2xl font-bold text-slate-900">Report</h1>
            <div className="max-w-2xl space-y-4">
              <Alert tone="error">We couldn&apos;t load this report: {report.error.message}</Alert>
              <Button variant="secondary" pending={report.isFetching} onClick={() => report.refetch()}>
                Try again
              </Button>
            </div>
          </>
        )}
      </Container>
    );
  }

  const data = report.data;
  const physician = physicianName(data);
  const reloadAfterUpdate = () =>
    Promise.all([
      // The report, its licenses and the dashboard's counts all changed with the update.
      queryClient.invalidateQueries({ queryKey: reportQueryKey(id) }),
      queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
    ]);

  return (
    <Container className="py-10">
      <PageTitle title={data.name || physician} />
      <BackLink />
      <header className="mb-8 space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{physician}</h1>
          <p className="mt-1 text-slate-600">
            {data.license_type}
            {data.name && data.name !== physician ? ` · ${data.name}` : ''} · {data.states.length}{' '}
            {data.states.length === 1 ? 'state' : 'states'} · Last updated{' '}
            {formatDateTime(data.update_excuted_date, 'not yet')}
          </p>
          <div className="mt-2">
            <ReportNpi report={data} canChange={canChange} />
          </div>
          <div className="mt-3">
            <ReportCheckInterval report={data} canChange={canChange} />
          </div>
          <UpdateProgressBar reportId={id} onComplete={reloadAfterUpdate} />
        </div>
        {exclusions(data, canChange)}
        <ReportDownloadLinks reportId={id} />
        <ReportCounts report={data} />
        <ReportStateOutcomes reportId={id} />
        {data.untracked_over_limit > 0 ? (
          <Alert tone="info">
            {data.untracked_over_limit} more {data.untracked_over_limit === 1 ? 'license was' : 'licenses were'} found
            but not tracked because your plan&apos;s license limit was reached.{' '}
            <Link to={PATHS.pricing} className="font-semibold underline">
              See plans
            </Link>
          </Alert>
        ) : null}
      </header>
      <VerifyByHand report={data} canChange={canChange} className="mb-6" />
      <PossibleMatches reportId={data.id} physician={physician} className="mb-6" />
      <ReportLicenses report={data} status={status.data} />
      <HiddenLicenses reportId={data.id} className="mt-6" />
    </Container>
  );
}
