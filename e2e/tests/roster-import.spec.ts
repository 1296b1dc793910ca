import { ROSTER_IMPORT_MESSAGES } from '@licensewatch/shared/roster-import-messages';
import { expect as baseExpect } from '@playwright/test';
import { createPopulation } from '../../apps/board-sim/src/population.ts';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'roster-import-e2e-password';

const ROSTER = [
  'First name,Middle name,Last name,License type,NPI,States,Internal id,Department',
  'Ada,M,Okafor,MD,1234567893,TX; California,EMP-001,Cardiology',
  'Ben,,Walsh,DO,,Oregon,EMP-002,Emergency',
  'Cy,,Diaz,MD,,NY,EMP-003,',
  'Dee,,Fox,RN,,,EMP-004,',
].join('\n');

// The flow runs at desktop width; each screen it checks is checked at phone width too.
const viewport = DESKTOP;

test('a clinic administrator uploads a roster, previews it, imports it and sees the reports (1280 px, its screens at 390 px)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'roster-import', PASSWORD, 'enterprise');

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Import roster' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import a roster' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV template' }).click();
  baseExpect((await download).suggestedFilename()).toBe('licensewatch-roster-template.csv');

  await page.getByLabel('Roster file', { exact: true }).setInputFiles({
    name: 'clinic-roster.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(ROSTER),
  });
  await expect(page.getByRole('heading', { name: 'clinic-roster.csv: 4 rows' })).toBeVisible();
  await expect(page.getByText('3 to create · 0 to update · 0 unchanged · 1 with errors')).toBeVisible();
  await expect(page.getByText("Row 5, License type: License type 'RN' is not MD or DO")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await page.screenshot({ path: `test-results/roster-import-preview-${viewport.width}.png`, fullPage: true });

  await page.getByRole('button', { name: 'Import 3 physicians' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '3');
  await expect(page.getByText('Row 5: ')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await page.screenshot({ path: `test-results/roster-import-done-${viewport.width}.png`, fullPage: true });

  await page.getByRole('link', { name: 'View reports' }).click();
  for (const name of ['Ada M Okafor', 'Ben Walsh', 'Cy Diaz'])
    await expect(page.getByText(name).first()).toBeVisible({ timeout: 15_000 });
  expect(problems).toEqual([]);
});

test('the new-report form fills in a physician from NPPES by NPI (the simulator in e2e)', async ({ page }) => {
  test.setTimeout(60_000);
  const problems = await watchPageProblems(page);
  // Same population as the e2e server's simulator (support/simulated-physician.ts).
  const person = createPopulation({ size: 2000 }).person(11);
  await signedInAccount(page, 'npi-look-up', PASSWORD, 'premium');
  await page.goto('/reports/new');
  await page.getByRole('textbox', { name: /^NPI/ }).fill('1234567890');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(ROSTER_IMPORT_MESSAGES.npiInvalid)).toBeVisible();
  await page.getByRole('textbox', { name: /^NPI/ }).fill(person.npi);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByText(/Filled in from NPPES/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel('Last name')).toHaveValue(new RegExp(person.lastName, 'i'));
  await expect(page.getByLabel('License type')).toHaveValue(person.licenseType);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
