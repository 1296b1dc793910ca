import { cn } from '../../../lib/cn';
import type { AlertState } from '../profile-alert-state';

const tones: Record<AlertState['kind'], { badge: string; dot: string }> = {
  active: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-600' },
  organisation: { badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', dot: 'bg-emerald-600' },
  off: { badge: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-500' },
  'not-included': { badge: 'bg-slate-100 text-slate-700 ring-slate-500/20', dot: 'bg-slate-500' },
  'needs-phone': { badge: 'bg-amber-50 text-amber-900 ring-amber-600/30', dot: 'bg-amber-600' },
  'needs-verification': { badge: 'bg-amber-50 text-amber-900 ring-amber-600/30', dot: 'bg-amber-600' },
};

/** An alert's real state as a pill: green only when something would be sent. */
export function AlertStateBadge({ state }: { state: AlertState }) {
  const tone = tones[state.kind];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tone.badge,
      )}
    >
      <span className={cn('size-1.5 rounded-full', tone.dot)} aria-hidden="true" />
      {state.label}
    </span>
  );
}
