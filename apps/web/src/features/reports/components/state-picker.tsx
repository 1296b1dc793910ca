import { STATE_NAMES } from '@licensewatch/shared/states';
import type { StateStatus } from '@licensewatch/shared/states-api';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { stateAvailability } from '../state-availability';

type StatePickerProps = {
  value: string[];
  onChange: (states: string[]) => void;
  statuses: readonly StateStatus[] | undefined;
  error?: string;
  disabled?: boolean;
};

/** The 51 jurisdictions, sorted, as a checkbox list: every state reachable by keyboard and named for screen readers. */
export function StatePicker({ value, onChange, statuses, error, disabled }: StatePickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const selected = new Set(value);
  const allSelected = selected.size === STATE_NAMES.length;
  const needle = filter.trim().toLowerCase();
  const shown = needle ? STATE_NAMES.filter((name) => name.toLowerCase().includes(needle)) : STATE_NAMES;

  function toggle(name: string, checked: boolean) {
    // Kept in the list's order so the request (and the report) reads like the list.
    const next = new Set(selected);
    if (checked) next.add(name);
    else next.delete(name);
    onChange(STATE_NAMES.filter((n) => next.has(n)));
  }

  return (
    <fieldset
      className="space-y-3"
      aria-describedby={error ? `${id}-error` : `${id}-count`}
      aria-invalid={error ? true : undefined}
      disabled={disabled}
    >
      <legend className="text-sm font-medium text-slate-800">States</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-filter`} className="sr-only">
            Filter states
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            // Enter in a filter box means "filter", not "send the form half filled in".
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            placeholder="Filter states…"
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none"
          />
        </div>
        <Button variant="secondary" onClick={() => onChange(allSelected ? [] : [...STATE_NAMES])}>
          {allSelected ? 'Unselect All' : 'Select All'}
        </Button>
      </div>
      <p id={`${id}-count`} className="text-xs text-slate-600" aria-live="polite">
        {selected.size} of {STATE_NAMES.length} selected
      </p>
      <div
        className={cn(
          'grid max-h-96 grid-cols-1 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2 lg:grid-cols-3',
          error ? 'border-red-500' : 'border-slate-200',
        )}
      >
        {shown.length === 0 ? <p className="p-2 text-sm text-slate-600">No state matches “{filter}”.</p> : null}
        {shown.map((name) => {
          const availability = stateAvailability(statuses, name);
          const inputId = `${id}-${name.replace(/\W+/g, '-')}`;
          return (
            <div key={name} className="flex items-center gap-2 rounded-md px-2 py-1.5 hover:bg-slate-50">
              <input
                id={inputId}
                type="checkbox"
                checked={selected.has(name)}
                onChange={(event) => toggle(name, event.target.checked)}
                className="size-4 shrink-0 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
              />
              <label htmlFor={inputId} className="flex flex-1 flex-wrap items-center justify-between gap-x-2 text-sm">
                <span className="text-slate-800">{name}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    availability === 'Confirmed' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
                  )}
                >
                  {availability}
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
