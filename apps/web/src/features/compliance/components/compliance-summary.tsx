import {
  COMPLIANCE_GAP_REASONS,
  COMPLIANCE_GAP_WORDS,
  type ComplianceSummary as Summary,
} from '@licensewatch/shared/compliance';
import { countOf } from '@licensewatch/shared/numbers';
import { formatNumber } from '../../../lib/format';

/** A bar of checked against not checked; the numbers beside it say the same in words. */
function CheckedBar({ label, checked, total }: { label: string; checked: number; total: number }) {
  const share = total === 0 ? 0 : Math.round((checked / total) * 100);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-700">
          {formatNumber(checked)} of {formatNumber(total)} checked
        </span>
      </div>
      <div aria-hidden="true" className="mt-1.5 flex h-3 overflow-hidden rounded-full bg-slate-100">
        {total > 0 ? (
          <>
            <div className="bg-teal-600" style={{ width: `${share}%` }} />
            <div className="bg-red-600" style={{ width: `${100 - share}%` }} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The month at a glance: reports, licenses and lists checked, and the gaps by reason. */
export function ComplianceSummary({ summary }: { summary: Summary }) {
  const gaps = COMPLIANCE_GAP_REASONS.filter((reason) => summary.gaps[reason] > 0);
  return (
    <section aria-labelledby="compliance-summary" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="compliance-summary" className="text-lg font-semibold text-slate-900">
        Summary
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="compliance-reports-count">
        {countOf(summary.reports, 'report', 'reports')}
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <CheckedBar label="Licenses" checked={summary.licenses_checked} total={summary.licenses_total} />
        <CheckedBar label="Exclusion lists" checked={summary.lists_checked} total={summary.lists_total} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-teal-600" /> Checked this month
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="size-2.5 rounded-sm bg-red-600" /> Gap
        </span>
      </div>
      {gaps.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Gaps by reason">
          {gaps.map((reason) => (
            <li
              key={reason}
              className="rounded-full border border-red-200 bg-red-50 px-3 py-1 text-sm font-medium text-red-800"
            >
              {COMPLIANCE_GAP_WORDS[reason]}: {formatNumber(summary.gaps[reason])}
            </li>
          ))}
        </ul>
      ) : summary.licenses_total + summary.lists_total > 0 ? (
        <p className="mt-4 text-sm font-medium text-teal-800">No gaps: everything was checked this month.</p>
      ) : null}
    </section>
  );
}
