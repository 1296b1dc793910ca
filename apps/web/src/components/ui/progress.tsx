import { cn } from '../../lib/cn';

type ProgressProps = { value: number; label: string; className?: string };

/** A determinate bar; `label` names it for screen readers (the visible percent sits beside it). */
export function Progress({ value, label, className }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div
        className="h-full rounded-full bg-teal-600 transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
