import { cn } from '../../../lib/cn';

/** An HTTP method as a small label; POST and GET in different colours so the two lists read apart. */
export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-block rounded px-1.5 py-0.5 font-mono text-xs font-bold text-white',
        method === 'GET' ? 'bg-sky-700' : 'bg-teal-700',
        className,
      )}
    >
      {method}
    </span>
  );
}
