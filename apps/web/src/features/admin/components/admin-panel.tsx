import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A titled block of an admin screen (h3: the screens' own titles are h2). */
export function AdminPanel({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card className="p-4 sm:p-6">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </Card>
    </section>
  );
}
