/** A customer's or subscription's page on Stripe's dashboard; null without payments or an id. */
export function stripeLink(
  dashboardUrl: string | null,
  kind: 'customers' | 'subscriptions',
  id: string | null,
): string | null {
  return dashboardUrl && id ? `${dashboardUrl}/${kind}/${encodeURIComponent(id)}` : null;
}
