import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { stateName } from '@licensewatch/shared/states';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { postReport } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

const { creditHistory: messages } = ACCOUNT_MESSAGES;
const PASSWORD = 'credit-history-e2e-password';

/** A report over HTTP with the page's session, on Free's one state. */
async function createReport(page: Page, name: string) {
  const physician = simulatedPhysician({ skip: 9 });
  const [license] = physician.licenses;
  if (!license) throw new Error('the physician has no license');
  await postReport(page, {
    name,
    firstName: physician.firstName,
    lastName: physician.lastName,
    licenseType: 'MD',
    states: [stateName(license.state)],
  });
}

function history(page: Page) {
  return page.getByRole('table', { name: messages.caption });
}

/** A history row by what it says happened. */
function row(page: Page, what: string) {
  return history(page).getByRole('row').filter({ hasText: what });
}

async function openOverview(page: Page) {
  await page.goto('/overview');
  await expect(page.getByRole('heading', { level: 2, name: messages.title })).toBeVisible();
}

test('the credit history explains the balance: the plan start, then the report that spent the credit', async ({
  page,
}) => {
  await signedInAccount(page, 'credit-history', PASSWORD);
  await createReport(page, 'Jane Doe');
  await openOverview(page);

  const rows = history(page).locator('tbody tr');
  await expect(rows).toHaveCount(2);
  // Newest first: the report, then Free's start.
  await expect(rows.nth(0)).toContainText('Report created: Jane Doe');
  await expect(rows.nth(1)).toContainText('Plan started: Free');
  const spent = row(page, 'Report created: Jane Doe');
  await expect(spent.getByRole('cell').nth(2)).toHaveText('\u22121');
  await expect(spent.getByRole('cell').nth(3)).toHaveText('0');
  const started = row(page, 'Plan started: Free');
  await expect(started.getByRole('cell').nth(2)).toHaveText('+1');
  await expect(started.getByRole('cell').nth(3)).toHaveText('1');
  await expect(page.getByRole('button', { name: messages.loadMore })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('at phone width the history stacks, fits the screen and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAccount(page, 'credit-history-phone', PASSWORD);
  await openOverview(page);
  await expect(row(page, 'Plan started: Free')).toBeVisible();
  // The column headers are hidden on phones; each cell carries its own label instead.
  await expect(row(page, 'Plan started: Free').getByRole('cell').nth(3)).toHaveAttribute(
    'data-label',
    messages.columns.balance,
  );
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('a history that fails to load says so and loads on retry', async ({ page }) => {
  await signedInAccount(page, 'credit-history-error', PASSWORD);
  let fail = true;
  await page.route('**/api/v2/credentials/history*', (route) =>
    fail ? route.fulfill({ status: 500, json: { detail: 'down', code: 'INTERNAL' } }) : route.continue(),
  );
  await openOverview(page);
  await expect(page.getByRole('alert').filter({ hasText: messages.loadFailed })).toBeVisible();
  fail = false;
  await page.getByRole('region', { name: messages.title }).getByRole('button', { name: 'Try again' }).click();
  await expect(row(page, 'Plan started: Free')).toBeVisible();
});
