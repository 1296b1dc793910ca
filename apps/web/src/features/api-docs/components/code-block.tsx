import type { ReactNode } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { cn } from '../../../lib/cn';

type CodeBlockProps = { label: string; children: ReactNode; dark?: boolean; className?: string };

/** Preformatted code or JSON in a labelled, focusable scroll box (keyboard users scroll it too). */
export function CodeBlock({ label, children, dark = false, className }: CodeBlockProps) {
  return (
    <ScrollRegion
      label={label}
      className={cn(
        'overflow-y-auto focus-visible:-outline-offset-2',
        dark
          ? 'bg-slate-900 text-slate-100 focus-visible:outline-teal-400'
          : 'bg-slate-50 text-slate-800 focus-visible:outline-teal-600',
        className,
      )}
    >
      <pre className="w-max min-w-full p-3 font-mono text-xs leading-relaxed">{children}</pre>
    </ScrollRegion>
  );
}
