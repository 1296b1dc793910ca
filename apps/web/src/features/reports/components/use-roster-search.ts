import { useEffect, useRef, useState } from 'react';
import type { useSearchParams } from 'react-router';
import { type RosterView, readRosterView, writeRosterView } from '../roster-view';

const SEARCH_DELAY_MS = 300;

/**
 * The physician box's text, typed freely; the URL (and the query) follow once typing pauses.
 * `cancel` drops a pending update, for Clear filters.
 */
export function useRosterSearch(
  view: RosterView,
  setParams: ReturnType<typeof useSearchParams>[1],
): { search: string; typeSearch: (value: string) => void; cancel: () => void } {
  // The timer reads the URL as it is when it fires, so a filter changed meanwhile (Clear filters) is kept.
  const [search, setSearch] = useState(view.physician ?? '');
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setSearch(view.physician ?? ''), [view.physician]);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const typeSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => {
      setParams(
        (current) => {
          const now = readRosterView(current);
          const typed = value.trim() || undefined;
          return typed === now.physician ? current : writeRosterView({ ...now, physician: typed, page: 1 });
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
  };

  const cancel = () => {
    clearTimeout(searchTimer.current);
    setSearch('');
  };
  return { search, typeSearch, cancel };
}
