import type { ReactNode } from 'react';

type FeatureCardProps = { icon: ReactNode; title: string; children: ReactNode };

export function FeatureCard({ icon, title, children }: FeatureCardProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex size-11 items-center justify-center rounded-lg bg-teal-50 text-teal-700">{icon}</div>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{children}</p>
    </div>
  );
}
