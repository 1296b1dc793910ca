import type { RosterCounts } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { formatNumber } from '../../../lib/format';

/** The bar's parts: active here is active and not expiring, so the parts add up to the total. */
const PARTS = [
  { key: 'active', label: ROSTER_MESSAGES.statusLabels.active, color: 'bg-emerald-500' },
  { key: 'expiring', label: ROSTER_MESSAGES.statusLabels.expiring, color: 'bg-amber-400' },
  { key: 'expired', label: ROSTER_MESSAGES.statusLabels.expired, color: 'bg-red-500' },
  { key: 'needs_attention', label: ROSTER_MESSAGES.statusLabels.needs_attention, color: 'bg-violet-500' },
] as const;

/**
 * The statuses of the shown set as one stacked bar, with a legend giving each number: a glance
 * says how healthy the roster is. The numbers are in the legend (and the bar's label), never in
 * colour alone.
 */
export function RosterStatusBar({ counts }: { counts: RosterCounts }) {
  const values = {
    active: counts.active - counts.expiring,
    expiring: counts.expiring,
    expired: counts.expired,
    needs_attention: counts.needs_attention,
  };
  const label = PARTS.map((p) => `${p.label}: ${formatNumber(values[p.key])}`).join(', ');
  return (
    <figure className="rounded-lg border border-slate-200 bg-white px-4 py-3" data-testid="roster-status-bar">
      <figcaption className="text-xs font-medium text-slate-600">
        Status of the {formatNumber(counts.total)} licenses shown
      </figcaption>
      <div role="img" aria-label={label} className="mt-2 flex h-3 w-full overflow-hidden rounded-full bg-slate-100">
        {counts.total > 0
          ? PARTS.map((p) =>
              values[p.key] > 0 ? (
                <div
                  key={p.key}
                  className={p.color}
                  style={{ width: `${(values[p.key] / counts.total) * 100}%` }}
                  title={`${p.label}: ${values[p.key]}`}
                />
              ) : null,
            )
          : null}
      </div>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {PARTS.map((p) => (
          <li key={p.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-sm ${p.color}`} />
            {p.label} <span className="font-semibold tabular-nums">{formatNumber(values[p.key])}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
