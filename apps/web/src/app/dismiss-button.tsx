import { cn } from '../lib/cn';

type DismissButtonProps = { label: string; onClick: () => void; tone: 'dark' | 'light' };

export function DismissButton({ label, onClick, tone }: DismissButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className={cn(
        // 44 px square: a finger's target (WCAG 2.5.5), also on a phone where the banner is one line.
        'grid size-11 shrink-0 place-items-center rounded-md transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2',
        tone === 'dark'
          ? 'text-white/80 hover:bg-white/10 hover:text-white focus-visible:outline-white'
          : 'text-emerald-800 hover:bg-emerald-100 focus-visible:outline-emerald-700',
      )}
    >
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
      </svg>
    </button>
  );
}
