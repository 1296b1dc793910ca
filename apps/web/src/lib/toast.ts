import type { ToastOptions } from 'react-toastify';
import { requestToastContainer } from '../components/ui/toast-host';

type Kind = 'success' | 'error' | 'warning';

// Screens import toast from here, not from react-toastify: the library (and its container,
// components/ui/toast-host.tsx) load with the first toast, since most page views show none.
function show(kind: Kind) {
  return (message: string, options?: ToastOptions) => {
    requestToastContainer();
    // react-toastify queues a toast raised before its container mounts.
    void import('react-toastify').then(({ toast: library }) => library[kind](message, options));
  };
}

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };
