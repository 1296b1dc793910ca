import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { becomeAdmin } from '../support/admin-session.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseURL } from '../support/e2e-env.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

// Organisations in the admin area (docs/product-rules.md, Organizations and Dashboard): an operator
// finds a paying organisation on its own page, and the dashboard's MRR counts it.

const PASSWORD = 'admin-organisations-e2e-password';

// One CLI run (a Node start, about 19 s on a busy machine) and a checkout through the test provider,
// like admin-dashboard.spec.ts, whose measured 1.5–1.7 min set its 180 s.
test.describe.configure({ timeout: 180_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A new account creates an organisation (it works in it from then on) and buys Growth for it
 * through the test-mode checkout: business plans are sold by sales on /pricing, so the checkout is
 * asked for over HTTP, as the API allows an organisation's owner, and paid on the provider's page.
 */
async function payingGrowthOrganisation(page: Page, name: string): Promise<string> {
  const owner = await signedInAccount(page, 'admin-orgs-owner', PASSWORD);
  const headers = { origin: baseURL };
  const created = await page.request.post('/api/v2/organisations/', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const checkout = await page.request.post('/api/v1/stripe/create-checkout-session', {
    headers,
    data: { priceId: 'price_test_growth', planType: 'business', planName: 'growth' },
  });
  expect(checkout.status()).toBe(200);
  await page.goto((await checkout.json()).url);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return owner;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('an admin finds a paying organisation under Organizations, and MRR counts it', async ({ page }) => {
      const name = `Harbor Growth Clinic ${viewport.name} ${Date.now().toString(36)}`;
      const owner = await payingGrowthOrganisation(page, name);
      await becomeAdmin(page, `admin-orgs-${viewport.name}`, 'Organizations Admin');
      const problems = await watchPageProblems(page);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
      const stat = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
      // The organisation's $500 is in MRR, and the dashboard says which part is organisations'.
      const organisationsMrr = stat('MRR').getByText(/from organizations/);
      await expect(organisationsMrr).toHaveText(/^\$[\d,]+ from organizations/);
      await expect(organisationsMrr).not.toHaveText(/^\$0 /);
      await expect(stat('Paying plans').getByText(/of them organizations/)).not.toHaveText(/^0 of them/);
      const growth = page
        .getByRole('region', { name: 'Plans held' })
        .getByRole('listitem')
        .filter({ hasText: 'Growth' });
      await expect(growth).toContainText(/\d+ organizations?, \d+ paying/);

      const nav =
        viewport.name === 'phone'
          ? page.getByRole('navigation', { name: 'Admin sections (compact)' })
          : page.getByRole('complementary', { name: 'Admin' });
      await nav.getByRole('link', { name: 'Organizations' }).click();
      await expect(page).toHaveURL(/\/admin\/organizations$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Organizations' })).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search organizations' }).fill(name);
      const table = page.getByRole('region', { name: 'Organizations table' });
      const row = table.getByRole('row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(row).toContainText(owner);
      await expect(row.getByRole('cell').nth(1)).toHaveText('Growth');
      await expect(row).toContainText('1 seat');
      await expect(row).toContainText('0 invited');
      // Growth's 200 report credits, none spent.
      await expect(row.getByRole('cell').nth(4)).toHaveText('200');
      if (viewport.name === 'desktop') {
        // The whole table fits beside the sidebar: nothing to scroll to.
        const fits = await table.evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits).toBe(true);
      }

      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/admin-organisations-${viewport.width}.png`, fullPage: true });

      await page.getByRole('searchbox', { name: 'Search organizations' }).fill('no organization is called this');
      await expect(page.getByText('No organizations match')).toBeVisible();
      expect(problems).toEqual([]);
    });
  });
}
