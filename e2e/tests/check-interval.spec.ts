import { randomBytes } from 'node:crypto';
import { CHECK_INTERVAL_MESSAGES } from '@licensewatch/shared/check-intervals';
import type { Report } from '@licensewatch/shared/reports';
import { PATHS } from '@licensewatch/shared/web-paths';
import type { Page } from '@playwright/test';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { baseURL } from '../support/e2e-env.ts';
import { acceptInvitation, createOrganisationInPage, inviteFromPage } from '../support/organisations.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { postReport } from '../support/reports.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'check-interval-e2e-password';

/** A physician no board knows: the report's update settles every state at once. */
const nobody = (firstName: string) => ({
  firstName,
  lastName: 'Quillfeather',
  licenseType: 'MD' as const,
  states: ['Oregon'],
});

/** The report as the server answers it: the page must show its dates, not count its own. */
async function reportOf(page: Page, id: string): Promise<Report> {
  const res = await page.request.get(`/api/v1/reports/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Report;
}

/** A moment as the page prints a date, in the browser's own zone ("Dec 7, 2026"). */
const printed = (page: Page, iso: string) =>
  page.evaluate(
    (at) => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(at)),
    iso,
  );

async function checksLineOf(page: Page, report: Report) {
  const last = await printed(page, report.last_checked_at as string);
  const next = await printed(page, report.next_check_at as string);
  return `Last checked ${last} · Next check ${next}`;
}

// The flow runs at desktop width; the report's page is checked at phone width too.
const viewport = DESKTOP;

test("a report's check interval is chosen on its page, saved, and its next check follows (1280 px, the page at 390 px)", async ({
  page,
  browser,
}) => {
  // A sign-up, a report's update, two saves, an organization and a viewer's sign-up: measured at
  // 108 s with both workers busy. About twice that.
  test.setTimeout(240_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'interval', PASSWORD, 'premium');
  const id = await postReport(page, nobody(`Interval${viewport.width}`));
  await page.goto(PATHS.report(id));

  const select = page.getByLabel('Check interval');
  const checks = page.getByTestId('report-checks');
  await expect(select).toHaveValue('daily');
  // Once the first update has checked the report, the line says when and when next.
  await expect(checks).toContainText('Last checked', { timeout: 60_000 });
  await expect(checks).toHaveText(await checksLineOf(page, await reportOf(page, id)));

  await select.selectOption('weekly');
  await expect(page.getByRole('alert').filter({ hasText: CHECK_INTERVAL_MESSAGES.saved('weekly') })).toBeVisible();
  const weekly = await reportOf(page, id);
  expect(weekly.check_interval).toBe('weekly');
  // Checked today, weekly: next a week on, as the server counts it.
  const line = await checksLineOf(page, weekly);
  await expect(checks).toHaveText(line);
  expect(Date.parse(weekly.next_check_at as string)).toBeGreaterThan(Date.now() + 5 * 86_400_000);

  await page.reload();
  await expect(select).toHaveValue('weekly');
  await expect(checks).toHaveText(line);
  // By keyboard: focus the select and choose with the arrow keys, as a screen-reader user would.
  await select.focus();
  await select.press('ArrowDown');
  await expect(page.getByRole('alert').filter({ hasText: CHECK_INTERVAL_MESSAGES.saved('monthly') })).toBeVisible();
  await expect(select).toHaveValue('monthly');
  await expect(select).toBeFocused();
  await expect(checks).toHaveText(await checksLineOf(page, await reportOf(page, id)));

  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await page.screenshot({ path: test.info().outputPath(`check-interval-${viewport.width}.png`), fullPage: false });

  await test.step('in an organization, a viewer reads the interval and cannot change it', async () => {
    const clinic = `Interval Clinic ${randomBytes(2).toString('hex')}`;
    await createOrganisationInPage(page, clinic);
    const res = await page.request.post('/api/v2/reports/', {
      headers: { origin: baseURL },
      data: { ...nobody('Clinicweek'), checkInterval: 'weekly' },
    });
    expect(res.status()).toBe(201);
    const clinicReport = ((await res.json()) as { id: string }).id;
    const viewerEmail = uniqueEmail('interval-viewer');
    await page.goto('/organization');
    const invitation = await inviteFromPage(page, viewerEmail, 'viewer');
    const context = await anotherBrowser(browser);
    try {
      const viewer = await context.newPage();
      await viewer.setViewportSize(viewport);
      const viewerProblems = await watchPageProblems(viewer);
      await acceptInvitation(viewer, invitation, viewerEmail, PASSWORD, clinic);
      await viewer.goto(PATHS.report(clinicReport));
      const readOnly = viewer.getByTestId('report-checks');
      await expect(readOnly).toContainText('Checked weekly · ');
      await expect(readOnly).toContainText('Last checked', { timeout: 60_000 });
      await expect(viewer.getByLabel('Check interval')).toHaveCount(0);
      await expectNoAxeViolations(viewer);
      await viewer.screenshot({ path: test.info().outputPath('check-interval-viewer.png'), fullPage: false });
      expect(viewerProblems).toEqual([]);
    } finally {
      await context.close();
    }
  });
  expect(problems).toEqual([]);
});
