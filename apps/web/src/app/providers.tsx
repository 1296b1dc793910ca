import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { createQueryClient } from '../lib/query-client';

// Toasts only follow user actions, so the library loads after first paint (react-toastify
// queues toasts emitted before its container mounts).
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not per module) so tests and hot reloads start clean.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <ToastContainer position="top-right" autoClose={3000} newestOnTop closeOnClick pauseOnFocusLoss={false} />
      </Suspense>
    </QueryClientProvider>
  );
}
