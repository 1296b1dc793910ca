import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React takes over a prerendered page, true on every other render. The prerendered
 * HTML was made without a query string, and React's first render on top of it must draw the same
 * thing (else it throws away the page: error #418); a screen that reads the query string draws
 * the default first and the address's choice right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
