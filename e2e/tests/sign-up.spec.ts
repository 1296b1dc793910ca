import { MESSAGES } from '@licensewatch/shared/messages';
import { signUpUnverified, uniqueEmail } from '../support/accounts.ts';
import { emailsTo, latestEmail, linkIn } from '../support/outbox.ts';
import { submitLogin } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';

test('signing up through the form, then following the emailed link, lands signed in on the dashboard', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('signup');
  const password = 'correct-horse-7';
  await page.goto('/signup');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Full name').fill('Dr. Ada Lovelace');
  await page.getByLabel(/^Organization/).fill('Lovelace Clinic');
  await expect(page.getByText(MESSAGES.signup.organizationHint)).toBeVisible();
  await page.getByLabel('User type').selectOption({ label: 'Clinic or practice' });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(`${password}-typo`);

  // Until the agreement is accepted the button stays disabled and says why.
  const submit = page.getByRole('button', { name: 'Create Account' });
  const agreement = page.getByRole('checkbox', { name: /I have read and agree to the User Agreement/ });
  await expect(submit).toBeDisabled();
  await expect(page.getByText(`${MESSAGES.signup.agreementRequired}.`)).toBeVisible();
  await agreement.check();
  await expect(submit).toBeEnabled();
  await agreement.uncheck();
  await expect(submit).toBeDisabled();

  // The User Agreement opens in a dialog with its effective date; "I Agree" ticks the box.
  await page.getByRole('button', { name: 'User Agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'User Agreement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('September 16, 2025')).toBeVisible();
  await dialog.getByRole('button', { name: 'I Agree' }).click();
  await expect(dialog).toBeHidden();
  await expect(agreement).toBeChecked();
  await expect(submit).toBeEnabled();

  // Mismatched passwords are refused in the form.
  await submit.click();
  await expect(page.getByText(MESSAGES.signup.passwordMismatch, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Confirm password').fill(password);

  // Ticking API interest makes its three fields required.
  await page.getByRole('checkbox', { name: /interested in API access/ }).check();
  await submit.click();
  await expect(page.getByText('Purpose of use is required')).toBeVisible();
  await expect(page.getByText('Estimated monthly calls must be a number')).toBeVisible();
  await expect(page.getByText('Preferred data format is required')).toBeVisible();
  await expect(page.getByText(MESSAGES.signup.passwordMismatch, { exact: true })).toBeHidden();
  await page.getByLabel('Purpose of use').fill('Credentialing checks for our hospital network');
  await page.getByLabel('Estimated monthly calls').fill('about 500');
  await page.getByLabel('Preferred data format').selectOption('json');
  await submit.click();
  await expect(page.getByText('Estimated monthly calls must be a number')).toBeVisible();
  await expect(page.getByText('Purpose of use is required')).toBeHidden();
  await expect(page.getByText('Preferred data format is required')).toBeHidden();
  // A count is typed the way people write it: thousands separators and stray spaces are fine.
  await page.getByLabel('Estimated monthly calls').fill(' 12,500 ');
  const signUp = page.waitForRequest('**/api/auth/sign-up/email');
  await submit.click();
  expect((await signUp).postDataJSON().apiUsageInfo).toMatchObject({ estimated_monthly_calls: 12500 });

  await expect(page).toHaveURL(/\/email-confirmation$/);
  await expect(page.getByRole('heading', { name: MESSAGES.signup.checkEmail })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The confirmation link signs the new user in; from /login the app forwards to the dashboard.
  const mail = await latestEmail(request, email, /Confirm/);
  await page.goto(linkIn(mail));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Medical License Reports' })).toBeVisible();
  // A clinic's sign-up is offered the organization it named.
  await expect(page.getByRole('region', { name: 'Set up Lovelace Clinic as your organization' })).toBeVisible();
  // What was typed into the form reached the account.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await expect(page.getByRole('menu').getByText('Dr. Ada Lovelace')).toBeVisible();
});

test('signing in before confirming the email asks for the confirmation and sends a fresh link', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unconfirmed');
  const password = 'correct-horse-7';
  await signUpUnverified(request, email, password);
  await latestEmail(request, email, /Confirm/);

  await submitLogin(page, email, password);
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.login.unverified);
  await expect(page).toHaveURL(/\/login$/);
  // The confirmation link is sent again on a sign-in attempt (docs/product-rules.md, Email confirmation).
  await expect
    .poll(async () => (await emailsTo(request, email)).filter((m) => /Confirm/.test(m.subject)).length)
    .toBe(2);
});
