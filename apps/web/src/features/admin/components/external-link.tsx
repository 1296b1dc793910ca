import type { ReactNode } from 'react';

/** A Stripe dashboard page: a new tab, without giving it a handle on this one. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
