// The clinic's whole first day (issue #21, "Done when"): the owner creates the organisation, the
// operator puts it on a business plan, a colleague joins by the emailed invitation, imports the
// roster, watches it import and match, narrows the roster to what expires within 60 days and
// exports that view — on a desktop, its screens checked on a phone.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { stateName } from '@licensewatch/shared/states';
import type { Page } from '@playwright/test';
import { assignOrganisationPlanWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { acceptInvitation, createOrganisationInPage, inviteFromPage } from '../support/organisations.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expectRowsOfFilteredCount } from '../support/roster.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'clinic-journey-e2e-password';

// Physicians of the e2e simulator with a license expiring within 60 days and another later; other
// specs take the first few (skip 0–2), this one the next.
const physicians = [3, 4, 5].map((skip) => simulatedPhysician({ expiringWithin: 60, skip }));
const licenses = physicians.reduce((n, p) => n + p.licenses.length, 0);
const ROSTER = [
  'First name,Middle name,Last name,License type,States,Internal id,Department',
  ...physicians.map((p, i) =>
    [
      p.firstName,
      p.middleName ?? '',
      p.lastName,
      'MD',
      `"${p.licenses.map((l) => stateName(l.state)).join('; ')}"`,
      `J-${i + 1}`,
      i === 0 ? 'Cardiology' : 'Emergency',
    ].join(','),
  ),
  // A row the preview refuses and the import leaves out.
  'Dee,,Fox,RN,Texas,J-9,',
].join('\n');

function _toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

// The flow runs at desktop width; its two main screens are checked at phone width too.
const viewport = DESKTOP;

test('a clinic: invite a colleague, who imports the roster, sees what expires within 60 days and exports it (1280 px, its screens at 390 px)', async ({
  page,
  browser,
}, testInfo) => {
  // Sign-ups, one CLI run (a Node start, seconds under load), the import and each report's
  // update through the simulator: measured ~70 s with the other e2e worker busy.
  test.setTimeout(240_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  const shot = (p: Page, name: string) =>
    p.screenshot({ path: testInfo.outputPath(`${name}-${viewport.width}.png`), fullPage: true });

  // ---- The owner creates the clinic; sales' plan is applied by the operator.
  await signedInAccount(page, 'clinic-owner', PASSWORD);
  const clinic = `Lakeside Clinic ${randomBytes(2).toString('hex')}`;
  await createOrganisationInPage(page, clinic);
  const orgs = await (await page.request.get('/api/v2/organisations/')).json();
  await assignOrganisationPlanWithCli(orgs.active_organisation_id, 'growth');

  const colleague = uniqueEmail('clinic-admin');
  const invitation = await inviteFromPage(page, colleague, 'admin');

  // ---- The colleague accepts from the email, signed up on their own.
  const context = await anotherBrowser(browser);
  let shown = 0;
  try {
    const admin = await context.newPage();
    await admin.setViewportSize(viewport);
    const adminProblems = await watchPageProblems(admin);
    await acceptInvitation(admin, invitation, colleague, PASSWORD, clinic);

    // ---- The roster: preview with the bad row named, then the import with its progress.
    await admin.goto('/org/import');
    await expect(admin.getByRole('heading', { level: 1, name: 'Import a roster' })).toBeVisible({ timeout: 30_000 });
    await admin.getByLabel('Roster file', { exact: true }).setInputFiles({
      name: 'lakeside-roster.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(ROSTER),
    });
    await expect(admin.getByText('3 to create · 0 to update · 0 unchanged · 1 with errors')).toBeVisible();
    await expect(admin.getByText("Row 5, License type: License type 'RN' is not MD or DO")).toBeVisible();
    await admin.getByRole('button', { name: 'Import 3 physicians' }).click();
    const progress = admin.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toBeVisible();
    await expect(admin.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await shot(admin, 'clinic-import');
    await expectLayoutAt(admin, PHONE, { testInfo, name: 'clinic-import' });

    // ---- Every license of the roster, once each report's update has matched it.
    await expect
      .poll(async () => (await (await admin.request.get('/api/v2/org/licenses')).json()).total, {
        timeout: 120_000,
        intervals: [1000],
      })
      .toBe(licenses);
    await admin.goto('/org/licenses');
    await expect(admin.getByRole('heading', { level: 1, name: ROSTER_MESSAGES.title })).toBeVisible({
      timeout: 30_000,
    });
    await expect(admin.getByTestId('roster-count-total')).toContainText(String(licenses));
    await admin.getByLabel('Expiring', { exact: true }).selectOption('60');
    await expect(admin).toHaveURL(/[?&]expiring_within=60/);
    await expect(admin.getByTestId('roster-count-total')).toContainText(`of ${licenses}`);
    const rows = admin.getByTestId('roster-row');
    await expect(admin.getByTestId('roster-range')).toContainText(/of \d+$/);
    // Each physician has a license within the window and another after it.
    // Until the filtered answer is in, the table shows the previous rows, marked busy.
    await expect(admin.getByTestId('roster-table')).toHaveAttribute('aria-busy', 'false');
    await expectRowsOfFilteredCount(admin);
    shown = await rows.count();
    expect(shown).toBeLessThan(licenses);
    expect(shown).toBeGreaterThanOrEqual(physicians.length);
    for (const days of await rows.locator('td:last-child').allInnerTexts()) {
      expect(Number(days)).toBeGreaterThanOrEqual(1);
      expect(Number(days)).toBeLessThanOrEqual(60);
    }
    expect((await rows.allInnerTexts()).join('\n')).toMatch(/Cardiology|Emergency/);
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoAxeViolations(admin);
    await shot(admin, 'clinic-roster-expiring');
    await expectLayoutAt(admin, PHONE, { testInfo, name: 'clinic-roster-expiring' });

    // ---- The export is the filtered view.
    const downloading = admin.waitForEvent('download');
    await admin.getByRole('link', { name: ROSTER_MESSAGES.exportCsv }).click();
    const [, ...lines] = (await readFile(await (await downloading).path(), 'utf8')).trim().split('\r\n');
    expect(lines).toHaveLength(shown);
    const numbers = (await admin.getByTestId('roster-license-number').allInnerTexts()).sort();
    // Physician, Internal ID, NPI, Department, State, License number…: the roster's own IDs come back.
    expect(lines.map((line) => line.split(',')[5]).sort()).toEqual(numbers);
    for (const line of lines) expect(line.split(',')[1], line).toMatch(/^J-\d+$/);
    expect(adminProblems).toEqual([]);
  } finally {
    await context.close();
  }

  // The owner sees the same roster.
  await page.goto('/org/licenses?expiring_within=60');
  await expect(page.getByTestId('roster-row')).toHaveCount(shown);
  expect(problems).toEqual([]);
});
