import type { ReactNode } from 'react';
import { PageTitle } from '../../../session/page-title';

type AdminSectionProps = { title: string; description: string; children: ReactNode };

/** Admin screens sit under the layout's "Admin Dashboard" h1, so their own titles are h2. */
export function AdminSection({ title, description, children }: AdminSectionProps) {
  return (
    <section aria-labelledby="admin-section-title">
      <PageTitle title={`${title} · Admin`} />
      <h2 id="admin-section-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-slate-600">{description}</p>
      <div className="mt-6">{children}</div>
    </section>
  );
}
