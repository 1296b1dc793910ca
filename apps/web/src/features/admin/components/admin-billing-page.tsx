import { ADMIN_INSIGHTS_TEXT, type AdminBilling, type AdminBillingEvent } from '@licensewatch/shared/admin-insights';
import { PLAN_LABELS } from '@licensewatch/shared/plans';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { tableHeadCellClass } from '../../../components/ui/table-styles';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format';
import { useAdminBilling } from '../api/get-admin-billing';
import { AdminPanel } from './admin-panel';
import { AdminSection } from './admin-section';
import { ExternalLink } from './external-link';
import { formatMoney } from './format-money';

const cell = 'px-4 py-2 align-top';

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    // relative: the links' visually hidden text is positioned in the region, not past the page's edge.
    <ScrollRegion label={label} className="relative">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className={tableHeadCellClass}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const statusTone = (status: string | null) =>
  status === 'active' || status === 'trialing' ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900';

function Subscriptions({
  data,
  page,
  setPage,
  fetching,
}: {
  data: AdminBilling['subscriptions'];
  page: number;
  setPage: (page: number) => void;
  fetching: boolean;
}) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <AdminPanel
      id="billing-subscriptions"
      title="Subscriptions"
      description={`${formatNumber(data.total)} paying through the payment provider; those needing a look first, then the soonest period end.`}
    >
      {data.items.length === 0 ? (
        <Empty>No subscriptions yet. They appear here once a user or an organization pays for a plan.</Empty>
      ) : (
        <Table label="Subscriptions table" head={['Customer', 'Plan', 'Status', 'Period ends', 'Renews', 'Stripe']}>
          {data.items.map((s) => (
            <tr key={s.subscription_id ?? s.user_id}>
              <td className={`${cell} min-w-[13rem] break-all`}>
                {s.organisation ? (
                  <>
                    <span className="block font-medium text-slate-900">{s.organisation.name}</span>
                    <span className="block text-slate-600">Organization{s.email ? ` · owner ${s.email}` : ''}</span>
                  </>
                ) : (
                  <span className="font-medium text-slate-900">{s.email ?? 'Deleted user'}</span>
                )}
              </td>
              <td className={cell}>{PLAN_LABELS[s.plan_name]}</td>
              <td className={cell}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusTone(s.status)}`}>
                  {s.status ?? 'unknown'}
                </span>
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDate(s.current_period_end)}</td>
              <td className={`${cell} min-w-[8rem]`}>{s.cancel_at_period_end ? 'Cancels at period end' : 'Yes'}</td>
              <td className={`${cell} space-x-3 whitespace-nowrap`}>
                {s.customer_url ? <ExternalLink href={s.customer_url}>Customer</ExternalLink> : null}
                {s.subscription_url ? <ExternalLink href={s.subscription_url}>Subscription</ExternalLink> : null}
              </td>
            </tr>
          ))}
        </Table>
      )}
      {pages > 1 ? (
        <nav aria-label="Subscription pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1 || fetching} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span className="text-slate-600" aria-live="polite">
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages || fetching} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </AdminPanel>
  );
}

function Who({ event }: { event: Pick<AdminBillingEvent, 'email' | 'organisation' | 'customer_id' | 'customer_url'> }) {
  const name = event.organisation?.name ?? event.email ?? event.customer_id ?? 'Unknown customer';
  return (
    <>
      <span className="block min-w-[13rem] break-all font-medium text-slate-900">{name}</span>
      {event.organisation ? (
        <span className="block text-slate-600">Organization{event.email ? ` · owner ${event.email}` : ''}</span>
      ) : null}
      {event.customer_url ? <ExternalLink href={event.customer_url}>Customer in Stripe</ExternalLink> : null}
    </>
  );
}

function Events({
  id,
  title,
  description,
  events,
  empty,
  amountLabel,
  extra,
}: {
  id: string;
  title: string;
  description: string;
  events: AdminBillingEvent[];
  empty: string;
  amountLabel: string;
  extra?: { head: string; cell: (event: AdminBillingEvent) => ReactNode };
}) {
  return (
    <AdminPanel id={id} title={title} description={description}>
      {events.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <Table label={`${title} table`} head={['When', 'Who', 'Plan', amountLabel, ...(extra ? [extra.head] : [])]}>
          {events.map((e) => (
            <tr key={e.id}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDateTime(e.occurred_at)}</td>
              <td className={cell}>
                <Who event={e} />
              </td>
              <td className={cell}>{e.plan_name ? PLAN_LABELS[e.plan_name] : '-'}</td>
              <td className={`${cell} tabular-nums`}>{formatMoney(e.amount_cents, e.currency)}</td>
              {extra ? <td className={cell}>{extra.cell(e)}</td> : null}
            </tr>
          ))}
        </Table>
      )}
    </AdminPanel>
  );
}

function CreditChanges({ changes }: { changes: AdminBilling['credit_changes'] }) {
  return (
    <AdminPanel
      id="billing-credits"
      title="Temporary credits granted and reduced"
      description="Report credits administrators added to or took from an account, newest first."
    >
      {changes.length === 0 ? (
        <Empty>No temporary credits granted yet.</Empty>
      ) : (
        <Table label="Temporary credits table" head={['When', 'User', 'Change', 'By']}>
          {changes.map((c) => (
            <tr key={c.id}>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{formatDateTime(c.created_at)}</td>
              <td className={`${cell} break-all`}>{c.email ?? 'Deleted user'}</td>
              <td className={`${cell} tabular-nums`}>
                {c.delta > 0 ? `+${formatNumber(c.delta)} granted` : `${formatNumber(c.delta)} reduced`}
              </td>
              <td className={`${cell} break-all`}>{c.actor_email ?? '-'}</td>
            </tr>
          ))}
        </Table>
      )}
    </AdminPanel>
  );
}

function Skeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading billing…</span>
      {['subscriptions', 'failed', 'checkouts'].map((key) => (
        <div key={key} className="h-48 rounded-xl bg-slate-200/70 motion-safe:animate-pulse" aria-hidden="true" />
      ))}
    </div>
  );
}

export function AdminBillingPage() {
  const [page, setPage] = useState(1);
  const billing = useAdminBilling(page);
  const data = billing.data;

  return (
    <AdminSection
      title="Billing"
      description="Subscriptions, payments and credit grants, as the payment webhook recorded them."
    >
      {billing.isPending ? (
        <Skeleton />
      ) : billing.isError || !data ? (
        <div className="space-y-4">
          <Alert tone="error">{ADMIN_INSIGHTS_TEXT.billingLoadError}</Alert>
          <Button variant="secondary" pending={billing.isFetching} onClick={() => billing.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="space-y-6">
          {data.stripe_mode === 'test' ? (
            <Alert tone="info">Test mode: Stripe links open Stripe's test dashboard.</Alert>
          ) : null}
          {data.stripe_mode === 'off' ? (
            <Alert tone="warning">Payments are off on this server: no Stripe keys are configured.</Alert>
          ) : null}
          <Subscriptions data={data.subscriptions} page={page} setPage={setPage} fetching={billing.isFetching} />
          <Events
            id="billing-failed"
            title="Failed payments"
            description="Invoices whose payment failed, with Stripe's next attempt."
            events={data.failed_payments}
            empty="No failed payments."
            amountLabel="Amount due"
            extra={{
              head: 'Attempt',
              cell: (e) =>
                `${e.attempt ?? '-'}${e.next_attempt_at ? ` · next ${formatDateTime(e.next_attempt_at)}` : ' · no retry'}`,
            }}
          />
          <Events
            id="billing-checkouts"
            title="Recent checkouts"
            description="Checkout sessions completed at the payment provider, newest first."
            events={data.checkouts}
            empty="No checkouts yet."
            amountLabel="Amount"
          />
          <Events
            id="billing-refunds"
            title="Refunds"
            description="Charges refunded at the payment provider."
            events={data.refunds}
            empty="No refunds."
            amountLabel="Refunded"
          />
          <CreditChanges changes={data.credit_changes} />
        </div>
      )}
    </AdminSection>
  );
}
