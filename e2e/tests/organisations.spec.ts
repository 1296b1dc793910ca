import { randomBytes } from 'node:crypto';
import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import type { Page } from '@playwright/test';
import { signedInAccount, signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { latestEmail, linkIn } from '../support/outbox.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'organisation-e2e-password';

function toast(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The top bar's workspace menu, on a phone inside the opened menu. */
async function workspaceButton(page: Page) {
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('button', { name: /^Workspace: / });
}

// The owner works at desktop width and the colleague on a phone, so both ways to the workspace menu
// are walked once; each side's screens are checked at the other width (docs/decisions/051).
test('a clinic administrator creates an organization and a colleague joins it by the emailed link (owner at 1280 px, colleague at 390 px)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'org-owner', PASSWORD);
  const clinic = `Riverside Clinic ${randomBytes(2).toString('hex')}`;

  await page.goto('/organization');
  await expect(page.getByRole('heading', { level: 1, name: 'Create an organization' })).toBeVisible();
  await expectLayoutAt(page, PHONE);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByText(ORGANISATION_MESSAGES.nameRequired)).toBeVisible();
  await page.getByLabel('Organization name').fill(clinic);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(toast(page, ORGANISATION_MESSAGES.created)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  await expect(await workspaceButton(page)).toHaveAccessibleName(`Workspace: ${clinic}. Switch workspace`);

  const colleague = uniqueEmail('org-colleague');
  await page.getByLabel('Email').fill(colleague);
  await page.getByLabel('Role').selectOption('admin');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toast(page, ORGANISATION_MESSAGES.invitationSent(colleague))).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending invitations (1)' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: colleague })).toContainText('Admin');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);

  const invitation = await latestEmail(page.request, colleague, /invited you to/);
  const link = new URL(linkIn(invitation));
  const context = await anotherBrowser(browser);
  try {
    const other = await context.newPage();
    await other.setViewportSize(PHONE);
    await signUpVerified(other.request, colleague, PASSWORD);
    await other.goto(`${link.pathname}${link.search}`);
    await expect(other.getByRole('heading', { level: 1, name: `Join ${clinic}` })).toBeVisible();
    await expectNoAxeViolations(other);
    await expectLayoutAt(other, DESKTOP);
    await other.getByRole('button', { name: `Accept and join ${clinic}` }).click();
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(toast(other, ORGANISATION_MESSAGES.invitationAccepted(clinic))).toBeVisible();
    await expect(await workspaceButton(other)).toHaveAccessibleName(`Workspace: ${clinic}. Switch workspace`);

    // The colleague's own key for the organisation, which the owner then replaces (ADR 022).
    await other.keyboard.press('Escape');
    await other.goto('/overview');
    await expect(other.getByText(`This is your own key for ${clinic}`)).toBeVisible();
    const maskedKey = other.getByRole('region', { name: 'API key' }).locator('code').first();
    const before = await maskedKey.textContent();

    await page.reload();
    const row = page.getByRole('row').filter({ hasText: colleague });
    await expect(row.getByRole('combobox', { name: /Role of/ })).toHaveValue('admin');
    await expect(page.getByRole('heading', { name: 'Pending invitations (1)' })).toHaveCount(0);
    await row.getByRole('button', { name: /Reset the API key of/ }).click();
    const dialog = page.getByRole('dialog', { name: /Reset the API key of/ });
    await expect(dialog).toContainText('stops working at once');
    await dialog.getByRole('button', { name: 'Reset key' }).click();
    await expect(toast(page, ORGANISATION_MESSAGES.memberApiKeyReset)).toBeVisible();

    await other.reload();
    await expect(maskedKey).not.toHaveText(before ?? '');

    // The colleague goes back to their own workspace from the phone's menu.
    await (await workspaceButton(other)).click();
    await other.getByRole('menuitemradio', { name: /Personal/ }).click();
    await expect(toast(other, ORGANISATION_MESSAGES.switched(ORGANISATION_MESSAGES.personalWorkspace))).toBeVisible();
  } finally {
    await context.close();
  }

  // And the owner, from the top bar.
  await (await workspaceButton(page)).click();
  await page.getByRole('menuitemradio', { name: /Personal/ }).click();
  await expect(toast(page, ORGANISATION_MESSAGES.switched(ORGANISATION_MESSAGES.personalWorkspace))).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an organization' })).toBeVisible();
  expect(problems).toEqual([]);
});

test("a clinic's sign-up is offered the organization it named on the dashboard, created in one click (1280 px, the offer at 390 px)", async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const problems = await watchPageProblems(page);
  const clinic = `Lakeside Medical Group ${randomBytes(2).toString('hex')}`;
  await signUpVerified(page.request, uniqueEmail('org-signup'), PASSWORD, {
    organization: clinic,
    userType: 'clinic_or_practice',
  });

  await page.goto('/dashboard');
  const offer = page.getByRole('region', { name: ORGANISATION_MESSAGES.suggestionTitle(clinic) });
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('organisation-offer-1280.png') });
  await expectLayoutAt(page, PHONE, { testInfo, name: 'organisation-offer' });

  await offer.getByRole('button', { name: ORGANISATION_MESSAGES.suggestionCreate }).click();
  await expect(toast(page, ORGANISATION_MESSAGES.suggestionCreated(clinic))).toBeVisible();
  await expect(page).toHaveURL(/\/organization$/);
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  await expect(await workspaceButton(page)).toContainText(clinic);

  // Once they belong to it, the dashboard offers nothing more.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: ORGANISATION_MESSAGES.suggestionTitle(clinic) })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("'Not now' puts the offer away, and a physician's sign-up is never offered one", async ({ page, browser }) => {
  const problems = await watchPageProblems(page);
  const clinic = `Harbor Clinic ${randomBytes(2).toString('hex')}`;
  await signUpVerified(page.request, uniqueEmail('org-not-now'), PASSWORD, {
    organization: clinic,
    userType: 'enterprise_admin',
  });
  await page.goto('/dashboard');
  const offer = page.getByRole('region', { name: ORGANISATION_MESSAGES.suggestionTitle(clinic) });
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(offer).toHaveCount(0);

  const physician = await anotherBrowser(browser);
  const physicianPage = await physician.newPage();
  await signUpVerified(physicianPage.request, uniqueEmail('org-physician'), PASSWORD, {
    organization: 'My Own Practice',
    userType: 'individual_physician',
  });
  await physicianPage.goto('/dashboard');
  await expect(physicianPage.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(physicianPage.getByText(/as your organization$/)).toHaveCount(0);
  await physician.close();
  expect(problems).toEqual([]);
});
