import type { Report, ReportLicense, UpdateStatus } from '@licensewatch/shared/reports';
import { useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReportCandidates } from '../api/get-report-candidates';
import { useReportLicenses } from '../api/get-report-licenses';
import { useReportStates } from '../api/get-report-states';
import { groupLicensesByState } from '../group-licenses';
import {
  DEFAULT_SORT,
  filterLicenses,
  nextSort,
  type SortKey,
  type SortOrder,
  type StatusFilter,
  sortLicenses,
  statusFilterLabel,
  statusOptions,
} from '../license-table-view';
import { isVerifiedByHandState } from '../state-outcomes';
import { isUpdating } from '../update-progress';
import { useReportView } from '../use-report-view';
import { LicenseTableControls } from './license-table-controls';
import { SortableLicenseTable } from './sortable-license-table';

function listStates(states: readonly string[]): string {
  if (states.length === 51) return 'all 50 states and Washington, DC';
  return states.join(', ');
}

/** The report's licenses: one sortable table, or grouped by state (docs/product-rules.md, Reading reports). */
export function ReportLicenses({ report, status }: { report: Report; status: UpdateStatus | undefined }) {
  const licenses = useReportLicenses(report.id);
  const toReview = useReportCandidates(report.id).data?.length ?? 0;
  // States whose board no machine may read were not searched: a person verifies them (Verify by hand).
  const byHand = (useReportStates(report.id).data?.states ?? []).filter(isVerifiedByHandState).map((s) => s.state);
  const searched = report.states.filter((state) => !byHand.includes(state));
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
        <EmptyState
          title={
            isUpdating(status)
              ? 'Searching the state boards…'
              : toReview > 0 || searched.length === 0
                ? 'No licenses tracked yet'
                : 'No licenses found'
          }
        >
          {isUpdating(status) ? 'Licenses will appear here as each state is searched.' : null}
          {!isUpdating(status) && toReview > 0 ? (
            <>
              None of the licenses found in {listStates(report.states)} is certainly this physician&apos;s. Review the
              possible matches above: the ones you confirm are tracked here.
            </>
          ) : null}
          {!isUpdating(status) && toReview === 0 && searched.length > 0 ? (
            <>
              We searched {listStates(searched)} for {report.license_type} licenses and found none in this
              physician&apos;s name. Check the spelling of the name, or try a middle name.
            </>
          ) : null}
          {!isUpdating(status) && byHand.length > 0 ? (
            <>
              {' '}
              No machine may read the boards of {listStates(byHand)}: verify them by hand above, and what you record is
              tracked here.
            </>
          ) : null}
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {unavailableNote}
      <LicenseBrowser reportId={report.id} licenses={licenses.data} expiringWithinDays={report.expiring_within_days} />
    </div>
  );
}

/** The licenses with their search, status filter and sort, as one table or grouped by state. */
function LicenseBrowser({
  reportId,
  licenses,
  expiringWithinDays,
}: {
  reportId: string;
  licenses: ReportLicense[];
  /** The workspace's expiry window (docs/product-rules.md, Expiry windows). */
  expiringWithinDays: number;
}) {
  const [view, setView] = useReportView();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const options = useMemo(() => statusOptions(licenses, expiringWithinDays), [licenses, expiringWithinDays]);
  // A status no longer present (its last license hidden) would filter everything away unseen.
  const effectiveStatus = options.some((option) => option.value === status) ? status : 'all';
  const shown = useMemo(
    () => sortLicenses(filterLicenses(licenses, { status: effectiveStatus, search }), sort),
    [licenses, effectiveStatus, search, sort],
  );
  const total = options[0]?.count ?? 0;
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));
  const clear = () => {
    setSearch('');
    setStatus('all');
  };

  return (
    <div className="space-y-4">
      <LicenseTableControls
        search={search}
        onSearch={setSearch}
        status={effectiveStatus}
        onStatus={setStatus}
        options={options}
        sort={sort}
        onSortChange={setSort}
        grouped={view === 'by-state'}
        onGroupedChange={(grouped) => setView(grouped ? 'by-state' : 'table')}
        shown={shown.length}
        total={total}
      />
      {shown.length === 0 ? (
        <EmptyState
          title={noMatchTitle(search, effectiveStatus, expiringWithinDays)}
          action={
            <Button variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          }
        >
          None of the report&apos;s {total} {total === 1 ? 'license matches' : 'licenses match'} the search and status
          chosen.
        </EmptyState>
      ) : view === 'by-state' ? (
        <div className="space-y-6">
          {groupLicensesByState(shown).map((group) => (
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
              <SortableLicenseTable
                reportId={reportId}
                state={group.state}
                licenses={group.licenses}
                sort={sort}
                onSort={onSort}
                expiringWithinDays={expiringWithinDays}
              />
            </section>
          ))}
        </div>
      ) : (
        <SortableLicenseTable
          reportId={reportId}
          licenses={shown}
          sort={sort}
          onSort={onSort}
          expiringWithinDays={expiringWithinDays}
        />
      )}
    </div>
  );
}

function noMatchTitle(search: string, status: StatusFilter, expiringWithinDays: number): string {
  const term = search.trim();
  const statusText = status === 'all' ? '' : ` with status ${statusFilterLabel(status, expiringWithinDays)}`;
  return term ? `No licenses match “${term}”${statusText}` : `No licenses match${statusText}`;
}
