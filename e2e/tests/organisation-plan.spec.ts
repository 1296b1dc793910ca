import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createOrganisationInPage } from '../support/organisations.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const { billing } = ACCOUNT_MESSAGES;
const PASSWORD = 'organisation-plan-e2e-password';

// The flow runs at desktop width; each screen it checks is checked at phone width too.
const viewport = DESKTOP;

test('an organization buys its own business plan from /pricing, and its page shows plan, credits and seats (1280 px, its screens at 390 px)', async ({
  page,
}) => {
  // Sign-up, creating the organization and the test checkout: measured at 30 s with both workers busy.
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'org-buyer', PASSWORD);
  const clinic = `Lakeside Medical ${randomBytes(2).toString('hex')}`;

  await createOrganisationInPage(page, clinic);

  const planCard = page.getByRole('region', { name: 'Plan and billing' });
  await expect(planCard).toContainText('Free');
  await expect(planCard).toContainText('1 member');
  await expect(planCard.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await planCard.getByRole('link', { name: 'Choose a business plan' }).click();

  await expect(page).toHaveURL(/\/pricing\?tab=business$/);
  await expect(page.getByText(billing.businessForOrganisation(clinic))).toBeVisible();
  await expect(page.getByRole('region', { name: billing.organisationPlan(clinic) })).toContainText('Free');
  const growth = page.getByRole('article', { name: 'Growth', exact: true });
  await growth.getByRole('button', { name: 'Subscribe: Growth plan' }).click();

  await expect(page).toHaveURL(/\/test-checkout\//);
  await expect(page.getByText('Subscribe to Growth')).toBeVisible();
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(billing.checkoutConfirmed('Growth'))).toBeVisible();

  await page.goto('/organization');
  await expect(planCard.locator('dd').first()).toContainText(/Growth\s*Paid through \w{3} \d{1,2}, \d{4}/);
  // Growth's allowance (docs/product-rules.md, Catalogue and entitlements), shared by the members.
  await expect(planCard.locator('dd').nth(1)).toHaveText('200');
  await expect(planCard.locator('dd').nth(2)).toHaveText('5,000');
  await expect(planCard.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing?tab=business');
  await expect(planCard.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await page.screenshot({ path: test.info().outputPath(`organisation-plan-${viewport.width}.png`), fullPage: true });

  // The pricing page marks it current for the organization; nothing is offered twice.
  await page.goto('/pricing?tab=business');
  await expect(growth.getByRole('button', { name: 'Current Plan: Growth plan' })).toBeDisabled();
  await expect(
    page
      .getByRole('article', { name: 'Enterprise', exact: true })
      .getByRole('button', { name: 'Subscribe: Enterprise plan' }),
  ).toBeEnabled();
  expect(problems).toEqual([]);
});
