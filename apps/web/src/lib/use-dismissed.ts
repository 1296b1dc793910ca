import { useCallback, useSyncExternalStore } from 'react';

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    // Storage can be blocked (private mode, policies); the banner then simply shows again.
    return false;
  }
}

// Dismissals made in this page view when storage refuses them.
const dismissedHere = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A flag remembered across visits, for banners the visitor has closed. Prerendered HTML shows
 * every banner (it cannot know); hydration starts from that and then applies the stored flag,
 * while the inline script in index.html keeps a closed banner from flashing meanwhile.
 */
export function useDismissed(key: string): [boolean, () => void] {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => dismissedHere.has(key) || read(key),
    () => false,
  );
  const dismiss = useCallback(() => {
    dismissedHere.add(key);
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // See read(): dismissal then lasts for this page view only.
    }
    for (const listener of listeners) listener();
  }, [key]);
  return [dismissed, dismiss];
}
