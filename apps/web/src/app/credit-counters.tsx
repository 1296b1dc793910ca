import { PATHS } from '@licensewatch/shared/web-paths';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { useCredentials } from '../session/get-credentials';

/** '–' until the credentials answer; null is unlimited, shown as '∞' and read as 'Unlimited'. */
export function creditDisplay(value: number | null | undefined, loaded: boolean): ReactNode {
  if (!loaded || value === undefined) return '–';
  if (value === null)
    return (
      <>
        <span aria-hidden="true">∞</span>
        <span className="sr-only">Unlimited</span>
      </>
    );
  return formatNumber(value);
}

type CounterProps = { label: string; shortLabel: string; value: ReactNode; buyLabel: string; compact?: boolean };

function Counter({ label, shortLabel, value, buyLabel, compact }: CounterProps) {
  return (
    <div
      className="flex items-center gap-1.5 rounded-full border border-slate-200 bg-slate-50 py-1 pr-1 pl-3 text-sm whitespace-nowrap"
      title={compact ? label : undefined}
    >
      <span className="text-slate-600">
        {compact ? (
          <>
            <span className="hidden xl:inline 2xl:hidden" aria-hidden="true">
              {shortLabel}
            </span>
            {/* not-sr-only resets white-space to normal: the label would break in two. */}
            <span className="sr-only 2xl:not-sr-only 2xl:whitespace-nowrap">{label}</span>
          </>
        ) : (
          label
        )}
      </span>
      <span className="min-w-[1.5ch] text-center font-semibold text-slate-900 tabular-nums">{value}</span>
      <Link
        to={PATHS.pricing}
        aria-label={buyLabel}
        title={buyLabel}
        className="flex size-6 items-center justify-center rounded-full bg-teal-700 text-white hover:bg-teal-800"
      >
        <svg
          viewBox="0 0 16 16"
          className="size-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M8 3v10M3 8h10" strokeLinecap="round" />
        </svg>
      </Link>
    </div>
  );
}

/** Live API Credits and Report Credits with a shortcut to the plans; '–' until the credentials call succeeds. */
export function CreditCounters({ compact = false, className }: { compact?: boolean; className?: string }) {
  const credentials = useCredentials();
  // After a failure the last good balances would be stale: show none rather than wrong ones.
  const loaded = credentials.isSuccess;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <Counter
        label="API Credits"
        shortLabel="API"
        value={creditDisplay(credentials.data?.amount, loaded)}
        buyLabel="Get more API credits"
        compact={compact}
      />
      <Counter
        label="Report Credits"
        shortLabel="Reports"
        value={creditDisplay(credentials.data?.reports_plan?.remain_report_number, loaded)}
        buyLabel="Get more report credits"
        compact={compact}
      />
    </div>
  );
}
