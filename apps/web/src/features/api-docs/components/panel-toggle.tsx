import { cn } from '../../../lib/cn';

type PanelToggleProps = { label: string; controls: string; expanded: boolean; onToggle: () => void };

/** On phones the console's side panels are folded away; this button shows or hides one. */
export function PanelToggle({ label, controls, expanded, onToggle }: PanelToggleProps) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className={cn(
        'inline-flex flex-1 items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold whitespace-nowrap',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
        expanded ? 'border-teal-700 bg-teal-50 text-teal-900' : 'border-slate-300 bg-white text-slate-800',
      )}
    >
      {label}
      <svg
        viewBox="0 0 16 16"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        aria-hidden="true"
        className={cn('size-4 transition-transform', expanded && 'rotate-180')}
      >
        <path d="m4 6 4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
