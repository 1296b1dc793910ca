import { lazy, Suspense, useSyncExternalStore } from 'react';

const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

let requested = false;
const listeners = new Set<() => void>();

/** Called by toast.ts with the first toast (react-toastify queues it until the container mounts). */
export function requestToastContainer() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The toast container, mounted with the first toast: a visit that shows none never downloads the library. */
export function ToastHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={3000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    </Suspense>
  );
}
