import type { ReportLicense } from '@licensewatch/shared/reports';
import { stateName } from '@licensewatch/shared/states';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'report-table-e2e-password';

// The plan is set with the operator CLI and the report waits for the worker (see reports.spec.ts).
test.describe.configure({ timeout: 90_000 });

/** The Number cells of the rows, top to bottom. */
function shownNumbers(page: Page) {
  return page.getByTestId('license-row').locator('td[data-label="Number"]').allTextContents();
}

test('the report table sorts, filters, searches and groups by state, remembered across reloads', async ({ page }) => {
  const physician = simulatedPhysician({ minStates: 3, skip: 8 });
  await signedInAccount(page, 'report-table', PASSWORD, 'premium');
  const reportId = await createReportOverHttp(page, physician, 'Table report');

  await page.goto(`/reports/${reportId}`);
  const rows = page.getByTestId('license-row');
  await expect(rows).toHaveCount(physician.licenses.length, { timeout: 30_000 });
  const licenses = (await (await page.request.get(`/api/v2/reports/${reportId}/licenses`)).json()) as ReportLicense[];
  const total = licenses.length;
  await expect(page.getByTestId('license-count')).toHaveText(`${total} of ${total} licenses`);
  await page.screenshot({ path: 'test-results/report-table-1280.png', fullPage: true });
  await expectNoAxeViolations(page);

  // Sorting by Expires, with the keyboard: the order follows the dates and aria-sort says so.
  const expires = page.getByRole('columnheader', { name: 'Expires' });
  await expect(expires).not.toHaveAttribute('aria-sort');
  await expires.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(expires).toHaveAttribute('aria-sort', 'ascending');
  // Dates as ISO text compare in order; a license without an expiry date comes last either way.
  const expiryOf = new Map(licenses.map((l) => [l.license_number, l.expired]));
  const datesOf = (numbers: string[]) => numbers.map((n) => expiryOf.get(n) ?? null);
  const dated = licenses.flatMap((l) => (l.expired ? [l.expired] : [])).sort();
  const undated = licenses.filter((l) => !l.expired).map(() => null);
  expect(datesOf(await shownNumbers(page))).toEqual([...dated, ...undated]);
  await page.keyboard.press('Enter');
  await expect(expires).toHaveAttribute('aria-sort', 'descending');
  const descending = [...[...dated].reverse(), ...undated];
  expect(datesOf(await shownNumbers(page))).toEqual(descending);

  // Filtering by a status present in the report shows exactly its licenses.
  const status = page.getByLabel('Status', { exact: true });
  const expired = licenses.filter((l) => l.standing === 'expired').length;
  const active = licenses.filter((l) => l.standing === 'active' || l.standing === 'expiring').length;
  const [value, count] = active > 0 ? ['active', active] : ['expired', expired];
  await status.selectOption(value);
  await expect(rows).toHaveCount(count);
  await expect(page.getByTestId('license-count')).toHaveText(`${count} of ${total} licenses`);
  await status.selectOption('all');
  await expect(rows).toHaveCount(total);

  // Searching a license number finds its one row; a search for nothing says so and clears.
  const [first] = physician.licenses;
  if (!first) throw new Error('the physician has no license');
  const search = page.getByLabel('Search licenses');
  await search.fill(first.number.toLowerCase());
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first.number);
  await search.fill('no-such-license-zz');
  await expect(page.getByRole('heading', { name: 'No licenses match “no-such-license-zz”' })).toBeVisible();
  await expect(rows).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(total);

  // Grouped by state: one heading per state, and the choice survives a reload.
  const group = page.getByRole('button', { name: 'Group by state' });
  await expect(group).toHaveAttribute('aria-pressed', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-pressed', 'true');
  for (const license of physician.licenses) {
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`^${stateName(license.state)}\\b`) }),
    ).toBeVisible();
  }
  await page.reload();
  await expect(rows).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Group by state' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${stateName(first.state)}\\b`) }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  // At 390 px: rows are stacked cards, nothing wider than the page, both views pass axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Group by state' }).click();
  await expect(page.getByRole('button', { name: 'Group by state' })).toHaveAttribute('aria-pressed', 'false');
  await expect(rows).toHaveCount(total);
  await page.getByLabel('Sort by').selectOption('expires:descending');
  expect(datesOf(await shownNumbers(page))).toEqual(descending);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/report-table-390.png', fullPage: true });
  await expectNoAxeViolations(page);
});
