import { randomBytes } from 'node:crypto';
import { EXPIRY_WINDOW_MESSAGES } from '@licensewatch/shared/expiry-windows';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { acceptInvitation, createOrganisationInPage, inviteFromPage } from '../support/organisations.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'expiry-windows-e2e-password';

// The flow runs at desktop width; each screen it checks is checked at phone width too.
const viewport = DESKTOP;

test("one expiry window per workspace: set on /profile for one's own, on /organization for the organization's, and followed by the pages (1280 px, its screens at 390 px)", async ({
  page,
  browser,
}) => {
  // Two sign-ups, a report's update, two saves, an organization and an invitation: measured at 35 s with both workers busy.
  test.setTimeout(150_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'windows', PASSWORD, 'premium');
  // A physician with a license expiring within 60 days; its report updates while the profile is set.
  const physician = simulatedPhysician({ expiringWithin: 60, skip: 7 });
  await createReportOverHttp(page, physician, `Licenses of ${physician.firstName} ${physician.lastName}`);

  await page.goto('/profile');
  const own = page.getByRole('region', { name: 'Expiry windows' });
  await expect(own).toContainText('For your own reports');
  await expect(page.getByText('licenses expiring within 6 weeks')).toBeVisible();
  const days = own.getByLabel('A license is expiring within (days)');
  const notices = own.getByLabel('Notice days before expiry');
  const expiredAfter = own.getByLabel('Expired event after (days)');
  await expect(days).toHaveValue('42');
  await expect(notices).toHaveValue('90, 60, 30, 14, 7, 3, 0');
  await expect(expiredAfter).toHaveValue('3');

  // Bad input is named under its field, tied to it, and saves nothing.
  await days.fill('3');
  await notices.fill('30, 30');
  await expiredAfter.fill('0');
  await own.getByRole('button', { name: 'Save windows' }).click();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(own.getByText(EXPIRY_WINDOW_MESSAGES.expiringRange)).toBeVisible();
  await expect(own.getByText(EXPIRY_WINDOW_MESSAGES.noticeDaysUnique)).toBeVisible();
  await expect(expiredAfter).toHaveAttribute('aria-invalid', 'true');
  await expect(expiredAfter).toHaveAccessibleDescription(EXPIRY_WINDOW_MESSAGES.expiredAfterRange);
  await page.reload();
  await expect(days).toHaveValue('42');
  await expect(expiredAfter).toHaveValue('3');

  // A good save: the profile's own wording follows at once.
  await days.fill('70');
  await notices.fill('3 45');
  await expiredAfter.fill('10');
  await expect(own.getByText('45 and 3 days before a license expires', { exact: false })).toBeVisible();
  await own.getByRole('button', { name: 'Save windows' }).click();
  await expect(page.getByRole('alert').filter({ hasText: EXPIRY_WINDOW_MESSAGES.saved })).toBeVisible();
  await expect(page.getByText('licenses expiring within 10 weeks')).toBeVisible();
  await expect(page.getByText('with a reminder 10 weeks before')).toBeVisible();
  await expect(notices).toHaveValue('45, 3');
  await expect(expiredAfter).not.toHaveAttribute('aria-invalid');
  await page.reload();
  await expect(expiredAfter).toHaveValue('10');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await own.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: test.info().outputPath(`expiry-windows-profile-${viewport.width}.png`),
    fullPage: true,
  });

  // The roster counts "expiring" in this window, and says so: the 60-day license is in it.
  let expiring = 0;
  await expect
    .poll(
      async () => {
        const roster = (await (await page.request.get('/api/v2/org/licenses')).json()) as {
          counts: { workspace: { expiring: number } };
        };
        expiring = roster.counts.workspace.expiring;
        return expiring;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBeGreaterThanOrEqual(1);
  await page.goto('/org/licenses');
  await expect(page.getByTestId('roster-count-expiring')).toContainText(`Expiring in 70 days${expiring}`);

  // The organization has its own windows, on its page.
  const clinic = `Window Clinic ${randomBytes(2).toString('hex')}`;
  await createOrganisationInPage(page, clinic);
  const organisation = page.getByRole('region', { name: 'Expiry windows' });
  await expect(organisation).toContainText(`For ${clinic}`);
  await expect(organisation.getByLabel('A license is expiring within (days)')).toHaveValue('42');
  await organisation.getByLabel('A license is expiring within (days)').fill('60');
  await organisation.getByLabel('Expired event after (days)').fill('5');
  await organisation.getByRole('button', { name: 'Save windows' }).click();
  await expect(page.getByRole('alert').filter({ hasText: EXPIRY_WINDOW_MESSAGES.saved }).last()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await page.screenshot({
    path: test.info().outputPath(`expiry-windows-organisation-${viewport.width}.png`),
    fullPage: true,
  });

  await page.reload();
  await expect(organisation.getByLabel('A license is expiring within (days)')).toHaveValue('60');
  await expect(organisation.getByLabel('Expired event after (days)')).toHaveValue('5');

  // A viewer reads the organization's windows and cannot change them.
  const viewerEmail = uniqueEmail('windows-viewer');
  const invitation = await inviteFromPage(page, viewerEmail, 'viewer');
  const context = await anotherBrowser(browser);
  try {
    const viewer = await context.newPage();
    await viewer.setViewportSize(viewport);
    const viewerProblems = await watchPageProblems(viewer);
    await acceptInvitation(viewer, invitation, viewerEmail, PASSWORD, clinic);
    await viewer.goto('/organization');
    const readOnly = viewer.getByRole('region', { name: 'Expiry windows' });
    await expect(readOnly).toContainText('Within 60 days');
    await expect(readOnly).toContainText('90, 60, 30, 14, 7 and 3 days before a license expires, and on the day');
    await expect(readOnly).toContainText('5 days after the expiry date, if not renewed');
    await expect(readOnly).toContainText('Only an owner or admin can change them.');
    await expect(readOnly.getByRole('button', { name: 'Save windows' })).toHaveCount(0);
    await expectNoAxeViolations(viewer);
    await expectLayoutAt(viewer, PHONE);
    await viewer.screenshot({
      path: test.info().outputPath(`expiry-windows-viewer-${viewport.width}.png`),
      fullPage: true,
    });
    expect(viewerProblems).toEqual([]);
  } finally {
    await context.close();
  }

  // On /profile, while working in the organization, the card points to where its windows are.
  await page.goto('/profile');
  await expect(own).toContainText(`You are working in ${clinic}`);
  await expect(own.getByRole('link', { name: 'organization page' })).toHaveAttribute('href', '/organization');
  // The profile's wording is still about one's own reports.
  await expect(page.getByText('licenses expiring within 10 weeks')).toBeVisible();
  expect(problems).toEqual([]);
});
