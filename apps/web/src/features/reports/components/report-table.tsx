import type { Report } from '@licensewatch/shared/reports';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { REPORT_COUNTERS } from '../report-counters';
import { ReportRow } from './report-row';

export function ReportTable({ reports, expired }: { reports: Report[]; expired: boolean }) {
  return (
    <div
      className={cn(
        'rounded-xl border border-slate-200 bg-white shadow-sm',
        // An expired plan greys the list out (docs/product-rules.md, Plan expiry).
        expired && 'bg-slate-50 opacity-70 grayscale',
      )}
    >
      <table className="block w-full text-sm md:table">
        <caption className="sr-only">Your reports</caption>
        <thead className={stackingTableHeadClass}>
          <tr>
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              Report
            </th>
            {REPORT_COUNTERS.map((count) => (
              <th key={count.key} scope="col" className={cn(tableHeadCellClass, 'text-right')}>
                {count.shortLabel}
              </th>
            ))}
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              Last update
            </th>
            <th scope="col" className={cn(tableHeadCellClass, 'text-right')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block md:table-row-group">
          {reports.map((report) => (
            <ReportRow key={report.id} report={report} expired={expired} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
