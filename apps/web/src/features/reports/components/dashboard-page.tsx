import { MESSAGES } from '@licensewatch/shared/messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type ReactNode, useEffect } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useCanChangeRoster } from '../../../session/can-change-roster';
import { useCredentials } from '../../../session/get-credentials';
import { PageTitle } from '../../../session/page-title';
import { useReports } from '../api/get-reports';
import { isDashboardPlanExpired } from '../plan-state';
import { ReportTable } from './report-table';

const plusIcon = (
  <svg viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M8 3v10M3 8h10" strokeLinecap="round" />
  </svg>
);

const reportIcon = (
  <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" strokeLinejoin="round" />
    <path d="M14 3v5h5M9 13h6M9 17h4" strokeLinecap="round" />
  </svg>
);

/** `notice`: news the app shell brings to this page (the checkout's outcome), under the header. */
export function DashboardPage({ notice }: { notice?: ReactNode }) {
  const reports = useReports();
  const credentials = useCredentials();
  const expired = isDashboardPlanExpired(reports.error, credentials.data);
  const canImport = useCanChangeRoster();

  useEffect(() => {
    // One toast per visit, however often the queries settle (toastId dedupes).
    if (expired) toast.error(MESSAGES.reports.planExpired, { toastId: 'plan-expired' });
  }, [expired]);

  return (
    <Container className="py-10">
      <PageTitle title="Dashboard" />
      <PageHeader
        title="Medical License Reports"
        description="Each report tracks one physician's licenses across the states you choose."
        actions={
          expired ? (
            <Button disabled>{plusIcon}Create New Report</Button>
          ) : (
            <>
              {canImport ? (
                <ButtonLink to={PATHS.rosterImport} variant="secondary">
                  Import roster
                </ButtonLink>
              ) : null}
              <ButtonLink to={PATHS.newReport}>
                {plusIcon}
                Create New Report
              </ButtonLink>
            </>
          )
        }
      />
      {notice}
      {expired ? (
        <Alert tone="warning" className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <span>{MESSAGES.reports.planExpired}</span>
          <ButtonLink to={PATHS.pricing} size="sm">
            Renew Plan
          </ButtonLink>
        </Alert>
      ) : null}
      <DashboardContent expired={expired} reports={reports} />
    </Container>
  );
}

function DashboardContent({ expired, reports }: { expired: boolean; reports: ReturnType<typeof useReports> }) {
  if (reports.isPending) return <PageSpinner label="Loading your reports…" />;
  if (reports.isError && !expired) {
    return (
      <div className="max-w-2xl space-y-4">
        <Alert tone="error">We couldn&apos;t load your reports: {reports.error.message}</Alert>
        <Button variant="secondary" pending={reports.isFetching} onClick={() => reports.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const list = reports.data ?? [];
  if (list.length === 0) {
    if (expired) {
      // The server withholds the list on an expired plan: an empty, greyed list says so.
      return (
        <div className="rounded-xl border border-slate-200 bg-slate-50 px-6 py-12 text-center text-sm text-slate-600 opacity-70 grayscale">
          Your reports are unavailable until you renew your plan.
        </div>
      );
    }
    return (
      <EmptyState
        title="No reports yet"
        icon={reportIcon}
        action={<ButtonLink to={PATHS.newReport}>Create your first report</ButtonLink>}
      >
        Create a report with a physician&apos;s name, license type and states, and we&apos;ll gather their licenses,
        statuses and renewal dates here.
      </EmptyState>
    );
  }
  return <ReportTable reports={list} expired={expired} />;
}
