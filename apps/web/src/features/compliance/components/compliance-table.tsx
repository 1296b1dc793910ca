import { COMPLIANCE_GAP_WORDS, type ComplianceLine, type ComplianceReport } from '@licensewatch/shared/compliance';
import { stackingTableHeadClass, tableHeadCellClass } from '../../../components/ui/table-styles';
import { cn } from '../../../lib/cn';
import { formatDateTimeWithZone } from '../../../lib/format';

const METHOD_WORDS = { bulk: 'bulk file', lookup: 'look-up', manual: 'by hand', list: 'list screening' } as const;

/** Below 640 px each line is a card whose cells stack under their own labels; from sm up, a table row. */
const cellClass =
  'flex items-baseline justify-between gap-4 px-4 py-1 text-right sm:table-cell sm:py-3 sm:text-left sm:align-top ' +
  'before:shrink-0 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] sm:before:content-none';

function LineRow({ line }: { line: ComplianceLine }) {
  const check = line.last_check;
  return (
    <tr
      className={cn(
        'block border-b border-slate-100 py-2 last:border-b-0 sm:table-row sm:py-0',
        line.gap && 'bg-red-50/60',
      )}
      data-testid={line.gap ? 'compliance-gap' : 'compliance-checked'}
    >
      <td data-label="License or list" className={cn(cellClass, 'font-medium text-slate-900')}>
        {line.state ? `${line.state}: ${line.source}` : line.source}
      </td>
      <td data-label="Number" className={cn(cellClass, 'font-mono text-slate-700')}>
        {line.license_number ?? '-'}
      </td>
      <td data-label="Last check" className={cn(cellClass, 'text-slate-700')}>
        {check ? (
          // One child: on a phone's card the date and its source stack together on the right.
          <span>
            <time dateTime={check.checked_at}>{formatDateTimeWithZone(check.checked_at)}</time>
            <span className="block text-xs text-slate-500">
              {METHOD_WORDS[check.method]}, {check.source}
            </span>
          </span>
        ) : (
          'None this month'
        )}
      </td>
      <td data-label="Result" className={cellClass}>
        {line.gap ? (
          // Red, and said in words with a mark: colour is never the only sign of a gap.
          <span className="font-semibold text-red-700">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="mr-1.5 inline size-4 shrink-0 align-[-0.2em]"
              fill="currentColor"
            >
              <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.75 4h1.5v5h-1.5V6Zm0 6.5h1.5V14h-1.5v-1.5Z" />
            </svg>
            Gap: {COMPLIANCE_GAP_WORDS[line.gap]}
          </span>
        ) : (
          <span className="text-slate-900">{check?.result}</span>
        )}
      </td>
    </tr>
  );
}

/** Every report's licenses and lists in the month, a report's lines grouped under its physician. */
export function ComplianceTable({ reports }: { reports: ComplianceReport[] }) {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="block w-full text-sm sm:table">
        <caption className="sr-only">Checks of each report's licenses and exclusion lists in the month</caption>
        <thead className={cn(stackingTableHeadClass, 'sm:table-header-group')}>
          <tr>
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              License or list
            </th>
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              Number
            </th>
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              Last check
            </th>
            <th scope="col" className={cn(tableHeadCellClass, 'text-left')}>
              Result
            </th>
          </tr>
        </thead>
        {reports.map((report) => (
          <tbody key={report.report_id} className="block border-t border-slate-200 sm:table-row-group">
            <tr className="block bg-slate-50 sm:table-row">
              <th
                scope="rowgroup"
                colSpan={4}
                className="block px-4 py-2 text-left font-semibold text-slate-900 sm:table-cell"
              >
                {report.physician}
                {report.external_id ? (
                  <span className="ml-2 font-normal text-slate-600">ID {report.external_id}</span>
                ) : null}
              </th>
            </tr>
            {report.licenses.length === 0 ? (
              <tr className="block sm:table-row">
                <td colSpan={4} className="block px-4 py-2 text-slate-600 sm:table-cell">
                  No tracked licenses.
                </td>
              </tr>
            ) : null}
            {[...report.licenses, ...report.lists].map((line) => (
              <LineRow key={`${line.state}-${line.license_number}-${line.source}`} line={line} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
