import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { PlanName } from '@licensewatch/shared/plans';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';

const { billing } = ACCOUNT_MESSAGES;
const PASSWORD = 'pricing-e2e-password';
const INDIVIDUAL = ['Free', 'Basic', 'Premium'];
const BUSINESS = ['Small', 'Growth', 'Enterprise'];

// Plans are set with the operator CLI (a Node start, seconds under load) and bought through the
// checkout: measured up to 35 s with both workers busy.
test.describe.configure({ timeout: 90_000 });

/** A plan's card, named by its heading. */
function planCard(page: Page, label: string) {
  return page.getByRole('article', { name: label, exact: true });
}

/** A card's 'Current' badge (exact: the Free card's button may read 'Current Plan'). */
function currentBadge(page: Page, label: string) {
  return planCard(page, label).getByText('Current', { exact: true });
}

/** A new account (Free, in the 3-month trial), optionally moved by the CLI onto a plan outside the trial. */
async function signedIn(page: Page, prefix: string, plan?: PlanName) {
  return signedInAccount(page, prefix, PASSWORD, plan);
}

async function openPricing(page: Page) {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
}

/** Nothing sticks out sideways at phone width. */
async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('signed out, every plan offers Sign Up, Premium is recommended and nothing is current', async ({ page }) => {
  await openPricing(page);
  await expect(page.getByText(billing.trialIncluded)).toBeVisible();
  // The e2e server has no payment keys: checkout is the built-in test page.
  await expect(page.getByText(billing.testMode)).toBeVisible();
  for (const label of INDIVIDUAL) {
    await expect(planCard(page, label).getByRole('link', { name: `Sign Up: ${label} plan` })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expect(currentBadge(page, label)).toHaveCount(0);
  }
  await expect(planCard(page, 'Premium').getByText('Recommended')).toBeVisible();
  await expect(planCard(page, 'Basic').getByText('Recommended')).toHaveCount(0);
  // The per-card trial label belongs to a running trial only.
  await expect(page.getByText(billing.trialLabel)).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Business Plans' }).click();
  await expect(page).toHaveURL(/\/pricing\?tab=business$/);
  for (const label of BUSINESS) {
    await expect(planCard(page, label).getByRole('link', { name: `Sign Up: ${label} plan` })).toHaveAttribute(
      'href',
      '/signup',
    );
  }
  await planCard(page, 'Growth').getByRole('link', { name: 'Sign Up: Growth plan' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('signed out at phone width, the cards stack without overflow', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openPricing(page);
  await expect(planCard(page, 'Premium').getByRole('link', { name: 'Sign Up: Premium plan' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});

test('until it is known who is looking, no card says Sign Up: a member never sees it, from the first paint', async ({
  page,
}) => {
  await signedIn(page, 'pricing-neutral');
  // The HTML the server sends before any script runs: the cards' buttons are neutral and disabled.
  const html = await (await page.request.get('/pricing')).text();
  expect(html).not.toContain('>Sign Up<');
  expect(html.match(/>Choose Plan</g)?.length).toBe(3);
  expect(html).toMatch(/<button[^>]* disabled=""[^>]* aria-label="Choose Plan: Premium plan"/);
  // Once the session is known, the member's own choices.
  await openPricing(page);
  await expect(planCard(page, 'Basic').getByRole('button', { name: 'Switch Plan: Basic plan' })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Choose Plan/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Sign Up/ })).toHaveCount(0);
});

test('in the trial, individual plans switch without payment, in place, without a reload', async ({ page }) => {
  await signedIn(page, 'pricing-trial');
  await openPricing(page);

  await expect(page.getByText(billing.trialIncluded)).toBeVisible();
  await expect(currentBadge(page, 'Free')).toBeVisible();
  await expect(planCard(page, 'Free').getByRole('button', { name: 'Current Plan: Free plan' })).toBeDisabled();
  await expect(planCard(page, 'Premium').getByText('Recommended')).toBeVisible();
  for (const label of ['Basic', 'Premium']) {
    await expect(planCard(page, label).getByText(billing.trialLabel)).toBeVisible();
  }
  await expect(planCard(page, 'Free').getByText(billing.trialLabel)).toHaveCount(0);
  await expect(page.getByText(/^Free trial until /)).toBeVisible();
  // Nothing to manage at the payment provider during a trial.
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Signed in to one's own workspace, business plans go through sales, or are bought for an organization in its workspace.
  await page.getByRole('tab', { name: 'Business Plans' }).click();
  await expect(page.getByText(billing.businessFromPersonal)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your organization' })).toHaveAttribute('href', '/organization');
  for (const label of BUSINESS) {
    await expect(planCard(page, label).getByRole('link', { name: `Contact Sales: ${label} plan` })).toHaveAttribute(
      'href',
      '/contact',
    );
  }
  await page.getByRole('tab', { name: 'Individual Plans' }).click();

  // A marker on this document: it would be gone if the page reloaded (through the prerendered,
  // signed-out pricing page).
  await page.evaluate(() => Object.assign(window, { beforeSwitch: true }));
  let paymentAsked = false;
  page.on('request', (request) => {
    if (request.url().includes('/create-checkout-session')) paymentAsked = true;
  });
  await planCard(page, 'Basic').getByRole('button', { name: 'Switch Plan: Basic plan' }).click();
  await expect(page.getByText(billing.switched('Basic'))).toBeVisible();
  await expect(currentBadge(page, 'Basic')).toBeVisible();
  expect(await page.evaluate(() => 'beforeSwitch' in window)).toBe(true);
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(currentBadge(page, 'Free')).toHaveCount(0);
  await expect(planCard(page, 'Premium').getByText('Recommended')).toHaveCount(0);
  // Still in the trial: Free is one more switch away, no confirmation, no payment.
  await expect(planCard(page, 'Free').getByRole('button', { name: 'Switch Plan: Free plan' })).toBeEnabled();
  expect(paymentAsked).toBe(false);

  // Basic's report credits (docs/product-rules.md, Catalogue and entitlements) reach the overview.
  await page.goto('/overview');
  await expect(page.getByRole('region', { name: 'Current plan' })).toContainText('Basic');
});

test('on a paid plan, switching to Free asks first: Cancel keeps the plan, Confirm switches', async ({ page }) => {
  await signedIn(page, 'pricing-paid', 'basic');
  await openPricing(page);

  await expect(currentBadge(page, 'Basic')).toBeVisible();
  await expect(planCard(page, 'Basic').getByRole('button', { name: 'Current Plan: Basic plan' })).toBeDisabled();
  await expect(page.getByText(billing.trialIncluded)).toHaveCount(0);
  await expect(page.getByText(billing.trialLabel)).toHaveCount(0);
  await expect(planCard(page, 'Premium').getByText('Recommended')).toHaveCount(0);
  await expect(planCard(page, 'Premium').getByRole('button', { name: 'Subscribe: Premium plan' })).toBeEnabled();
  // Assigned by staff, not bought: there is no billing account for the portal to open.
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

  const freeButton = planCard(page, 'Free').getByRole('button', { name: 'Switch to Free: Free plan' });
  await freeButton.click();
  const dialog = page.getByRole('dialog', { name: billing.switchToFreeTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(billing.switchToFreeText('Basic'));
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(currentBadge(page, 'Basic')).toBeVisible();

  await freeButton.click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();
  // Nobody pays for a plan the CLI assigned, so it ends at once.
  await expect(page.getByRole('alert').filter({ hasText: billing.switchedToFree })).toBeVisible();
  await expect(currentBadge(page, 'Free')).toBeVisible();
  await expect(planCard(page, 'Free').getByRole('button', { name: 'Current Plan: Free plan' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
});

test('a plan bought through the test-mode checkout lands on the dashboard and shows on the overview', async ({
  page,
}) => {
  // Free outside the trial: a paid plan is bought, not switched to.
  await signedIn(page, 'pricing-checkout', 'free');
  await openPricing(page);
  await expect(currentBadge(page, 'Free')).toBeVisible();
  await planCard(page, 'Premium').getByRole('button', { name: 'Subscribe: Premium plan' }).click();

  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.getByText('TEST MODE').first()).toBeVisible();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/overview');
  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan).toContainText('Premium');
  await expect(plan).not.toContainText('This plan will end on -');
  // Premium's allowance (docs/product-rules.md, Catalogue and entitlements): five reports.
  await expect(plan.locator('dd').nth(1)).toHaveText('5');

  await openPricing(page);
  await expect(currentBadge(page, 'Premium')).toBeVisible();

  // A paid subscription switched to Free runs to its period end, and the page says until when.
  await planCard(page, 'Free').getByRole('button', { name: 'Switch to Free: Free plan' }).click();
  const dialog = page.getByRole('dialog', { name: billing.switchToFreeTitle });
  await expect(dialog).toContainText(billing.switchToFreeText('Premium'));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  const scheduled = /Your Premium plan stays active until \w{3} \d{1,2}, \d{4}, then moves to Free\./;
  await expect(page.getByRole('alert').filter({ hasText: scheduled })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your plan' })).toContainText(scheduled);
  await expect(currentBadge(page, 'Premium')).toBeVisible();
  await expect(planCard(page, 'Free').getByRole('button', { name: 'Switch to Free: Free plan' })).toBeDisabled();

  // The provider's portal (the built-in test portal here) manages the subscription.
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/test-portal\//);
  await expect(page.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
});

test('signed in at phone width, the trial page has no overflow and no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'pricing-phone');
  await openPricing(page);
  await expect(currentBadge(page, 'Free')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
});
