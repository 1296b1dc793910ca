import { readFile } from 'node:fs/promises';
import { MESSAGES } from '@licensewatch/shared/messages';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

// docs/product-rules.md, License history and Verification. Reports wait for the worker (see reports.spec.ts).
test.describe.configure({ timeout: 90_000 });

const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

test('a license opens its history; the report verification downloads and /verify confirms it', async ({ page }) => {
  const physician = simulatedPhysician();
  await signedInAccount(page, 'verification', 'verification-e2e-password', 'premium');
  const reportId = await createReportOverHttp(page, physician, 'Verification');

  await page.goto(`/reports/${reportId}`);
  const firstRow = page.getByTestId('license-row').first();
  await expect(firstRow).toBeVisible({ timeout: 60_000 });
  const number = (await firstRow.locator('.font-mono').first().textContent())?.trim() ?? '';

  // The history, by keyboard: focus the button, open with Enter, read, close with Escape.
  const historyButton = firstRow.getByRole('button', { name: /^History of license / });
  await historyButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `History of ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('First seen', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Changes, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/history-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/history-390.png` });
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(historyButton).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 800 });

  // The report's verification: a PDF download with the id in its name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download verification (PDF) of all tracked licenses' }).click();
  const download = await downloading;
  const filename = download.suggestedFilename();
  expect(filename).toMatch(/^verification-[a-z2-7]{26}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const id = filename.slice('verification-'.length, -'.pdf'.length);

  // Anyone holding the document: a fresh, signed-out browser context would do; the page needs no session.
  await page.goto(`/verify/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Verification confirmed' })).toBeVisible();
  await expect(page.getByText(id, { exact: true })).toBeVisible();
  await expect(page.getByTestId('verified-license').filter({ hasText: number })).toBeVisible();
  // A document a third party checks: no offer or beta notice beside it, and each time with its zone.
  await expect(page.locator('[data-banner]')).toHaveCount(0);
  await expect(
    page.getByText(/issued this verification on \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]/),
  ).toBeVisible();
  await expect(
    page
      .getByTestId('verified-license')
      .filter({ hasText: number })
      .getByText(/\d{1,2}:\d{2} [AP]M [A-Z]\S* \(last read from the source\)/),
  ).toBeVisible();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/verify-${size.width}.png`, fullPage: true });
  }
});

test('an unknown verification id says so and shows nothing else', async ({ page }) => {
  await page.goto('/verify/aaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByRole('heading', { level: 1, name: 'Verification not found' })).toBeVisible();
  await expect(page.getByText(MESSAGES.reports.verificationNotFound)).toBeVisible();
  await expect(page.getByTestId('verified-license')).toHaveCount(0);
  await expect(page.locator('[data-banner]')).toHaveCount(0);
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
  }
});
