import type { RosterRow, RosterSort, RosterStatus } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { stateName } from '@licensewatch/shared/states';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { EXCLUSION_TONES } from '../../../components/exclusion-tones';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatNumber } from '../../../lib/format';
import type { RosterView } from '../roster-view';
import { AttentionBadge } from './attention-badge';

const STATUS_TONES: Record<RosterStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900',
  expiring: 'bg-amber-100 text-amber-900',
  expired: 'bg-red-100 text-red-900',
  needs_attention: 'bg-violet-100 text-violet-900',
};

const COLUMNS: { key: string; label: string; sort?: RosterSort; className?: string }[] = [
  { key: 'physician', label: ROSTER_MESSAGES.sortLabels.physician, sort: 'physician' },
  { key: 'state', label: ROSTER_MESSAGES.sortLabels.state, sort: 'state' },
  { key: 'number', label: 'License' },
  { key: 'status', label: ROSTER_MESSAGES.sortLabels.status, sort: 'status' },
  { key: 'exclusion', label: 'Exclusion' },
  { key: 'issued', label: 'Issued' },
  { key: 'expiry', label: ROSTER_MESSAGES.sortLabels.expiry, sort: 'expiry' },
  { key: 'days', label: 'Days left', className: 'text-right' },
];

/** The physician column stays in place while a phone scrolls the table sideways; each use gives its own opaque background. */
const stickyCell = 'sticky left-0 z-10 shadow-[1px_0_0_0_theme(colors.slate.200)]';
const checkboxClass =
  'size-4 shrink-0 rounded border-slate-400 accent-teal-700 focus-visible:outline-2 focus-visible:outline-teal-600';

/** The rows picked for a bulk action; absent for a viewer, who sees no checkboxes. */
export type RosterTableSelection = {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Selects every row of the page, or clears them when all are selected. */
  onToggleAll: () => void;
};

/** "Select all on this page": checked when every row is, indeterminate when only some are. */
function SelectAllBox({ rows, selection }: { rows: RosterRow[]; selection: RosterTableSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = rows.filter((r) => selection.selected.has(r.id)).length;
  const some = count > 0 && count < rows.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some;
  }, [some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkboxClass}
      aria-label={ROSTER_MESSAGES.selectAll}
      checked={rows.length > 0 && count === rows.length}
      onChange={selection.onToggleAll}
    />
  );
}

export function RosterTable({
  rows,
  view,
  onSort,
  busy,
  selection,
}: {
  rows: RosterRow[];
  view: RosterView;
  onSort: (sort: RosterSort) => void;
  busy: boolean;
  selection?: RosterTableSelection | undefined;
}) {
  return (
    <ScrollRegion label="Licenses" className="rounded-lg border border-slate-200 bg-white">
      <table
        className={cn('w-full min-w-[880px] text-sm', busy && 'opacity-70')}
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
                  // The select-all box shares the physician header: the column is still named "Physician" alone.
                  aria-label={i === 0 && selection ? column.label : undefined}
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
                  {/* The checkboxes sit in the physician column, which stays in place when a phone scrolls the table sideways. */}
                  {i === 0 && selection ? (
                    <span className="mr-3 inline-flex align-middle">
                      <SelectAllBox rows={rows} selection={selection} />
                    </span>
                  ) : null}
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
            <tr key={row.id} data-testid="roster-row" className={cn(selection?.selected.has(row.id) && 'bg-teal-50')}>
              <th
                scope="row"
                className={cn(
                  'min-w-40 px-4 py-3 text-left font-medium text-slate-900',
                  stickyCell,
                  // The fixed cell is opaque (rows scroll under it on a phone), so it takes the selected row's tint itself.
                  selection?.selected.has(row.id) ? 'bg-teal-50' : 'bg-white',
                )}
              >
                <div className="flex items-start gap-3">
                  {selection ? (
                    <input
                      type="checkbox"
                      className={cn(checkboxClass, 'mt-0.5')}
                      aria-label={ROSTER_MESSAGES.selectRow(row.physician, row.state, row.license_number)}
                      checked={selection.selected.has(row.id)}
                      onChange={() => selection.onToggle(row.id)}
                    />
                  ) : null}
                  <div>
                    <Link to={PATHS.report(row.report_id)} className="text-teal-800 hover:underline">
                      {row.physician}
                    </Link>
                    {row.department ? (
                      <span className="block text-xs font-normal text-slate-500">{row.department}</span>
                    ) : null}
                    <AttentionBadge attention={row.attention} className="font-normal" />
                  </div>
                </div>
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
              <td className="px-4 py-3 whitespace-nowrap" data-testid="roster-exclusion">
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className={cn('size-2.5 shrink-0 rounded-full', EXCLUSION_TONES[row.exclusion].dot)}
                  />
                  <span className={cn('text-xs font-medium', EXCLUSION_TONES[row.exclusion].text)}>
                    {ROSTER_MESSAGES.exclusionLabels[row.exclusion]}
                  </span>
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

export function TableSkeleton() {
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
