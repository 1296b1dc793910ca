import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { createUser } from '../../src/modules/accounts/create-user.ts';
import { stripeEvent } from '../../src/modules/billing/tables.ts';
import { addOneMonth, newTestId, unixNow } from '../../src/modules/billing/test-mode/new-test-id.ts';
import { newTestSubscription } from '../../src/modules/billing/test-mode/new-test-subscription.ts';
import type { TestObjectStore } from '../../src/modules/billing/test-mode/test-object-store.ts';
import type { TestSubscription } from '../../src/modules/billing/test-mode/test-provider.ts';
import { creditLedger, userCredit, userPlan } from '../../src/modules/plans/tables.ts';
import { uniqueEmail } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export type Account = { client: HttpClient; userId: string; email: string };

/** A verified account, signed in (created directly: these tests are about billing, not sign-up). */
export async function signedInAccount(server: TestServer): Promise<Account> {
  const email = uniqueEmail('billing');
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: 'correct-horse', verified: true });
  const client = new HttpClient(server.url);
  const res = await client.post('/api/auth/sign-in/email', { email, password: 'correct-horse' });
  expect(res.status).toBe(200);
  return { client, userId: id, email };
}

export async function planRow(server: TestServer, userId: string) {
  const [row] = await server.ctx.db.select().from(userPlan).where(eq(userPlan.workspaceId, userId));
  if (!row) throw new Error('no plan');
  return row;
}

export async function creditsRow(server: TestServer, userId: string) {
  const [row] = await server.ctx.db.select().from(userCredit).where(eq(userCredit.workspaceId, userId));
  if (!row) throw new Error('no credits');
  return row;
}

export async function ledgerRows(server: TestServer, userId: string, reason?: string) {
  const rows = await server.ctx.db.select().from(creditLedger).where(eq(creditLedger.workspaceId, userId));
  return reason ? rows.filter((r) => r.reason === reason) : rows;
}

export async function recordedEvents(server: TestServer, id?: string) {
  const rows = await server.ctx.db
    .select()
    .from(stripeEvent)
    .where(id ? eq(stripeEvent.id, id) : undefined);
  return rows;
}

/** Everything a billing test compares before and after a call that must change nothing. */
export async function billingSnapshot(server: TestServer, userId: string) {
  const { updatedAt: _p, ...plan } = await planRow(server, userId);
  const { updatedAt: _c, ...credits } = await creditsRow(server, userId);
  return {
    plan,
    credits,
    ledger: (await ledgerRows(server, userId)).length,
    events: (await recordedEvents(server)).length,
  };
}

/** A Stripe event as Stripe sends it, about `object`. */
export function stripeEventOf(type: string, object: object, { created = unixNow() } = {}) {
  return {
    id: newTestId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** POSTs an event to the webhook, signed with `secret` at `timestamp` (default now). */
export async function deliverEvent(
  server: TestServer,
  event: object | string,
  { secret, timestamp }: { secret: string; timestamp?: number },
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const res = await fetch(`${server.url}/api/v1/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    body: payload,
  });
  return { status: res.status, body: await res.json() };
}

/** A subscription put straight into a test provider, as if Stripe had started it. */
export async function putSubscription(
  store: TestObjectStore,
  {
    customer,
    priceId,
    start = unixNow(),
    userId,
  }: { customer: string; priceId: string; start?: number; userId?: string },
): Promise<TestSubscription> {
  return store.create<TestSubscription>(
    newTestSubscription({ customer, priceId, start, metadata: userId ? { userId } : {} }),
  );
}

/** Moves a subscription at the provider to its next monthly period (a renewal). */
export async function renewSubscription(store: TestObjectStore, id: string): Promise<TestSubscription> {
  const renewed = await store.update<TestSubscription>(id, (s) => ({
    ...s,
    items: {
      ...s.items,
      data: s.items.data.map((item) => ({
        ...item,
        current_period_start: item.current_period_end,
        current_period_end: addOneMonth(item.current_period_end),
      })),
    },
  }));
  if (!renewed) throw new Error(`no subscription ${id}`);
  return renewed;
}

export const periodEndOf = (subscription: TestSubscription) =>
  new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000);
