import type { LicenseType } from '@licensewatch/shared/licenses';
import type { Limit } from '@licensewatch/shared/plans';
import { STATE_NAMES } from '@licensewatch/shared/states';
import type { StateStatus } from '@licensewatch/shared/states-api';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { stateSource } from '../state-source';

type StatePickerProps = {
  value: string[];
  onChange: (states: string[]) => void;
  statuses: readonly StateStatus[] | undefined;
  /** The form's license type, so each state shows how its board for that type is read. */
  licenseType?: LicenseType | '';
  /** States one report may search on the workspace's plan (null: all); the server enforces it. */
  limit?: Limit;
  /** The plan's name, for the prompt at the limit. */
  planLabel?: string;
  error?: string;
  disabled?: boolean;
};

const TONES = {
  good: 'bg-emerald-50 text-emerald-800',
  warn: 'bg-amber-50 text-amber-900',
  neutral: 'bg-slate-100 text-slate-700',
} as const;

/**
 * The 51 jurisdictions, sorted, as a checkbox list: every state reachable by keyboard and named
 * for screen readers, each with how its board is read. On a plan with a states limit the boxes
 * beyond it are disabled and the limit is said beside them, so a report is never refused after
 * the form is filled in.
 */
export function StatePicker({
  value,
  onChange,
  statuses,
  licenseType,
  limit = null,
  planLabel,
  error,
  disabled,
}: StatePickerProps) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const selected = new Set(value);
  const allSelected = selected.size === STATE_NAMES.length;
  const atLimit = limit !== null && selected.size >= limit;
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
      aria-describedby={[error ? `${id}-error` : `${id}-count`, limit !== null ? `${id}-limit` : '']
        .filter(Boolean)
        .join(' ')}
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
        {limit === null ? (
          <Button variant="secondary" onClick={() => onChange(allSelected ? [] : [...STATE_NAMES])}>
            {allSelected ? 'Unselect All' : 'Select All'}
          </Button>
        ) : null}
      </div>
      {limit !== null ? (
        <p
          id={`${id}-limit`}
          className={cn(
            'rounded-lg border px-3 py-2 text-sm',
            atLimit ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-700',
          )}
        >
          Your {planLabel ?? 'current'} plan searches {limit === 1 ? 'one state' : `${limit} states`} per report.{' '}
          <Link to={PATHS.pricing} className="font-semibold text-teal-800 underline underline-offset-2">
            Upgrade to search every state
          </Link>
        </p>
      ) : null}
      <p id={`${id}-count`} className="text-xs text-slate-600" aria-live="polite">
        {selected.size} of {limit ?? STATE_NAMES.length} selected
      </p>
      <div
        className={cn(
          'grid max-h-96 grid-cols-1 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-2 lg:grid-cols-3',
          error ? 'border-red-500' : 'border-slate-200',
        )}
      >
        {shown.length === 0 ? <p className="p-2 text-sm text-slate-600">No state matches “{filter}”.</p> : null}
        {shown.map((name) => {
          const source = stateSource(statuses, name, licenseType);
          const inputId = `${id}-${name.replace(/\W+/g, '-')}`;
          const checked = selected.has(name);
          const blocked = atLimit && !checked;
          return (
            <div
              key={name}
              className={cn('flex items-center gap-2 rounded-md px-2 py-1.5', !blocked && 'hover:bg-slate-50')}
            >
              <input
                id={inputId}
                type="checkbox"
                checked={checked}
                disabled={blocked}
                aria-describedby={source ? `${inputId}-source` : undefined}
                onChange={(event) => toggle(name, event.target.checked)}
                className="size-4 shrink-0 accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
              />
              <div className="flex flex-1 flex-wrap items-center justify-between gap-x-2 text-sm">
                <label htmlFor={inputId} className={blocked ? 'text-slate-500' : 'text-slate-800'}>
                  {name}
                </label>
                {source ? (
                  <span
                    id={`${inputId}-source`}
                    title={source.meaning}
                    className={cn('rounded-full px-2 py-0.5 text-xs font-medium', TONES[source.tone])}
                  >
                    {source.text}
                  </span>
                ) : null}
              </div>
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
