import { BRAND } from '@licensewatch/shared/brand';
import { escapeHtml, formatUnixDate, renderTestPage } from './render-test-page.ts';
import type { TestPortalSession, TestProvider, TestSubscription } from './test-provider.ts';

function describe(subscription: TestSubscription): string {
  const end = subscription.items.data[0]?.current_period_end;
  if (subscription.status !== 'active') return 'Canceled';
  if (!end) return 'Active';
  return subscription.cancel_at_period_end
    ? `Active — ends on ${formatUnixDate(end)}`
    : `Active — renews on ${formatUnixDate(end)}`;
}

/** GET /test-portal/:id — the customer's subscriptions, cancel at period end (or keep), and the test clock. */
export function renderTestPortalPage(
  provider: TestProvider,
  session: TestPortalSession,
  subscriptions: TestSubscription[],
): string {
  const sections = subscriptions.map((subscription) => {
    const priceId = subscription.items.data[0]?.price.id ?? '';
    const price = provider.prices[priceId] ?? { label: priceId, amount: '' };
    const action = (name: string) =>
      `${encodeURIComponent(session.id)}/subscriptions/${encodeURIComponent(subscription.id)}/${name}`;
    const buttons =
      subscription.status !== 'active'
        ? ''
        : `${
            subscription.cancel_at_period_end
              ? `<form method="post" action="${action('resume')}"><button class="primary" type="submit">Keep my subscription</button></form>`
              : `<form method="post" action="${action('cancel')}"><button class="secondary" type="submit">Cancel at period end</button></form>`
          }
<form method="post" action="${action('advance')}"><button class="secondary" type="submit">Advance to the period end (test clock)</button></form>`;
    return `<section>
<h2>${escapeHtml(price.label)} <span class="note">${escapeHtml(price.amount)}</span></h2>
<p>${escapeHtml(describe(subscription))}</p>
${buttons}
</section>`;
  });
  const back = session.return_url
    ? `<section><a class="button primary" href="${escapeHtml(session.return_url)}">Back to ${escapeHtml(BRAND.name)}</a></section>`
    : '';
  return renderTestPage(
    'Manage your subscription',
    `<h1>Manage your subscription</h1>
${sections.length > 0 ? sections.join('\n') : '<p>You have no subscription.</p>'}
${back}`,
  );
}
