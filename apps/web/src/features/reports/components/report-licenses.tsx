import type { Report, UpdateStatus } from '@licensewatch/shared/reports';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReportLicenses } from '../api/get-report-licenses';
import { groupLicensesByState } from '../group-licenses';
import { isUpdating } from '../update-progress';
import { LicenseTable } from './license-table';

function listStates(states: readonly string[]): string {
  if (states.length === 51) return 'all 50 states and Washington, DC';
  return states.join(', ');
}

/** The report's licenses as a table grouped by state (docs/product-rules.md, Reading reports). */
export function ReportLicenses({ report, status }: { report: Report; status: UpdateStatus | undefined }) {
  const licenses = useReportLicenses(report.id);
  if (licenses.isPending) return <PageSpinner label="Loading licenses…" />;
  if (licenses.isError) {
    return (
      <div className="space-y-4">
        <Alert tone="error">We couldn&apos;t load the licenses: {licenses.error.message}</Alert>
        <Button variant="secondary" pending={licenses.isFetching} onClick={() => licenses.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const groups = groupLicensesByState(licenses.data);
  const unavailable = status?.unavailable_states ?? [];
  const unavailableNote =
    unavailable.length > 0 ? (
      <Alert tone="warning">
        The board site was not available for {listStates(unavailable)}. We&apos;ll search again automatically; results
        there may be incomplete until then.
      </Alert>
    ) : null;

  if (groups.length === 0) {
    return (
      <div className="space-y-4">
        {unavailableNote}
        <EmptyState title={isUpdating(status) ? 'Searching the state boards…' : 'No licenses found'}>
          {isUpdating(status) ? 'Licenses will appear here as each state is searched.' : null}
          {!isUpdating(status) ? (
            <>
              We searched {listStates(report.states)} for {report.license_type} licenses and found none in this
              physician&apos;s name. Check the spelling of the name, or try a middle name.
            </>
          ) : null}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {unavailableNote}
      {groups.map((group) => (
        <section
          key={group.state}
          aria-labelledby={`state-${group.state.replace(/\W+/g, '-')}`}
          className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <h2
            id={`state-${group.state.replace(/\W+/g, '-')}`}
            className="flex items-baseline justify-between gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 text-base font-semibold text-slate-900"
          >
            {group.state}
            <span className="text-xs font-normal text-slate-600">
              {group.licenses.length} {group.licenses.length === 1 ? 'license' : 'licenses'}
            </span>
          </h2>
          <LicenseTable reportId={report.id} state={group.state} licenses={group.licenses} />
        </section>
      ))}
    </div>
  );
}
