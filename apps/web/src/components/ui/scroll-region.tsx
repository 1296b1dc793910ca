import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A horizontally scrolling wrapper for wide tables. Focusable and labelled so keyboard users can
 * scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be keyboard-scrollable
    <section aria-label={label} tabIndex={0} className={cn('overflow-x-auto focus-visible:outline-2', className)}>
      {children}
    </section>
  );
}
