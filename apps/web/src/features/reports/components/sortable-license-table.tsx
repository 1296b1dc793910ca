import { MANUAL_VERIFICATION_MESSAGES as M } from '@licensewatch/shared/manual-verification';
import type { ReportLicense } from '@licensewatch/shared/reports';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../lib/format';
import { daysToExpiryText } from '../license-display';
import type { SortKey, SortOrder } from '../license-table-view';
import { HideLicenseButton } from './hide-license-button';
import { LicenseHistoryButton } from './license-history-button';
import { LicenseStatusBadge } from './license-status-badge';

// On phones each license is a card whose cells stack under their own labels; from md up, a table row.
const cellClasses =
  'flex items-baseline justify-between gap-4 px-4 py-1 md:table-cell md:px-3 md:py-2 md:align-middle ' +
  'before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

export const SORT_LABELS: Record<SortKey, string> = {
  state: 'State',
  type: 'Type',
  number: 'Number',
  status: 'Status',
  issued: 'Issued',
  expires: 'Expires',
  days: 'Days left',
  verified: 'Verified',
};

/** The board the license came from, linked to its own site where it has one (its public look-up). */
function BoardLink({ source }: { source: ReportLicense['source'] }) {
  const classes = 'block max-w-[14rem] truncate text-xs md:max-w-[11rem]';
  if (!source.website) return <span className={cn(classes, 'text-slate-600')}>{source.name}</span>;
  return (
    <a
      href={source.website}
      target="_blank"
      rel="noopener noreferrer"
      title={`${source.name} (opens in a new tab)`}
      className={cn(classes, 'text-teal-800 underline-offset-2 hover:underline')}
      data-testid="license-source"
    >
      {source.name}
    </a>
  );
}

/**
 * A license verified by hand: the day a person checked the board's look-up and who, and once 30 days
 * have passed, that it is due again (docs/product-rules.md, Verification by hand).
 */
function VerifiedByHand({ verified }: { verified: NonNullable<ReportLicense['verified_by_hand']> }) {
  return (
    <>
      <span className="text-right md:text-left" data-testid="verified-by-hand">
        {M.byHand(formatCalendarDate(verified.checked_on), verified.verified_by)}
      </span>
      {verified.due ? (
        <span
          className="inline-flex rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-800 ring-1 ring-red-200 ring-inset"
          title={`Due since ${formatCalendarDate(verified.due_on)}`}
          data-testid="verification-due"
        >
          {M.due}
        </span>
      ) : null}
    </>
  );
}

function daysTone(days: number | null, expiringWithinDays: number): string {
  if (days === null || days < 0) return 'text-red-700';
  if (days <= expiringWithinDays) return 'text-amber-800';
  return 'text-slate-700';
}

function SortHeader({
  sortKey,
  sort,
  onSort,
  alignRight = false,
}: {
  sortKey: SortKey;
  sort: SortOrder;
  onSort: (key: SortKey) => void;
  alignRight?: boolean;
}) {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={cn(tableHeadCellClass, 'px-3 py-2', alignRight ? 'text-right' : 'text-left')}
    >
      {/* A button inside the header: reachable by Tab, pressed with Enter or Space. */}
      <button
        type="button"
        onClick={() => onSort(sortKey)}
        className={cn(
          'inline-flex items-center gap-1 rounded uppercase hover:text-slate-900',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
          active ? 'text-slate-900' : undefined,
        )}
      >
        {SORT_LABELS[sortKey]}
        <span aria-hidden="true" className={cn('text-[10px]', active ? undefined : 'text-slate-400')}>
          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * The report's licenses in one table, sorted by the header the user pressed. With `state`, the
 * licenses of that one state, under its own heading (the per-state view): no State column.
 */
export function SortableLicenseTable({
  reportId,
  licenses,
  sort,
  onSort,
  state,
  expiringWithinDays,
}: {
  reportId: string;
  licenses: ReportLicense[];
  sort: SortOrder;
  onSort: (key: SortKey) => void;
  state?: string;
  /** The workspace's expiry window: days left inside it read amber. */
  expiringWithinDays: number;
}) {
  const header = (key: SortKey, alignRight = false) => (
    <SortHeader sortKey={key} sort={sort} onSort={onSort} alignRight={alignRight} />
  );
  const table = (
    <table className="block w-full text-sm md:table">
      <caption className="sr-only">
        Licenses{state ? ` in ${state}` : ''}, sorted by {SORT_LABELS[sort.key]} {sort.direction}
      </caption>
      <thead className={stackingTableHeadClass}>
        <tr>
          {state ? null : header('state')}
          {header('type')}
          {header('number')}
          {header('status')}
          {header('issued')}
          {header('expires')}
          {header('days', true)}
          {header('verified')}
          <th scope="col" className={cn(tableHeadCellClass, 'px-3 py-2 text-right')}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {licenses.map((license) => (
          <tr
            key={license.id}
            className="block border-b border-slate-200 py-2 last:border-b-0 md:table-row md:py-0 md:hover:bg-slate-50"
            data-testid="license-row"
          >
            {state ? null : (
              <td data-label="State" className={cn(cellClasses, 'font-medium text-slate-900')}>
                <span>{license.state}</span>
              </td>
            )}
            <td data-label="Type" className={cn(cellClasses, 'text-slate-700')}>
              <span>{license.license_type}</span>
            </td>
            <td data-label="Number" className={cellClasses}>
              <span className="font-mono font-semibold break-all text-slate-900">{license.license_number}</span>
            </td>
            <td data-label="Status" className={cellClasses}>
              <LicenseStatusBadge license={license} />
            </td>
            <td data-label="Issued" className={cn(cellClasses, 'whitespace-nowrap text-slate-700')}>
              <span>{formatCalendarDate(license.issued)}</span>
            </td>
            <td data-label="Expires" className={cn(cellClasses, 'whitespace-nowrap text-slate-700')}>
              <span>{formatCalendarDate(license.expired, 'No date')}</span>
            </td>
            <td data-label="Days left" className={cn(cellClasses, 'whitespace-nowrap tabular-nums md:text-right')}>
              <span className={daysTone(license.days_to_expiry, expiringWithinDays)}>
                {daysToExpiryText(license.days_to_expiry)}
              </span>
            </td>
            <td data-label="Verified" className={cn(cellClasses, 'text-slate-700')}>
              <span className="flex flex-col items-end gap-0.5 md:items-start">
                {license.verified_by_hand ? (
                  <VerifiedByHand verified={license.verified_by_hand} />
                ) : (
                  // When the registry last read the license from its board; the exact time on hover.
                  <time
                    className="whitespace-nowrap"
                    dateTime={license.verified_at}
                    title={formatDateTime(license.verified_at)}
                  >
                    {formatDate(license.verified_at)}
                  </time>
                )}
                <BoardLink source={license.source} />
              </span>
            </td>
            <td className="block px-4 pt-2 pb-1 md:table-cell md:px-3 md:py-2">
              <div className="flex flex-wrap justify-end gap-2">
                <LicenseHistoryButton reportId={reportId} license={license} />
                <HideLicenseButton reportId={reportId} license={license} />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  // Under a state's heading the section is the card; alone, the table is.
  return state ? (
    table
  ) : (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">{table}</div>
  );
}
