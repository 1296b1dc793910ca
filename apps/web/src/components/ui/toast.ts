import { createElement } from 'react';
import type { ToastOptions } from 'react-toastify';
import { requestToastContainer } from './toast-host';

type Kind = 'success' | 'error' | 'warning';

/** A second line under the message (e.g. 'Credits: 3 → 6', 'Available: N | Requested: M' on the admin users screen). */
type Options = ToastOptions & { description?: string };

// Screens import toast from here, not from react-toastify: the library (and its container,
// components/ui/toast-host.tsx) load with the first toast, since most page views show none.
// So a toast resolves once it is raised, which for a page's first one means once the library has
// loaded: a screen that leaves right after a toast awaits it (use-choose-plan.ts).
function show(kind: Kind) {
  return async (message: string, options?: Options): Promise<void> => {
    requestToastContainer();
    // react-toastify queues a toast raised before its container mounts.
    const { toast: library } = await import('react-toastify');
    const { description, ...rest } = options ?? {};
    const content = description
      ? createElement(
          'div',
          null,
          createElement('p', { className: 'font-semibold' }, message),
          createElement('p', { className: 'mt-0.5 text-sm' }, description),
        )
      : message;
    library[kind](content, rest);
  };
}

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };
