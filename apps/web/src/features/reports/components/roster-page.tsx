import {
  ROSTER_EXPIRING_CHOICES,
  ROSTER_STATUSES,
  type RosterCounts,
  type RosterRow,
  type RosterSort,
  type RosterStatus,
} from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { JURISDICTIONS, stateName } from '@licensewatch/shared/states';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { InputField, SelectField } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { PageTitle } from '../../../session/page-title';
import { rosterExportUrl, useRoster } from '../api/get-roster';
import { DEFAULT_VIEW, hasFilters, type RosterView, readRosterView, sortBy, writeRosterView } from '../roster-view';
import { RosterStatusBar } from './roster-status-bar';

const SEARCH_DELAY_MS = 300;

const CHIPS: { key: keyof RosterCounts; status?: RosterStatus; label: string; tone: string }[] = [
  { key: 'total', label: ROSTER_MESSAGES.total, tone: 'text-slate-900' },
  ...ROSTER_STATUSES.map((status) => ({
    key: status,
    status,
    label: ROSTER_MESSAGES.statusLabels[status],
    tone: {
      active: 'text-emerald-700',
      expiring: 'text-amber-700',
      expired: 'text-red-700',
      needs_attention: 'text-violet-800',
    }[status],
  })),
];

const STATUS_TONES: Record<RosterStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expiring: 'bg-amber-100 text-amber-900',
  expired: 'bg-red-100 text-red-900',
  needs_attention: 'bg-violet-100 text-violet-900',
};

/**
 * /org/licenses: every tracked license of the workspace (docs/product-rules.md, The roster),
 * filtered, sorted and paged by the server. The view lives in the URL (shareable, bookmarkable,
 * back and forward work); counts on top are filter chips; the export downloads the filtered view.
 */
