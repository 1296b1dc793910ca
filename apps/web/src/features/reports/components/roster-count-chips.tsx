import { ROSTER_STATUSES, type RosterCounts, type RosterStatus } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import type { RosterAnswer } from '../api/get-roster';
import { hasFilters, type RosterView } from '../roster-view';
import { RosterStatusBar } from './roster-status-bar';

const CHIPS: { key: keyof RosterCounts; status?: RosterStatus; label: string; tone: string }[] = [
  { key: 'total', label: ROSTER_MESSAGES.total, tone: 'text-slate-900' },
  ...ROSTER_STATUSES.map((status) => ({
    key: status,
    status,
    label: ROSTER_MESSAGES.statusLabels[status],
    tone: {
      active: 'text-emerald-700',
      expiring: 'text-amber-700',
      expired: 'text-red-700',
      needs_attention: 'text-violet-800',
    }[status],
  })),
];

/**
 * The counts on top of the roster: one chip per status, each a filter; with a filter on, what it
 * leaves of the whole. "Of the whole" follows the view the answer shown is for (`data.view`), not
 * `view`, the URL's, which runs ahead while the next answer loads (`busy`).
 */
export function RosterCountChips({
  data,
  view,
  busy,
  setView,
}: {
  data: RosterAnswer | undefined;
  view: RosterView;
  busy: boolean;
  setView: (next: RosterView) => void;
}) {
  const filtered = data !== undefined && hasFilters(data.view);
  return (
    <section aria-label="Counts" aria-busy={busy} className="grid gap-3 lg:grid-cols-[3fr_2fr]">
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {CHIPS.map((chip) => {
          const pressed = chip.status === view.status;
          return (
            <li key={chip.key} className={chip.status ? undefined : 'col-span-2 sm:col-span-1'}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => setView({ ...view, status: chip.status, page: 1 })}
                data-testid={`roster-count-${chip.key}`}
                className={cn(
                  'w-full rounded-lg border bg-white px-3 py-2 text-left transition-colors hover:border-teal-600 focus-visible:outline-2 focus-visible:outline-teal-600',
                  pressed ? 'border-teal-700 ring-2 ring-teal-700/30' : 'border-slate-200',
                )}
              >
                <span className="block text-xs font-medium text-slate-600">
                  {chip.label}
                  {/* The workspace's window (docs/product-rules.md, Expiry windows): what "expiring" counts. */}
                  {chip.status === 'expiring' && data ? ` in ${data.expiring_within_days} days` : null}
                </span>
                <span className={cn('mt-0.5 block text-2xl font-semibold tabular-nums', chip.tone)}>
                  {data ? formatNumber(data.counts.filtered[chip.key]) : '–'}
                </span>
                {data && filtered ? (
                  <span className="block text-xs text-slate-600">
                    of {formatNumber(data.counts.workspace[chip.key])}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {data ? <RosterStatusBar counts={data.counts.filtered} /> : <div className="h-20 rounded-lg bg-slate-100" />}
    </section>
  );
}
