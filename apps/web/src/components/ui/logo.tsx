import { cn } from '../../lib/cn';

/** The product mark: a shield (licensure) with a check (verified). Decorative next to the name. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-teal-700" />
      <path
        d="M16 6.5 8.5 9.3v6.2c0 4.6 3.1 8.7 7.5 10 4.4-1.3 7.5-5.4 7.5-10V9.3z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="m12.4 16 2.6 2.6 4.8-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
