import type { BillingEventKind } from '@licensewatch/shared/admin-insights';
import { PLAN_NAMES, type PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../platform/db/client.ts';
import type { PlanPriceIds } from './resolve-plan-prices.ts';
import { planOfPrice } from './resolve-plan-prices.ts';

const KIND_OF: Record<string, BillingEventKind> = {
  'checkout.session.completed': 'checkout_completed',
  'invoice.paid': 'invoice_paid',
  'invoice.payment_failed': 'payment_failed',
  'charge.refunded': 'refund',
};

type Recorded = {
  customerId: string | null;
  subscriptionId: string | null;
  objectId: string | null;
  clientReferenceId: string | null;
  planName: PlanName | null;
  amountCents: number | null;
  currency: string | null;
  attempt: number | null;
  nextAttemptAt: Date | null;
};

type Loose = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);
const int = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const idOf = (value: unknown) => str(value) ?? str((value as Loose | null)?.id);
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const planName = (value: unknown) => ((PLAN_NAMES as readonly unknown[]).includes(value) ? (value as PlanName) : null);

/** What the billing page keeps of each kind of event, read from its payload (Stripe's field names). */
function readPayload(event: Stripe.Event, prices: PlanPriceIds): Recorded {
  const o = obj(event.data.object);
  const base = {
    customerId: idOf(o.customer),
    objectId: str(o.id),
    currency: str(o.currency),
    clientReferenceId: null,
    attempt: null,
    nextAttemptAt: null,
  };
  if (event.type === 'checkout.session.completed') {
    // Stripe sends line_items only when expanded; the test provider always does.
    const items = obj(o.line_items).data;
    const price = Array.isArray(items) ? obj(items[0]).price : null;
    return {
      ...base,
      subscriptionId: idOf(o.subscription),
      clientReferenceId: str(o.client_reference_id),
      planName: planName(obj(o.metadata).planName) ?? planOfPrice(prices, idOf(price)),
      amountCents: int(o.amount_total),
    };
  }
  if (event.type === 'charge.refunded') {
    return { ...base, subscriptionId: null, planName: null, amountCents: int(o.amount_refunded) };
  }
  // Invoices: the subscription and its metadata (ours carries planName) under parent since API 2025-03-31.
  const details = obj(obj(o.parent).subscription_details);
  const next = int(o.next_payment_attempt);
  return {
    ...base,
    subscriptionId: idOf(details.subscription) ?? idOf(o.subscription),
    planName: planName(obj(details.metadata).planName),
    amountCents: event.type === 'invoice.paid' ? int(o.amount_paid) : int(o.amount_due),
    attempt: int(o.attempt_count),
    nextAttemptAt: next === null ? null : new Date(next * 1000),
  };
}

/**
 * Keeps what a money event said (checkout completed, invoice paid, payment failed, refund) in
 * billing_event for the admin billing page, which so never calls Stripe. The payload's ids and
 * amounts are enough for a record (the plan's effect still comes from Stripe's current state).
 * Keyed by the event id: a redelivered event is recorded once, whatever its effect's outcome.
 * The workspace is the one whose stored customer it is, else the checkout's client_reference_id
 * (a user's own workspace or an organisation's: both are workspaces, ADR 019).
 */
export async function recordBillingEvent(db: Db, prices: PlanPriceIds, event: Stripe.Event): Promise<void> {
  const kind = KIND_OF[event.type];
  if (!kind) return;
  const r = readPayload(event, prices);
  await db.execute(sql`
    insert into billing_event (id, kind, user_id, customer_id, subscription_id, object_id, plan_name,
      amount_cents, currency, attempt, next_attempt_at, occurred_at)
    values (${event.id}, ${kind},
      coalesce(
        (select p.workspace_id from user_plan p where p.stripe_customer_id = ${r.customerId}::text),
        (select w.id from workspace w where w.id = ${r.clientReferenceId}::text)
      ),
      ${r.customerId}, ${r.subscriptionId}, ${r.objectId}, ${r.planName}, ${r.amountCents}, ${r.currency},
      ${r.attempt}, ${r.nextAttemptAt?.toISOString() ?? null}::timestamptz, to_timestamp(${event.created}))
    on conflict (id) do nothing
  `);
}
