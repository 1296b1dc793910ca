import type { ToastOptions } from 'react-toastify';
import { requestToastContainer } from './toast-host';

type Kind = 'success' | 'error' | 'warning';

// Screens import toast from here, not from react-toastify: the library (and its container,
// components/ui/toast-host.tsx) load with the first toast, since most page views show none.
// So a toast resolves once it is raised, which for a page's first one means once the library has
// loaded: a screen that leaves right after a toast awaits it (use-choose-plan.ts).
function show(kind: Kind) {
  return async (message: string, options?: ToastOptions): Promise<void> => {
    requestToastContainer();
    // react-toastify queues a toast raised before its container mounts.
    const { toast: library } = await import('react-toastify');
    library[kind](message, options);
  };
}

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };
