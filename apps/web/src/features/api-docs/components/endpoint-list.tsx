import { cn } from '../../../lib/cn';
import type { TryItEndpoint } from '../try-it-endpoints';
import { MethodBadge } from './method-badge';

type EndpointListProps = {
  endpoints: TryItEndpoint[];
  selectedId: string;
  onSelect: (id: string) => void;
};

/** The console's left panel: one button per endpoint; the chosen one is marked current. */
export function EndpointList({ endpoints, selectedId, onSelect }: EndpointListProps) {
  return (
    <ul className="space-y-1">
      {endpoints.map((endpoint) => {
        const selected = endpoint.id === selectedId;
        return (
          <li key={endpoint.id}>
            <button
              type="button"
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(endpoint.id)}
              className={cn(
                'flex w-full items-start gap-2 rounded-md px-3 py-2 text-left text-sm',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
                selected ? 'bg-teal-50 font-semibold text-teal-900' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <MethodBadge method={endpoint.method} className="mt-0.5 shrink-0" /> <span>{endpoint.title}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