export function RosterPage() {
  const [params, setParams] = useSearchParams();
  const view = readRosterView(params);
  const roster = useRoster(view);
  const setView = (next: RosterView) => setParams(writeRosterView(next), { replace: true });

  // The physician box types freely; the URL (and the query) follow once typing pauses. The timer
  // reads the URL as it is when it fires, so a filter changed meanwhile (Clear filters) is kept.
  const [search, setSearch] = useState(view.physician ?? '');
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setSearch(view.physician ?? ''), [view.physician]);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const typeSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      setParams(
        (current) => {
          const now = readRosterView(current);
          const typed = value.trim() || undefined;
          return typed === now.physician ? current : writeRosterView({ ...now, physician: typed, page: 1 });
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
  };

  const data = roster.data;
  const filtered = hasFilters(view);
  const clear = () => {
    clearTimeout(searchTimer.current);
    setSearch('');
    setView({ ...DEFAULT_VIEW, sort: view.sort, order: view.order });
  };

  return (
    <Container className="py-10">
      <PageTitle title={ROSTER_MESSAGES.title} />
      <PageHeader
        title={ROSTER_MESSAGES.title}
        description={ROSTER_MESSAGES.intro}
        actions={
          data && data.counts.workspace.total > 0 ? (
            <>
              <a href={rosterExportUrl(view, 'csv')} download className={buttonClasses('secondary', 'sm')}>
                {ROSTER_MESSAGES.exportCsv}
              </a>
              <a href={rosterExportUrl(view, 'xlsx')} download className={buttonClasses('secondary', 'sm')}>
                {ROSTER_MESSAGES.exportXlsx}
              </a>
            </>
          ) : null
        }
      />

      {roster.isError ? <Alert tone="error">{ROSTER_MESSAGES.loadFailed}</Alert> : null}

      {data && data.counts.workspace.total === 0 ? (
        <EmptyState
          title={ROSTER_MESSAGES.emptyRoster}
          action={
            <Link to={PATHS.newReport} className={buttonClasses('primary')}>
              {ROSTER_MESSAGES.createReport}
            </Link>
          }
        >
          {ROSTER_MESSAGES.emptyRosterHint}
        </EmptyState>
      ) : (
        <>
          <section aria-label="Counts" className="grid gap-3 lg:grid-cols-[3fr_2fr]">
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
              {CHIPS.map((chip) => {
                const pressed = chip.status === view.status;
                return (
                  <li key={chip.key} className={chip.status ? undefined : 'col-span-2 sm:col-span-1'}>
                    <button
                      type="button"
                      aria-pressed={pressed}
                      onClick={() => setView({ ...view, status: chip.status, page: 1 })}
                      data-testid={`roster-count-${chip.key}`}
                      className={cn(
                        'w-full rounded-lg border bg-white px-3 py-2 text-left transition-colors hover:border-teal-600 focus-visible:outline-2 focus-visible:outline-teal-600',
                        pressed ? 'border-teal-700 ring-2 ring-teal-700/30' : 'border-slate-200',
                      )}
                    >
                      <span className="block text-xs font-medium text-slate-600">{chip.label}</span>
                      <span className={cn('mt-0.5 block text-2xl font-semibold tabular-nums', chip.tone)}>
                        {data ? formatNumber(data.counts.filtered[chip.key]) : '–'}
                      </span>
                      {data && filtered ? (
                        <span className="block text-xs text-slate-600">
                          of {formatNumber(data.counts.workspace[chip.key])}
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
            {data ? (
              <RosterStatusBar counts={data.counts.filtered} />
            ) : (
              <div className="h-20 rounded-lg bg-slate-100" />
            )}
          </section>

          <form
            aria-label="Filters"
            className="mt-6 grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]"
            onSubmit={(e) => e.preventDefault()}
          >
            <SelectField
              label="Status"
              value={view.status ?? ''}
              onChange={(e) =>
                setView({ ...view, status: (e.target.value || undefined) as RosterStatus | undefined, page: 1 })
              }
            >
              <option value="">{ROSTER_MESSAGES.anyStatus}</option>
              {ROSTER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ROSTER_MESSAGES.statusLabels[s]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="State"
              value={view.state ?? ''}
              onChange={(e) =>
                setView({
                  ...view,
                  state: readRosterView(new URLSearchParams({ state: e.target.value })).state,
                  page: 1,
                })
              }
            >
              <option value="">{ROSTER_MESSAGES.anyState}</option>
              {JURISDICTIONS.map((j) => (
                <option key={j.code} value={j.code}>
                  {j.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Expiring"
              value={view.expiringWithin === undefined ? '' : String(view.expiringWithin)}
              onChange={(e) =>
                setView({ ...view, expiringWithin: e.target.value ? Number(e.target.value) : undefined, page: 1 })
              }
            >
              <option value="">{ROSTER_MESSAGES.anyExpiry}</option>
              {[...new Set([...ROSTER_EXPIRING_CHOICES, ...(view.expiringWithin ? [view.expiringWithin] : [])])]
                .sort((a, b) => a - b)
                .map((days) => (
                  <option key={days} value={days}>
                    {ROSTER_MESSAGES.expiringWithin(days)}
                  </option>
                ))}
            </SelectField>
            {data && (data.departments.length > 0 || view.department) ? (
              <SelectField
                label="Department"
                value={view.department ?? ''}
                onChange={(e) => setView({ ...view, department: e.target.value || undefined, page: 1 })}
              >
                <option value="">Any department</option>
                {[...new Set([...data.departments, ...(view.department ? [view.department] : [])])].map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="col-span-2 lg:col-span-1">
              <InputField
                label={ROSTER_MESSAGES.physicianSearch}
                type="search"
                value={search}
                placeholder="Name"
                onChange={(e) => typeSearch(e.target.value)}
              />
            </div>
            <Button
              type="button"
              variant="ghost"
              onClick={clear}
              disabled={!filtered}
              className="col-span-2 lg:col-span-1"
            >
              {ROSTER_MESSAGES.clearFilters}
            </Button>
          </form>

          <div className="mt-6">
            {!data ? (
              <TableSkeleton />
            ) : data.total === 0 ? (
              <EmptyState
                title={ROSTER_MESSAGES.noMatches}
                action={
                  <Button type="button" variant="secondary" onClick={clear}>
                    {ROSTER_MESSAGES.clearFilters}
                  </Button>
                }
              />
            ) : (
              <>
                <RosterTable
                  rows={data.rows}
                  view={view}
                  onSort={(sort) => setView(sortBy(view, sort))}
                  busy={roster.isFetching}
                />
                <Pagination
                  page={data.page}
                  pageSize={data.page_size}
                  total={data.total}
                  onPage={(page) => setView({ ...view, page })}
                />
              </>
            )}
          </div>
        </>
      )}
    </Container>
  );
}

const COLUMNS: { key: string; label: string; sort?: RosterSort; className?: string }[] = [
  { key: 'physician', label: ROSTER_MESSAGES.sortLabels.physician, sort: 'physician' },
  { key: 'state', label: ROSTER_MESSAGES.sortLabels.state, sort: 'state' },
  { key: 'number', label: 'License' },
  { key: 'status', label: ROSTER_MESSAGES.sortLabels.status, sort: 'status' },
  { key: 'issued', label: 'Issued' },
  { key: 'expiry', label: ROSTER_MESSAGES.sortLabels.expiry, sort: 'expiry' },
  { key: 'days', label: 'Days left', className: 'text-right' },
];

const stickyCell = 'sticky left-0 z-10 bg-white shadow-[1px_0_0_0_theme(colors.slate.200)]';

function RosterTable({
  rows,
  view,
  onSort,
  busy,
}: {
  rows: RosterRow[];
  view: RosterView;
  onSort: (sort: RosterSort) => void;
  busy: boolean;
}) {
  return (
    <ScrollRegion label="Licenses" className="rounded-lg border border-slate-200 bg-white">
      <table
        className={cn('w-full min-w-[760px] text-sm', busy && 'opacity-70')}
        data-testid="roster-table"
        // The rows shown are the previous answer's until the new one is in: say so to assistive tech.
        aria-busy={busy}
      >
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {COLUMNS.map((column, i) => {
              const sorted = column.sort !== undefined && view.sort === column.sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={
                    column.sort ? (sorted ? (view.order === 'asc' ? 'ascending' : 'descending') : 'none') : undefined
                  }
                  className={cn(
                    tableHeadCellClass,
                    'text-left',
                    column.className,
                    i === 0 && cn(stickyCell, 'bg-slate-50'),
                  )}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => column.sort && onSort(column.sort)}
                      className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
                    >
                      {column.label}
                      <span aria-hidden="true" className={sorted ? 'text-teal-700' : 'text-slate-400'}>
                        {sorted ? (view.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="roster-row">
              <th scope="row" className={cn('min-w-40 px-4 py-3 text-left font-medium text-slate-900', stickyCell)}>
                <Link to={PATHS.report(row.report_id)} className="text-teal-800 hover:underline">
                  {row.physician}
                </Link>
                {row.department ? (
                  <span className="block text-xs font-normal text-slate-500">{row.department}</span>
                ) : null}
              </th>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <abbr title={stateName(row.state)} className="no-underline">
                  {row.state}
                </abbr>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                <span className="font-mono text-xs" data-testid="roster-license-number">
                  {row.license_number}
                </span>
                <span className="ml-2 text-xs text-slate-500">{row.license_type}</span>
              </td>
              <td className="px-4 py-3">
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
                    STATUS_TONES[row.status],
                  )}
                >
                  {row.status === 'expiring' ? ROSTER_MESSAGES.statusLabels.expiring : row.status_text}
                </span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatCalendarDate(row.issue_date)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatCalendarDate(row.expiry_date)}</td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums text-slate-700">
                {row.days_to_expiry === null ? '–' : formatNumber(row.days_to_expiry)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const from = Math.min(total, (page - 1) * pageSize + 1);
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-700">
      <p aria-live="polite" data-testid="roster-range">
        {ROSTER_MESSAGES.showing(from, to, total)}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button type="button" variant="secondary" size="sm" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

function TableSkeleton() {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4" aria-busy="true">
      <span className="sr-only">Loading licenses…</span>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <div key={i} className="mb-3 h-6 animate-pulse rounded bg-slate-100 last:mb-0" />
      ))}
    </div>
  );
}
