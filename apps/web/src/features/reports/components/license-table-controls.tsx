import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { isStatusFilter, SORT_KEYS, type SortOrder, type StatusFilter, type StatusOption } from '../license-table-view';
import { SORT_LABELS } from './sortable-license-table';

const controlClasses =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/40 focus:outline-none';

/** Search, status filter, the count shown and the layout switch above the report's licenses. */
export function LicenseTableControls({
  search,
  onSearch,
  status,
  onStatus,
  options,
  sort,
  onSortChange,
  grouped,
  onGroupedChange,
  shown,
  total,
}: {
  search: string;
  onSearch: (search: string) => void;
  status: StatusFilter;
  onStatus: (status: StatusFilter) => void;
  options: StatusOption[];
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  grouped: boolean;
  onGroupedChange: (grouped: boolean) => void;
  shown: number;
  total: number;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-0 grow basis-56 space-y-1">
        <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-800">
          Search licenses
        </label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Number, state or name"
          className={controlClasses}
        />
      </div>
      <div className="min-w-0 basis-44 space-y-1 max-sm:grow">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
          Status
        </label>
        <select
          id={`${id}-status`}
          value={status}
          onChange={(event) => {
            if (isStatusFilter(event.target.value)) onStatus(event.target.value);
          }}
          className={cn(controlClasses, 'pr-8')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label} ({option.count})
            </option>
          ))}
        </select>
      </div>
      {/* Phones see cards without the header row, so the order is chosen here instead. */}
      {grouped ? null : (
        <div className="min-w-0 basis-44 space-y-1 max-sm:basis-full md:hidden">
          <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-800">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={`${sort.key}:${sort.direction}`}
            onChange={(event) => {
              const [key, direction] = event.target.value.split(':');
              const match = SORT_KEYS.find((k) => k === key);
              if (match && (direction === 'ascending' || direction === 'descending'))
                onSortChange({ key: match, direction });
            }}
            className={cn(controlClasses, 'pr-8')}
          >
            {SORT_KEYS.flatMap((key) => [
              <option key={`${key}:ascending`} value={`${key}:ascending`}>
                {SORT_LABELS[key]}, ascending
              </option>,
              <option key={`${key}:descending`} value={`${key}:descending`}>
                {SORT_LABELS[key]}, descending
              </option>,
            ])}
          </select>
        </div>
      )}
      <button
        type="button"
        aria-pressed={grouped}
        onClick={() => onGroupedChange(!grouped)}
        className={cn(
          'inline-flex h-10 items-center gap-2 rounded-lg border px-3 text-sm font-semibold shadow-sm',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
          grouped
            ? 'border-teal-700 bg-teal-50 text-teal-900'
            : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'flex size-4 items-center justify-center rounded border text-[10px]',
            grouped ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-400',
          )}
        >
          {grouped ? '✓' : ''}
        </span>
        Group by state
      </button>
      <p className="w-full text-sm text-slate-600" aria-live="polite" data-testid="license-count">
        {shown} of {total} {total === 1 ? 'license' : 'licenses'}
      </p>
    </div>
  );
}
