import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A titled part of /overview below the license card: heading, one line of description, a card. */
export function OverviewSection({
  id,
  title,
  description,
  cardClassName,
  children,
  after,
}: {
  id: string;
  title: string;
  description: string;
  cardClassName: string;
  children: ReactNode;
  /** Below the card, inside the section (e.g. a live region). */
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-8 max-w-3xl">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <Card className={`mt-4 ${cardClassName}`}>{children}</Card>
      {after}
    </section>
  );
}
