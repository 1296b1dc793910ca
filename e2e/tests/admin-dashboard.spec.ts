import type { Page } from '@playwright/test';
import { createUserWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseURL } from '../support/e2e-env.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'admin-dashboard-e2e-password';

// Two CLI runs (a Node start each, seconds under load) and a checkout through the test provider:
// the same head-room as the checkout specs.
test.describe.configure({ timeout: 90_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A physician pays for Premium through the test-mode checkout, as on /pricing. */
async function buyPremium(page: Page, prefix: string): Promise<string> {
  const email = await signedInAccount(page, prefix, PASSWORD, 'free');
  await page.goto('/pricing');
  await page
    .getByRole('article', { name: 'Premium', exact: true })
    .getByRole('button', { name: 'Subscribe: Premium plan' })
    .click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

/** The same browser, now signed in as a new administrator. */
async function becomeAdmin(page: Page, prefix: string) {
  await page.context().clearCookies();
  const email = uniqueEmail(prefix);
  createUserWithCli({ email, password: PASSWORD, name: 'Dashboard Admin', role: 'admin' });
  const res = await page.request.post('/api/auth/sign-in/email', {
    headers: { origin: baseURL },
    data: { email, password: PASSWORD },
  });
  expect(res.status()).toBe(200);
}

/** No sideways scroll; on failure, the outermost elements that stick out name the culprit. */
async function expectNoSidewaysScroll(page: Page) {
  const { overflow, culprits } = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')].filter(
      // What a scrolling table region holds may be wider: it scrolls inside the region.
      (el) =>
        el.getBoundingClientRect().right > window.innerWidth + 1 && !el.parentElement?.closest('.overflow-x-auto'),
    );
    const outermost = wide.filter((el) => !wide.includes(el.parentElement as Element));
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      culprits: outermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    };
  });
  expect(overflow, culprits.join('\n')).toBeLessThanOrEqual(0);
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dashboard shows the figures and the chart; billing shows a test-mode subscription', async ({ page }) => {
      const buyer = await buyPremium(page, `admin-dash-buyer-${viewport.name}`);
      await becomeAdmin(page, `admin-dash-${viewport.name}`);
      const problems = await watchPageProblems(page);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
      const sidebar = page.getByRole('complementary', { name: 'Admin' });
      const compact = page.getByRole('navigation', { name: 'Admin sections (compact)' });
      if (viewport.name === 'phone') {
        await expect(sidebar).toBeHidden();
        await expect(compact).toBeVisible();
      } else {
        await expect(sidebar).toBeVisible();
        await expect(compact).toBeHidden();
      }

      const stat = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
      await expect(stat('Users')).toContainText(/\d+ new this week · \d+ active in 30 days/);
      // The buyer pays $15 at least: MRR is never $0 after a test-mode purchase.
      await expect(stat('MRR').locator('dd').first()).not.toHaveText('$0');
      await expect(stat('Paying plans').locator('dd').first()).not.toHaveText('0');
      await expect(page.getByText(/^Active: signed in, or used a session/)).toBeVisible();

      const chart = page.getByRole('figure', { name: /API calls · .* credits used/ });
      await expect(chart).toBeVisible();
      await expect(chart.locator('svg g')).toHaveCount(30);
      await expect(chart.getByRole('table').locator('tbody tr')).toHaveCount(30);

      const plans = page.getByRole('region', { name: 'Users per plan' });
      await expect(plans.getByRole('listitem')).toHaveCount(6);
      await expect(plans.getByRole('listitem').filter({ hasText: 'Premium' })).toContainText(/paying/);

      const boards = page.getByRole('region', { name: 'Board health' });
      await expect(boards.getByText('States Confirmed')).toBeVisible();
      await expect(boards.getByRole('region', { name: 'Boards, problems first' }).locator('tbody tr')).toHaveCount(8);
      const more = boards.getByRole('button', { name: /^Show all \d+ boards$/ });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(boards.getByRole('button', { name: 'Show problems only' })).toHaveAttribute('aria-expanded', 'true');
      expect(await boards.locator('tbody tr').count()).toBeGreaterThan(8);

      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/insights-admin-dashboard-${viewport.width}.png`, fullPage: true });

      // To billing through the sidebar, or the compact tabs on a phone.
      const nav = viewport.name === 'phone' ? compact : sidebar;
      await nav.getByRole('link', { name: 'Billing' }).click();
      await expect(page).toHaveURL(/\/admin\/billing$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
      await expect(page.getByText("Test mode: Stripe links open Stripe's test dashboard.")).toBeVisible();

      const subscriptions = page.getByRole('region', { name: 'Subscriptions', exact: true });
      const row = subscriptions.getByRole('row').filter({ hasText: buyer });
      await expect(row).toContainText('Premium');
      await expect(row).toContainText('active');
      const customer = row.getByRole('link', { name: /^Customer/ });
      await expect(customer).toHaveAttribute('href', /^https:\/\/dashboard\.stripe\.com\/test\/customers\/cus_/);
      await expect(customer).toHaveAttribute('target', '_blank');
      await expect(customer).toHaveAttribute('rel', /noopener/);
      await expect(row.getByRole('link', { name: /^Subscription/ })).toHaveAttribute(
        'href',
        /^https:\/\/dashboard\.stripe\.com\/test\/subscriptions\/sub_/,
      );

      const checkouts = page.getByRole('region', { name: 'Recent checkouts', exact: true });
      await expect(checkouts.getByRole('row').filter({ hasText: buyer })).toContainText('$15');
      await expect(page.getByRole('region', { name: 'Refunds', exact: true })).toContainText('No refunds.');

      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/insights-admin-billing-${viewport.width}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  });
}
