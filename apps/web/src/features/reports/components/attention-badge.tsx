import { attentionReasons, type ReportAttention } from '@licensewatch/shared/reports';
import { cn } from '../../../lib/cn';

/**
 * "Needs attention: Excluded · 1 match to review" under a physician's name, on the dashboard and
 * the roster alike; nothing when nothing waits (docs/product-rules.md, Needs attention).
 */
export function AttentionBadge({ attention, className }: { attention: ReportAttention; className?: string }) {
  const reasons = attentionReasons(attention);
  if (reasons.length === 0) return null;
  return (
    <p
      className={cn(
        'mt-1 flex w-fit rounded-lg bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-900',
        className,
      )}
      data-testid="report-attention"
    >
      Needs attention: {reasons.join(' · ')}
    </p>
  );
}
