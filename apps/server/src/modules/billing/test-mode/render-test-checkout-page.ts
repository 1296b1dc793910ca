import { unixNow } from './new-test-id.ts';
import { escapeHtml, renderTestPage } from './render-test-page.ts';
import type { TestCheckoutSession, TestCustomer, TestProvider } from './test-provider.ts';

/** GET /test-checkout/:id — the plan, its price and the two choices a hosted checkout offers. */
export function renderTestCheckoutPage(
  provider: TestProvider,
  session: TestCheckoutSession,
  customer: TestCustomer | null,
): string {
  const priceId = session.line_items.data[0]?.price.id ?? '';
  const price = provider.prices[priceId] ?? { label: priceId, amount: '' };
  if (session.status === 'complete') {
    return renderTestPage(
      'Test payment complete',
      `<h1>Test payment complete</h1>
<p>Your test subscription to ${escapeHtml(price.label)} has started.</p>
<a class="button primary" href="${escapeHtml(session.success_url)}">Continue</a>`,
    );
  }
  if (session.status === 'expired' || session.expires_at <= unixNow()) {
    return renderTestPage(
      'Checkout expired',
      `<h1>This test checkout has expired</h1>
<p>Choose the plan again to start a new one.</p>
<a class="button secondary" href="${escapeHtml(session.cancel_url)}">Back to plans</a>`,
    );
  }
  const id = encodeURIComponent(session.id);
  return renderTestPage(
    `Subscribe to ${price.label}`,
    `<h1>Subscribe to ${escapeHtml(price.label)}</h1>
<p class="price">${escapeHtml(price.amount)}</p>
<dl>
<dt>Plan</dt><dd>${escapeHtml(price.label)}, renews monthly</dd>
${customer?.email ? `<dt>Account</dt><dd>${escapeHtml(customer.email)}</dd>` : ''}
</dl>
<p class="note">This is the built-in test checkout: no payment details are asked for and nothing is charged. Completing it starts a one-month test subscription.</p>
<form method="post" action="${id}/complete"><button class="primary" type="submit">Complete test payment</button></form>
<form method="post" action="${id}/cancel"><button class="secondary" type="submit">Cancel</button></form>`,
  );
}
