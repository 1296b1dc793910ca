import type { AdminBilling, AdminBillingQuery } from '@licensewatch/shared/admin-insights';
import type { Db } from '../../../platform/db/client.ts';
import type { Billing } from '../../billing/create-billing.ts';
import { listBillingEvents } from './list-billing-events.ts';
import { listCreditChanges } from './list-credit-changes.ts';
import { listSubscriptions } from './list-subscriptions.ts';

/**
 * The admin billing page, from our own tables only (user_plan and billing_event kept by the
 * webhook, credit_ledger): a page view never calls the payment provider.
 */
export async function readBillingOverview(
  db: Db,
  billing: Pick<Billing, 'dashboardUrl' | 'mode'>,
  query: AdminBillingQuery,
): Promise<AdminBilling> {
  const [subscriptions, events, creditChanges] = await Promise.all([
    listSubscriptions(db, billing.dashboardUrl, query),
    listBillingEvents(db, billing.dashboardUrl),
    listCreditChanges(db),
  ]);
  return {
    stripe_mode: billing.mode === 'off' ? 'off' : billing.dashboardUrl?.endsWith('/test') ? 'test' : 'live',
    subscriptions,
    failed_payments: events.payment_failed,
    checkouts: events.checkout_completed,
    refunds: events.refund,
    credit_changes: creditChanges,
  };
}
