import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Page } from '@playwright/test';
import { totpNow } from '../../apps/server/test/support/totp.ts';
import { createUserWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { signIn, signInOverHttp, submitLogin } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'two-factor-e2e-password';
const M = ACCOUNT_MESSAGES.twoFactor;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/two-factor-${name}.png`, fullPage: true });
}

test('a user turns two-factor on from the profile, then signs in with password and code', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const problems = await watchPageProblems(page);
  const email = await signedInAccount(page, '2fa', PASSWORD);
  await page.goto('/profile');
  const part = page.getByRole('region', { name: M.title });
  await expect(part.getByText(M.off)).toBeVisible();

  await part.getByRole('button', { name: M.turnOn }).click();
  await part.getByLabel(M.password, { exact: true }).fill(PASSWORD);
  await part.getByRole('button', { name: M.continue }).click();
  await expect(part.getByRole('img', { name: M.qrLabel })).toBeVisible();
  await expect(part.getByRole('region', { name: M.backupTitle }).getByRole('listitem')).toHaveCount(10);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'enrol-desktop');
  await expectLayoutAt(page, PHONE, { testInfo, name: 'two-factor-enrol' });

  // The key shown for typing by hand, read as a person would, gives the app's code.
  const secret = (await part.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await part.getByLabel(M.codeLabel, { exact: true }).fill(totpNow(secret));
  await part.getByRole('button', { name: M.confirm }).click();
  await expect(page.getByText(M.turnedOn)).toBeVisible();
  await expect(part.getByText(M.on)).toBeVisible();
  await expect(part.getByRole('button', { name: M.turnOff })).toBeVisible();

  // Signed out, the password alone is not enough.
  await page.context().clearCookies();
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  const code = page.getByLabel(MESSAGES.twoFactor.codeLabel, { exact: true });
  await expect(code).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: MESSAGES.twoFactor.useBackupCode })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'sign-in-code-desktop');
  await expectLayoutAt(page, PHONE, { testInfo, name: 'two-factor-sign-in-code' });
  await code.fill(totpNow(secret));
  await page.getByRole('button', { name: MESSAGES.twoFactor.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(problems).toEqual([]);
});

test('an administrator without two-factor sees the admin area’s message and a link to set it up', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  const problems = await watchPageProblems(page);
  const email = uniqueEmail('2fa-admin');
  await createUserWithCli({ email, password: PASSWORD, role: 'admin', name: 'Ada Unenrolled' });
  // Signed in with the password only (the sign-in helpers would enrol it).
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);

  await page.goto('/admin/users');
  await expect(page.getByText(MESSAGES.twoFactor.adminRequired)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-required-phone');
  await expectLayoutAt(page, DESKTOP, { testInfo, name: 'two-factor-admin-required' });

  await page.getByRole('link', { name: MESSAGES.twoFactor.adminRequiredLink }).click();
  await expect(page).toHaveURL(/\/profile#two-factor$/);
  const part = page.getByRole('region', { name: M.title });
  await expect(part).toBeFocused();
  await expect(part.getByText(M.adminNote)).toBeVisible();
  expect(problems).toEqual([]);
});

test('an administrator whose session never passed the second step is asked to sign in again with the code', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const problems = await watchPageProblems(page);
  const email = uniqueEmail('2fa-again');
  await createUserWithCli({ email, password: PASSWORD, role: 'admin', name: 'Ada Earlier' });
  // This browser signs in with the password while two-factor is still off…
  await page.goto('/login');
  await submitLogin(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  // …and another device turns it on (its own session passes the code; this one never did).
  await signInOverHttp(request, email, PASSWORD);

  await page.goto('/admin/users');
  await expect(page.getByText(MESSAGES.twoFactor.adminSignInAgain)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shoot(page, 'admin-sign-in-again-desktop');
  await expectLayoutAt(page, PHONE, { testInfo, name: 'two-factor-admin-sign-in-again' });

  expect(problems).toEqual([]);

  // Signing out and in again with the code opens the admin area. Signing out leaves nothing
  // asking for the signed-in user's data: no 401 in the console on /login.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems).toEqual([]);
  await signIn(page, email, PASSWORD);
  await page.goto('/admin/users');
  await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible();
});
