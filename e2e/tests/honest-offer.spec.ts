import { ENTITLEMENTS, PLAN_CATALOGUE, PLAN_NAMES, TRIAL_MONTHS } from '@licensewatch/shared/plans';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

// What the public pages promise is what the plan catalogue gives (docs/product-rules.md, Public
// pages): the test reads the pages as a visitor does and checks every number they claim.

const PUBLIC_PAGES = ['/', '/features', '/pricing', '/pricing?tab=business'];

/** Claims made once and never backed by anything in the product. */
const UNBACKED = [/free during the beta/i, /at no cost/i, /built by a physician/i, /practicing physician/i];

const numbers = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].map((match) => Number((match[1] ?? '').replace(/,/g, '')));

test('every claim on the public pages matches the plan catalogue', async ({ page }) => {
  test.setTimeout(90_000);
  const prices = new Set(PLAN_CATALOGUE.map((plan) => Number(plan.price.replace(/[$,]/g, ''))));
  const apiCredits = new Set(PLAN_NAMES.map((plan) => ENTITLEMENTS[plan].apiCreditsPerMonth));
  const licenseLimits = new Set(PLAN_NAMES.map((plan) => ENTITLEMENTS[plan].trackedLicenses));
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const text = await page.locator('body').innerText();
    for (const claim of UNBACKED) expect(text, `${path}: ${claim}`).not.toMatch(claim);
    for (const price of numbers(text, /\$([\d,]+)/g)) expect(prices, `${path}: $${price}`).toContain(price);
    for (const months of numbers(text, /(\d+)[ -]months?\b/gi)) expect(months, path).toBe(TRIAL_MONTHS);
    for (const credits of numbers(text, /API access: ([\d,]+) credits/g)) expect(apiCredits, path).toContain(credits);
    for (const limit of numbers(text, /up to ([\d,]+) licenses/gi)) expect(licenseLimits, path).toContain(limit);
    // "No credit card" is said only of the trial, which switches plans without payment.
    for (const line of text.split('\n').filter((l) => /no credit card/i.test(l)))
      expect(line, path).toMatch(new RegExp(`${TRIAL_MONTHS} months`));
  }
});

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('pricing compares the plans feature by feature, and business cards show their API credits', async ({
      page,
    }) => {
      const problems = await watchPageProblems(page);
      await page.goto('/pricing');
      const table = page.getByRole('table', { name: 'Individual plans compared' });
      await expect(table).toBeVisible();
      const free = table.getByRole('row', { name: /^States per report/ });
      await expect(free.getByRole('cell').first()).toHaveText(String(ENTITLEMENTS.free.statesPerReport));
      await expect(
        table
          .getByRole('row', { name: /^Email alerts/ })
          .getByRole('cell')
          .first(),
      ).toContainText('Not included');
      await expectNoAxeViolations(page);
      // The table scrolls inside its region; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await page.getByRole('tab', { name: 'Business Plans' }).click();
      const business = page.getByRole('table', { name: 'Business plans compared' });
      await expect(business.getByRole('row', { name: /^API credits a month/ })).toContainText(
        ENTITLEMENTS.growth.apiCreditsPerMonth.toLocaleString('en-US'),
      );
      const growthCard = page.getByRole('article', { name: 'Growth' });
      await expect(growthCard).toContainText(
        `${ENTITLEMENTS.growth.apiCreditsPerMonth.toLocaleString('en-US')} credits a month`,
      );
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });

    test('the new-report form knows the plan: Free picks one state, with the upgrade beside it', async ({ page }) => {
      const problems = await watchPageProblems(page);
      await signedInAccount(page, 'offer-free', 'Honest-Offer-Pass-1');
      await page.goto('/reports/new');
      const picker = page.getByRole('group', { name: 'States' });
      await expect(picker.getByText('Your Free plan searches one state per report.')).toBeVisible();
      await expect(picker.getByRole('button', { name: 'Select All' })).toHaveCount(0);
      // Each state says how its board is read, never a bare "Confirmed".
      await expect(picker.getByText('Confirmed', { exact: true })).toHaveCount(0);
      await expect(page.getByRole('checkbox', { name: 'Washington', exact: true })).toHaveAccessibleDescription(
        /Bulk list|Look-up|Verified by hand|Source off|Site Not Available/,
      );

      await page.getByRole('checkbox', { name: 'Ohio', exact: true }).check();
      await expect(page.getByRole('checkbox', { name: 'Texas', exact: true })).toBeDisabled();
      await expect(picker.getByText('1 of 1 selected')).toBeVisible();
      await expectNoAxeViolations(page);
      await picker.getByRole('link', { name: 'Upgrade to search every state' }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      expect(problems).toEqual([]);
    });
  });
}
