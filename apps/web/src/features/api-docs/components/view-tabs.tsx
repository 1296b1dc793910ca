import { type KeyboardEvent, useRef } from 'react';
import { cn } from '../../../lib/cn';

export type View = { id: string; label: string };

type ViewTabsProps = {
  views: readonly View[];
  active: string;
  onSelect: (id: string) => void;
  /** Ids of the tab and panel elements: `${idPrefix}-tab-${id}`, `${idPrefix}-panel-${id}`. */
  idPrefix: string;
};

/** A tab list (ARIA tabs pattern): arrow keys, Home and End move between the views. */
export function ViewTabs({ views, active, onSelect, idPrefix }: ViewTabsProps) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = views.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const view = views[next];
    if (!view) return;
    onSelect(view.id);
    tabs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label="Documentation view" className="inline-flex rounded-xl bg-slate-100 p-1">
      {views.map((view, index) => {
        const selected = view.id === active;
        return (
          <button
            key={view.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${view.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${view.id}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(view.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
              selected ? 'bg-white text-teal-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {view.label}
          </button>
        );
      })}
    </div>
  );
}
