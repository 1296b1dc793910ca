import type { ReportLicense } from '@licensewatch/shared/reports';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatCalendarDate } from '../../../lib/format';
import { daysToExpiryText } from '../license-display';
import { HideLicenseButton } from './hide-license-button';
import { LicenseHistoryButton } from './license-history-button';
import { LicenseStatusBadge } from './license-status-badge';

// On phones each license is a card whose cells stack under their own labels; from md up, a table row.
const cellClasses =
  'flex items-baseline justify-between gap-4 px-4 py-1 md:table-cell md:py-3 md:align-middle ' +
  'before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

function daysTone(days: number | null): string {
  if (days === null || days < 0) return 'text-red-700';
  if (days <= 42) return 'text-amber-800';
  return 'text-slate-700';
}

export function LicenseTable({
  reportId,
  state,
  licenses,
}: {
  reportId: string;
  state: string;
  licenses: ReportLicense[];
}) {
  return (
    <table className="block w-full text-sm md:table md:table-fixed">
      <caption className="sr-only">Licenses in {state}</caption>
      <thead className={stackingTableHeadClass}>
        <tr>
          <th scope="col" className={cn(tableHeadCellClass, 'text-left md:w-[18%]')}>
            License number
          </th>
          <th scope="col" className={cn(tableHeadCellClass, 'text-left md:w-[19%]')}>
            Status
          </th>
          <th scope="col" className={cn(tableHeadCellClass, 'text-left md:w-[14%]')}>
            Issued
          </th>
          <th scope="col" className={cn(tableHeadCellClass, 'text-left md:w-[14%]')}>
            Expires
          </th>
          <th scope="col" className={cn(tableHeadCellClass, 'text-right md:w-[13%]')}>
            Days to expiry
          </th>
          <th scope="col" className={cn(tableHeadCellClass, 'text-right')}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block md:table-row-group">
        {licenses.map((license) => (
          <tr
            key={license.id}
            className="block border-b border-slate-200 py-2 last:border-b-0 md:table-row md:py-0"
            data-testid="license-row"
          >
            <td data-label="License number" className={cellClasses}>
              <span className="font-mono font-semibold text-slate-900">{license.license_number}</span>
            </td>
            <td data-label="Status" className={cellClasses}>
              <LicenseStatusBadge license={license} />
            </td>
            <td data-label="Issued" className={cn(cellClasses, 'text-slate-700')}>
              <span>{formatCalendarDate(license.issued)}</span>
            </td>
            <td data-label="Expires" className={cn(cellClasses, 'text-slate-700')}>
              <span>{formatCalendarDate(license.expired, 'No date')}</span>
            </td>
            <td data-label="Days to expiry" className={cn(cellClasses, 'tabular-nums md:text-right')}>
              <span className={daysTone(license.days_to_expiry)}>{daysToExpiryText(license.days_to_expiry)}</span>
            </td>
            <td className="block px-4 pt-2 pb-1 md:table-cell md:py-3">
              {/* Side by side where there is room, one above the other (right-aligned) where not. */}
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
}
