import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';

const { billing } = ACCOUNT_MESSAGES;
const PASSWORD = 'checkout-return-e2e-password';
const CURRENT_PLAN = '**/api/v2/stripe/current-plan';

// The CLI sets the plan (a Node start, seconds under load) and the checkout runs through the test
// provider: measured up to 35 s with both workers busy (pricing.spec.ts).
test.describe.configure({ timeout: 90_000 });

function planCard(page: Page, label: string) {
  return page.getByRole('article', { name: label, exact: true });
}

/** The notice of the page the provider sent the browser back to (the live region holds it). */
function checkoutNotice(page: Page) {
  return page.getByRole('status').filter({ has: page.locator('[data-checkout-notice]') });
}

/**
 * Free, outside the trial, on /pricing with the test-mode checkout for Premium open. Returns the
 * server's answer for the current plan as the pricing page read it, before any payment.
 */
async function startPremiumCheckout(page: Page, prefix: string): Promise<unknown> {
  await signedInAccount(page, prefix, PASSWORD, 'free');
  const planBefore = page.waitForResponse((r) => r.url().endsWith('/api/v2/stripe/current-plan') && r.ok());
  await page.goto('/pricing');
  const before = await (await planBefore).json();
  await planCard(page, 'Premium').getByRole('button', { name: 'Subscribe: Premium plan' }).click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  return before;
}

test('back from a paid checkout, the dashboard confirms the payment, names the plan, and a reload says nothing more', async ({
  page,
}) => {
  const before = await startPremiumCheckout(page, 'checkout-return-success');

  // The test provider applies the plan before it sends the browser back; Stripe's webhook may come
  // later. Until it "lands" here, the browser is answered what the server said before the payment.
  let webhookLanded = false;
  let stalePlanReads = 0;
  await page.route(CURRENT_PLAN, async (route) => {
    if (webhookLanded) return route.continue();
    stalePlanReads += 1;
    return route.fulfill({ json: before });
  });

  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const notice = checkoutNotice(page);
  await expect(notice).toHaveText(billing.checkoutConfirming);
  // It asks again while the old plan is answered, and claims nothing meanwhile.
  await expect.poll(() => stalePlanReads, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await expect(notice).toHaveText(billing.checkoutConfirming);

  webhookLanded = true;
  await expect(notice).toHaveText(billing.checkoutConfirmed('Premium'));
  await expectNoAxeViolations(page);

  // The marker left the address when it was read: a reload is a plain dashboard.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Medical License Reports' })).toBeVisible();
  await expect(page.getByText('No reports yet')).toBeVisible();
  await expect(checkoutNotice(page)).toHaveCount(0);
  await expect(page.getByText(billing.checkoutConfirmed('Premium'))).toHaveCount(0);
});

test('a checkout cancelled at the provider says so on /pricing, the plan unchanged', async ({ page }) => {
  await startPremiumCheckout(page, 'checkout-return-cancel');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/pricing$/);
  const notice = checkoutNotice(page);
  await expect(notice).toHaveText(billing.checkoutCancelled);
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText('Your plan: Free');
  await expect(planCard(page, 'Free').getByText('Current', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await notice.getByRole('button', { name: 'Dismiss notice' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(planCard(page, 'Free').getByText('Current', { exact: true })).toBeVisible();
  await expect(page.getByText(billing.checkoutCancelled)).toHaveCount(0);
});

test('a payment that is not confirmed within a minute is said to be still confirming, never active', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A Free account at the marked address is a payment whose webhook never arrives: the server
  // keeps answering Free, and the page's clock is moved past the minute instead of waited out.
  await signedInAccount(page, 'checkout-return-slow', PASSWORD, 'free');
  await page.clock.install();
  await page.goto('/dashboard?checkout=success&plan=premium');
  const notice = checkoutNotice(page);
  await expect(notice).toHaveText(billing.checkoutConfirming);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.clock.fastForward('01:01');
  await expect(notice).toContainText(billing.checkoutSlow('Premium'));
  await expect(notice.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact');
  await expect(page.getByText(billing.checkoutConfirmed('Premium'))).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});
