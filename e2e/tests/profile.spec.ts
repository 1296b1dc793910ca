import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { formatPhone, PROFILE_MESSAGES, type Profile } from '@licensewatch/shared/profile';
import type { Page } from '@playwright/test';
import { assignOrganisationPlanWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { baseURL } from '../support/e2e-env.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { emailsTo, latestEmail, linkIn } from '../support/outbox.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { signIn } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'profile-e2e-password';

/** A value of the read view by its label. */
function value(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function serverProfile(page: Page): Promise<Profile> {
  const res = await page.request.get('/api/v2/profile');
  expect(res.status()).toBe(200);
  return (await res.json()) as Profile;
}

async function openProfile(page: Page, path = '/profile') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/profile-${name}.png`, fullPage: true });
}

/** A number in the 555-01xx range set aside for fiction. */
function fictionalPhone() {
  const n = String(100 + Math.floor(Math.random() * 100)).slice(1);
  return { typed: `(415) 555-01${n}`, e164: `+141555501${n}` };
}

test('an organisation admin on a plan with alerts is told what reaches them through it, at 1280 and 390 px', async ({
  page,
}) => {
  const problems = await watchPageProblems(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAccount(page, 'profile-org-alerts', PASSWORD);
  const created = await page.request.post('/api/v2/organisations/', {
    headers: { origin: baseURL },
    data: { name: 'Lakeside Medical Group' },
  });
  expect(created.status()).toBe(201);
  const orgs = await (await page.request.get('/api/v2/organisations/')).json();
  await assignOrganisationPlanWithCli(orgs.active_organisation_id, 'growth');
  expect(await serverProfile(page)).toMatchObject({
    alerts_included: false,
    organisation_alerts: [{ name: 'Lakeside Medical Group', plan: 'growth' }],
  });

  await openProfile(page);
  const through = PROFILE_MESSAGES.activeFor('Lakeside Medical Group (Growth)');
  await expect(value(page, 'Weekly email report')).toContainText(through);
  await expect(value(page, 'Board change alerts')).toContainText(through);
  // SMS stays personal: one's own plan has none.
  await expect(value(page, 'SMS renewal notice')).toContainText('Not active');
  await expect(page.getByText(PROFILE_MESSAGES.organisationAlerts('Lakeside Medical Group (Growth)'))).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.alertsNotIncluded)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await expectNoSidewaysScroll(page);
  await shoot(page, 'organisation-alerts-1280');
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(value(page, 'Weekly email report')).toContainText(through);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'organisation-alerts-390');
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test.describe('in a browser whose zone differs from the stored one', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('saving the profile keeps the stored time zone unless the user changes it', async ({ page }) => {
    await signedInAccount(page, 'profile-zone', PASSWORD);
    expect((await serverProfile(page)).time_zone).toBeNull();
    await openProfile(page);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    const zone = form.getByLabel('Time zone');
    // The default is what is stored; the browser's own zone is offered first, not chosen for the user.
    await expect(zone.locator('option:checked')).toHaveText(/default/i);
    await expect(zone.locator('optgroup').first()).toHaveAttribute('label', 'Suggested');
    await expect(zone.locator('optgroup').first().locator('option')).toContainText(['Europe / Berlin (this device)']);
    await form.getByLabel('Full Name').fill('Dr. Zone Kept');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.updated)).toBeVisible();
    expect(await serverProfile(page)).toMatchObject({ full_name: 'Dr. Zone Kept', time_zone: null });

    // Chosen on purpose, the device's zone is stored, and a later save keeps it.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await form.getByLabel('Time zone').selectOption('Europe/Berlin');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(value(page, 'Time zone')).toHaveText('Europe / Berlin');
    expect((await serverProfile(page)).time_zone).toBe('Europe/Berlin');
    await expectNoAxeViolations(page);
  });
});

test('view → edit → save → view, cancel, and an invalid phone', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const email = await signedInAccount(page, 'profile-edit', PASSWORD);
  await openProfile(page);
  await expect(value(page, 'Email')).toHaveText(email);
  await expect(value(page, 'Full Name')).toHaveText('Dr. Test Physician');
  await expect(value(page, 'Phone Number')).toHaveText('Not set');
  // Free has no alerts: the wish is on, and the page says it is not active and why.
  await expect(value(page, 'Weekly email report')).toContainText('Not active');
  await expect(page.getByText(PROFILE_MESSAGES.alertsNotIncluded)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await shoot(page, 'desktop-view');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE, { testInfo, name: 'profile-view' });

  // Cancel leaves everything as it was.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Full Name').fill('Somebody Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(value(page, 'Full Name')).toHaveText('Dr. Test Physician');

  // An invalid phone: the field says so, nothing is sent or changed.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const form = page.getByRole('form', { name: 'Edit profile' });
  await expect(form.getByLabel('Full Name')).toHaveValue('Dr. Test Physician');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(form.getByRole('switch', { name: 'Weekly email report' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'SMS renewal notice' })).toBeChecked();
  await expect(form.getByRole('switch', { name: 'Email me when a board changes a license' })).toBeChecked();
  await expect(
    form.getByRole('switch', { name: 'Send the Monday email even when nothing is expiring' }),
  ).not.toBeChecked();
  await form.getByLabel('Full Name').fill('Dr. Ada Okafor');
  await form.getByLabel('Phone Number').fill('12345');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(form.getByText(PROFILE_MESSAGES.invalidPhone)).toBeVisible();
  await expect(form.getByLabel('Phone Number')).toHaveAttribute('aria-invalid', 'true');
  expect((await serverProfile(page)).full_name).toBe('Dr. Test Physician');
  await shoot(page, 'desktop-invalid-phone');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE, { testInfo, name: 'profile-invalid-phone' });

  // A good save: back to the read view with the values and the toast.
  const phone = fictionalPhone();
  await form.getByLabel('Phone Number').fill(phone.typed);
  await form.getByRole('switch', { name: 'Weekly email report' }).click();
  await form.getByRole('switch', { name: 'Send the Monday email even when nothing is expiring' }).click();
  await form.getByLabel('Time zone').selectOption('America/Chicago');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.updated)).toBeVisible();
  await expect(form).toBeHidden();
  await expect(value(page, 'Full Name')).toHaveText('Dr. Ada Okafor');
  await expect(value(page, 'Phone Number')).toContainText(`${formatPhone(phone.e164)}Not verified`);
  await expect(value(page, 'Weekly email report')).toContainText('Off');
  await expect(value(page, 'Monday email when nothing expires')).toHaveText('Active');
  await expect(value(page, 'Time zone')).toHaveText('America / Chicago');
  expect(await serverProfile(page)).toMatchObject({
    full_name: 'Dr. Ada Okafor',
    phone_number: phone.e164,
    weekly_email_report: false,
    weekly_all_clear: true,
    time_zone: 'America/Chicago',
  });

  await expectNoSidewaysScroll(page);
});

test('a new email waits for its emailed link, which changes it once', async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  const email = await signedInAccount(page, 'profile-email', PASSWORD);
  await openProfile(page);
  const form = page.getByRole('form', { name: 'Edit profile' });
  const newEmail = uniqueEmail('profile-moved');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await form.getByLabel('Email', { exact: true }).fill(newEmail);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.updated)).toBeVisible();
  await expect(value(page, 'Email')).toContainText(PROFILE_MESSAGES.emailChangeSent(newEmail));
  await expect(value(page, 'Email')).toContainText(email);
  await shoot(page, 'phone-email-pending');
  await expectLayoutAt(page, DESKTOP, { testInfo, name: 'profile-email-pending' });
  const link = linkIn(await latestEmail(page.request, newEmail, /Confirm your new email/));
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile\?email=changed$/);
  await expect(page.getByText(PROFILE_MESSAGES.emailChanged)).toBeVisible();
  await expect(value(page, 'Email')).toHaveText(newEmail);
  // Opened twice: the page says the link is spent.
  await page.goto(link);
  await expect(page.getByText(PROFILE_MESSAGES.emailLinkInvalid)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('SMS renewal notices wait for the phone, verified by a texted code', async ({ page }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  // Measured 49 s with the other worker busy: the operator CLI (a Node start) puts it on Premium.
  test.setTimeout(90_000);
  await signedInAccount(page, 'profile-sms', PASSWORD, 'premium');
  await openProfile(page);
  await expect(value(page, 'Weekly email report')).toContainText('Active');
  await expect(value(page, 'SMS renewal notice')).toContainText('Waiting for a phone number');

  const phone = fictionalPhone();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone Number').fill(phone.typed);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.updated)).toBeVisible();
  const sms = value(page, 'SMS renewal notice');
  await expect(sms).toContainText('Waiting for phone verification');

  await sms.getByRole('button', { name: 'Verify phone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify your phone number' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Text me a code' }).click();
  await expect(dialog.getByText(PROFILE_MESSAGES.codeSent(formatPhone(phone.e164)))).toBeVisible();
  const codeInput = dialog.getByLabel('6-digit code');
  await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput).toHaveAttribute('inputmode', 'numeric');

  let code = '';
  await expect
    .poll(async () => {
      const [text] = await emailsTo(page.request, phone.e164);
      code = /\b(\d{6})\b/.exec(text?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await codeInput.fill(code === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(PROFILE_MESSAGES.codeWrong)).toBeVisible();
  await expect(codeInput).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'desktop-phone-code');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE, { testInfo, name: 'profile-phone-code' });

  await codeInput.fill(code);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.phoneVerified)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(value(page, 'SMS renewal notice')).toContainText('Active');
  await expect(value(page, 'Phone Number')).toContainText('Verified');
  expect((await serverProfile(page)).phone_verified).toBe(true);
  await expectNoSidewaysScroll(page);
});

test('the calendar link copies, and regenerating it asks first and retires the old one', async ({
  page,
  context,
}, testInfo) => {
  await page.setViewportSize(PHONE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInAccount(page, 'profile-calendar', PASSWORD);
  await openProfile(page);
  const section = page.getByRole('region', { name: 'Calendar feed' });
  const link = section.getByLabel('Calendar link');
  const before = (await serverProfile(page)).calendar_url;
  await expect(link).toHaveValue(before);
  await expect(section).toContainText('From URL');
  await expect(section).toContainText('New Calendar Subscription');
  await expect(section).toContainText('Subscribe from web');

  await section.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.calendarCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);
  const feed = await page.request.get(before);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  await section.getByRole('button', { name: 'Regenerate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate the calendar link?' });
  await expect(dialog).toBeVisible();
  await shoot(page, 'phone-calendar-confirm');
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, DESKTOP, { testInfo, name: 'profile-calendar-confirm' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(link).toHaveValue(before);

  await section.getByRole('button', { name: 'Regenerate' }).click();
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.calendarRegenerated)).toBeVisible();
  await expect(link).not.toHaveValue(before);
  const after = await link.inputValue();
  expect(after).toBe((await serverProfile(page)).calendar_url);
  expect((await page.request.get(before)).status()).toBe(404);
  expect((await page.request.get(after)).status()).toBe(200);
  await expectNoSidewaysScroll(page);
});

test('a member signs another session out and changes their password (1280 and 390 px)', async ({ page, browser }) => {
  // Three sign-ins and a password hash or two: measured 20 s with both workers busy.
  test.setTimeout(90_000);
  const problems = await watchPageProblems(page);
  const email = await signedInAccount(page, 'profile-security', PASSWORD);
  const laptop = await anotherBrowser(browser);
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email, PASSWORD);

  await openProfile(page);
  const section = page.getByRole('region', { name: ACCOUNT_MESSAGES.security.title });
  const sessions = section.getByTestId('account-session');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: ACCOUNT_MESSAGES.security.thisDevice })).toHaveCount(1);
  // The asking session has no sign-out of its own (that is Sign Out in the account menu).
  await expect(section.getByRole('button', { name: /^Sign out: / })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // The other session, signed out: its next page is the sign-in.
  await section.getByRole('button', { name: /^Sign out: / }).click();
  await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.security.signedOut })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await laptopPage.goto('/dashboard');
  await expect(laptopPage).toHaveURL(/\/login/);
  await laptop.close();

  const current = section.getByLabel(ACCOUNT_MESSAGES.security.currentPassword, { exact: true });
  const next = section.getByLabel(ACCOUNT_MESSAGES.security.newPassword, { exact: true });
  const confirm = section.getByLabel(ACCOUNT_MESSAGES.security.confirmPassword, { exact: true });
  const submit = section.getByRole('button', { name: ACCOUNT_MESSAGES.security.changePassword });
  // Two new passwords that differ: said in place, nothing sent.
  await current.fill(PASSWORD);
  await next.fill('a-brand-new-secret');
  await confirm.fill('a-brand-new-secreT');
  await submit.click();
  await expect(section.getByText('Passwords do not match')).toBeVisible();
  // A wrong current password: said on its field, what was typed kept.
  await current.fill('not-the-password');
  await confirm.fill('a-brand-new-secret');
  await submit.click();
  await expect(section.getByText(ACCOUNT_MESSAGES.security.wrongPassword)).toBeVisible();
  await expect(next).toHaveValue('a-brand-new-secret');
  // The right one: changed, the form emptied, and the new password signs in.
  await current.fill(PASSWORD);
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.security.changed })).toBeVisible();
  await expect(current).toHaveValue('');
  const again = await anotherBrowser(browser);
  await signIn(await again.newPage(), email, 'a-brand-new-secret');
  await again.close();
  // This session goes on.
  await expect(sessions).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(section).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await section.screenshot({ path: test.info().outputPath('security-390.png') });
  // The refused change answers 400, which the browser logs; nothing else may.
  expect(problems.filter((p) => !/400 .*\/api\/auth\/change-password|status of 400 \(Bad Request\)/.test(p))).toEqual(
    [],
  );
});
