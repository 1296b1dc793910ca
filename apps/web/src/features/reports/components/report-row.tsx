import type { Report } from '@licensewatch/shared/reports';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatNumber, physicianName } from '../../../lib/format';
import { REPORTS_QUERY_KEY } from '../../../lib/report-query-keys';
import { REPORT_COUNTERS } from '../report-counters';
import { AttentionBadge } from './attention-badge';
import { DeleteReportButton } from './delete-report-button';
import { ReportExportActions } from './report-export-actions';
import { UpdateProgressBar } from './update-progress-bar';

/** On phones each cell stacks under its own label; from md up the row is a table row. */
export const cellClasses =
  'flex items-baseline justify-between gap-4 px-4 py-1.5 md:table-cell md:px-4 md:py-3 md:align-top ' +
  'before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)] md:before:content-none';

export function ReportRow({ report, expired }: { report: Report; expired: boolean }) {
  const queryClient = useQueryClient();
  const physician = physicianName(report);
  const title = report.name || physician;
  return (
    <tr className="block border-b border-slate-200 py-2 last:border-b-0 md:table-row md:py-0">
      <td className="block px-4 py-2 md:table-cell md:py-3 md:align-top">
        {expired ? (
          <span className="font-semibold text-slate-700">{title}</span>
        ) : (
          <Link
            to={PATHS.report(report.id)}
            className="font-semibold text-teal-800 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600"
          >
            {title}
          </Link>
        )}
        <p className="text-xs text-slate-600">
          {title !== physician ? `${physician} · ` : ''}
          {report.license_type} · {report.states.length} {report.states.length === 1 ? 'state' : 'states'}
        </p>
        <AttentionBadge attention={report.attention} />
        <UpdateProgressBar
          reportId={report.id}
          onComplete={() => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true })}
        />
      </td>
      {REPORT_COUNTERS.map((count) => (
        <td key={count.key} data-label={count.shortLabel} className={cn(cellClasses, 'md:text-right')}>
          <span className={cn('font-semibold tabular-nums', count.tone)}>{formatNumber(report[count.key])}</span>
        </td>
      ))}
      <td data-label="Last update" className={cn(cellClasses, 'text-slate-700 md:whitespace-nowrap')}>
        <span>{formatDateTime(report.update_excuted_date, 'Not yet')}</span>
      </td>
      <td className="flex flex-wrap gap-2 px-4 pt-2 pb-1 md:table-cell md:py-3 md:text-right md:align-top">
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <ReportExportActions report={report} disabled={expired} />
          <DeleteReportButton report={report} disabled={expired} />
        </div>
      </td>
    </tr>
  );
}
