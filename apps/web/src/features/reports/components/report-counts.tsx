import { attentionReasons, type Report } from '@licensewatch/shared/reports';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { REPORT_COUNTERS } from '../report-counters';

/**
 * The report's counters (docs/product-rules.md, What is counted), each with its own label; under
 * "Needs attention", what it is made of.
 */
export function ReportCounts({ report, className }: { report: Report; className?: string }) {
  const reasons = attentionReasons(report.attention);
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-5', className)}>
      {REPORT_COUNTERS.map((item) => (
        <div
          key={item.key}
          className="rounded-lg border border-slate-200 bg-white px-4 py-3"
          data-testid={`count-${item.key}`}
        >
          <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
          <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', item.tone)}>
            {formatNumber(report[item.key])}
          </dd>
          {item.key === 'needs_attention' && reasons.length > 0 && (
            <dd className="mt-1 text-xs text-violet-900" data-testid="attention-reasons">
              {reasons.join(' · ')}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
