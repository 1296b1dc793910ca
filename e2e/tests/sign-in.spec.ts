import { MESSAGES } from '@licensewatch/shared/messages';
import { createUserWithCli, signedInAccount, signUpVerified, uniqueEmail } from '../support/accounts.ts';
import { signIn, submitLogin } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'correct-horse-7';

test('a wrong password and an unknown email each get their own message', async ({ page, request }) => {
  const email = uniqueEmail('wrong-password');
  await signUpVerified(request, email, PASSWORD);

  await submitLogin(page, email, 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.wrongPassword);
  // Google is not configured on this server: no button that could only fail.
  await expect(page.getByRole('button', { name: /google/i })).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await submitLogin(page, uniqueEmail('nobody'), PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.noAccount);
  await expect(page).toHaveURL(/\/login$/);
});

test('signing in goes to the dashboard; signing out from the avatar menu goes to /login and locks the app again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('sign-in');
  await signUpVerified(request, email, PASSWORD);

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Medical License Reports' })).toBeVisible();

  // The avatar shows the first letter of the email.
  const avatar = page.getByRole('button', { name: `Account menu for ${email}` });
  await expect(avatar).toHaveText(email[0]?.toUpperCase() ?? '');
  await avatar.click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();

  for (const path of ['/dashboard', '/overview', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a signed-out visitor sent to /login from a protected page returns there after signing in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('redirect');
  await signUpVerified(request, email, PASSWORD);

  await page.goto('/overview');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'License Information' })).toBeVisible();
});

test('a signed-in visitor opening /login or /signup is sent to the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('guest-only');
  await signUpVerified(request, email, PASSWORD);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);

  for (const path of ['/login', '/signup']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Medical License Reports' })).toBeVisible();
  }
});

test('the admin area is for admins: others are sent to the dashboard', async ({ page }) => {
  const userEmail = await signedInAccount(page, 'not-admin', PASSWORD);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Medical License Reports' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);

  const adminEmail = uniqueEmail('admin');
  await createUserWithCli({ email: adminEmail, password: PASSWORD, name: 'Dr. Grace Admin', role: 'admin' });
  await page.getByRole('button', { name: `Account menu for ${userEmail}` }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, adminEmail, PASSWORD);

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as Dr. Grace Admin')).toBeVisible();
  // Admins also get the top-bar link and the avatar-menu entry.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
  await page.getByRole('button', { name: `Account menu for ${adminEmail}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
});

test('a bad confirmation link lands on /login with an explanation', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=bad&callbackURL=%2Flogin');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.verifyLinkInvalid);
});
