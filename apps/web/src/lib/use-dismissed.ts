import { useCallback, useState } from 'react';

function read(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    // Storage can be blocked (private mode, policies); the banner then simply shows again.
    return false;
  }
}

/** A flag remembered across visits, for banners the visitor has closed. */
export function useDismissed(key: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => read(key));
  const dismiss = useCallback(() => {
    setDismissed(true);
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      // See read(): dismissal then lasts for this page view only.
    }
  }, [key]);
  return [dismissed, dismiss];
}
