import type { Report } from '@licensewatch/shared/reports';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';

const ITEMS = [
  { key: 'total_license', label: 'Total', tone: 'text-slate-900' },
  { key: 'active_license', label: 'Active', tone: 'text-emerald-700' },
  { key: 'expiring_license', label: 'Expiring soon', tone: 'text-amber-700' },
  { key: 'expired_license', label: 'Expired', tone: 'text-red-700' },
] as const;

/** The four license counts of a report (docs/product-rules.md, What is counted), each with its own label. */
export function ReportCounts({ report, className }: { report: Report; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', className)}>
      {ITEMS.map((item) => (
        <div key={item.key} className="rounded-lg border border-slate-200 bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-600">{item.label}</dt>
          <dd className={cn('mt-1 text-2xl font-semibold tabular-nums', item.tone)}>
            {formatNumber(report[item.key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
