import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useReportStates } from '../api/get-report-states';
import { describeStateOutcome, summarizeStates } from '../state-outcomes';

const TONES = {
  found: 'bg-emerald-600',
  to_review: 'bg-violet-600',
  none_found: 'bg-slate-400',
  unavailable: 'bg-amber-500',
  searching: 'bg-sky-500 motion-safe:animate-pulse',
  verify_by_hand: 'bg-orange-500',
  verification_due: 'bg-red-600',
} as const;

/**
 * Every state the report asked for and what became of it, so a state where nothing was found
 * never looks like one that was never searched (docs/product-rules.md, Every state accounted for):
 * a summary line, and the full list folded away under it.
 */
export function ReportStateOutcomes({ reportId }: { reportId: string }) {
  const states = useReportStates(reportId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!states.data) return null;
  const rows = states.data.states;
  return (
    <div className="rounded-lg border border-slate-200 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-lg px-4 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600"
      >
        <span className="font-medium text-slate-900" data-testid="state-summary">
          {summarizeStates(rows)}
        </span>
        <span className="flex shrink-0 items-center gap-1 text-teal-800">
          {open ? 'Hide states' : 'Every state'}
          <svg
            viewBox="0 0 20 20"
            className={cn('size-4 transition-transform', open && 'rotate-180')}
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        aria-label="Every state searched"
        className="grid gap-x-6 border-t border-slate-200 px-4 py-3 text-sm sm:grid-cols-2 lg:grid-cols-3"
      >
        {rows.map((row) => (
          <li key={row.state} className="flex items-start gap-2 py-1" data-testid="state-outcome">
            <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', TONES[row.outcome])} />
            <span>
              <span className="font-medium text-slate-900">{row.state}</span>
              <span className="text-slate-600">
                :{' '}
                {describeStateOutcome(
                  row,
                  (iso) => formatDateTime(iso),
                  (day) => formatDate(day),
                )}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
