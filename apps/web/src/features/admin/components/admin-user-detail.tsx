import { ADMIN_MESSAGES, type AdminUserDetail } from '@licensewatch/shared/admin';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { formatDate, formatNumber } from '../../../lib/format';
import { useAdminUser } from '../api/get-admin-user';
import { TempCreditsForm } from './temp-credits-form';

/** The provider's 'past_due' as 'Past due'; our own 'trial', 'active', 'expired' likewise. */
const statusText = (status: string | null) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ') : '-';

const limitText = (limit: number | null) => (limit === null ? 'Unlimited' : formatNumber(limit));

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-1 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** "Report credits used against allowed": what the plan granted minus what is left, when both are counted. */
function reportCreditsUsed(detail: AdminUserDetail): string {
  const allowed = detail.subscription.plans.report_credit;
  const left = detail.usage_limits.report_credit;
  if (allowed === null || left === null) return `${formatNumber(detail.usage_limits.report_count)} / Unlimited`;
  return `${formatNumber(Math.max(0, allowed - left))} / ${formatNumber(allowed)}`;
}

/** The expanded row (docs/product-rules.md, Users): subscription, usage and recent reports of one account. */
export function AdminUserDetailPanel({ userId, email }: { userId: string; email: string }) {
  const { data, isPending, isError } = useAdminUser(userId, true);
  if (isPending) {
    return (
      <div role="status" aria-busy="true" className="grid gap-3 md:grid-cols-3">
        <span className="sr-only">Loading user details…</span>
        {['subscription', 'usage', 'reports'].map((part) => (
          <div key={part} className="h-32 animate-pulse rounded-lg bg-slate-200/70" />
        ))}
      </div>
    );
  }
  if (isError || !data) return <p className="text-sm text-red-700">{ADMIN_MESSAGES.usersLoadError}</p>;
  const { subscription, usage_limits: usage, reports } = data;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Section title="Subscription Details">
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <Item label="Plan">{subscription.plan_name ? PLAN_LABELS[subscription.plan_name] : '-'}</Item>
          <Item label="Status">{statusText(subscription.status)}</Item>
          <Item label="Expiry">{formatDate(subscription.current_period_end)}</Item>
          <Item label="Report credits">{limitText(usage.report_credit)}</Item>
          <Item label="API credits">{formatNumber(usage.api_credit)}</Item>
          <div className="col-span-2">
            <dt className="text-slate-500">Temporary credits</dt>
            <dd className="mt-1 font-medium text-slate-900">
              <span data-testid="temp-credits">{formatNumber(usage.temp_report_credit)}</span>
              <TempCreditsForm userId={userId} email={email} />
            </dd>
          </div>
        </dl>
      </Section>
      <Section title="Usage & Reports">
        <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
          <Item label="Reports created">{formatNumber(usage.report_count)}</Item>
          <Item label="Report credits used">{reportCreditsUsed(data)}</Item>
          <Item label="API calls">
            {formatNumber(usage.api_count)} / {formatNumber(subscription.plans.api_credit)}
          </Item>
          <Item label="Valid until">{formatDate(usage.end_date)}</Item>
        </dl>
      </Section>
      <div className="lg:col-span-2">
        <Section title="Recent Reports">
          {reports.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No reports yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {reports.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{r.name}</p>
                    <p className="text-slate-600">
                      {r.license_type} · {formatNumber(r.license_count)} license{r.license_count === 1 ? '' : 's'} ·
                      created {formatDate(r.created_at)} · last update {formatDate(r.last_update)}
                    </p>
                  </div>
                  {r.google_sheet_url ? (
                    <a
                      href={r.google_sheet_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses('secondary', 'sm')}
                    >
                      Open in Google Sheets
                    </a>
                  ) : (
                    <button
                      type="button"
                      disabled
                      title={ADMIN_MESSAGES.sheetNotAvailableTitle}
                      className={buttonClasses('secondary', 'sm')}
                    >
                      Open in Google Sheets
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
