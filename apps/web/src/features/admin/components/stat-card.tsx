import type { ReactNode } from 'react';

/** One figure of the admin dashboard: its label, the number, and what goes with it. */
export function StatCard({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</dd>
      {children ? <dd className="mt-1 text-sm text-slate-600 tabular-nums">{children}</dd> : null}
    </div>
  );
}
