import { randomBytes } from 'node:crypto';
import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { createOrganisationInPage } from '../support/organisations.ts';
import { latestEmail, linkIn } from '../support/outbox.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'invitee-e2e-password';

// The flow runs at desktop width; each screen it checks is checked at phone width too.
const viewport = DESKTOP;

test('an invitee without an account signs up from the invitation and lands in the organization (1280 px, its screens at 390 px)', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewport);
  await signedInAccount(page, 'invitee-owner', PASSWORD);
  const clinic = `Lakeside Medical Group ${randomBytes(2).toString('hex')}`;
  await createOrganisationInPage(page, clinic);
  const invitee = uniqueEmail('invitee');
  await page.getByLabel('Email').fill(invitee);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('heading', { name: 'Pending invitations (1)' })).toBeVisible();
  const link = new URL(linkIn(await latestEmail(page.request, invitee, /invited you to/)));

  const context = await anotherBrowser(browser);
  try {
    const other = await context.newPage();
    await other.setViewportSize(viewport);
    const problems = await watchPageProblems(other);
    await other.goto(`${link.pathname}${link.search}`);
    await other.getByRole('link', { name: 'Create an account' }).click();

    // The form knows the invitation: who is joining what, with the invited address filled in.
    await expect(other.getByText(`You're joining ${clinic}`)).toBeVisible();
    await expect(other.getByLabel('Email', { exact: true })).toHaveValue(invitee);
    await expectNoAxeViolations(other);
    await expectLayoutAt(other, PHONE);
    await other.getByLabel('Full name').fill('Dr. Nia Invitee');
    await other.getByLabel('User type').selectOption({ label: 'Clinic or practice' });
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByLabel('Confirm password').fill(PASSWORD);
    await other.getByRole('checkbox', { name: /I have read and agree to the User Agreement/ }).check();
    await other.getByRole('button', { name: 'Create Account' }).click();
    await expect(other).toHaveURL(/\/email-confirmation$/);

    // Confirming the address signs in and accepts the invitation: a member, working in the organization.
    const confirm = new URL(linkIn(await latestEmail(other.request, invitee, /Confirm/)));
    await other.goto(`${confirm.pathname}${confirm.search}`);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(
      other.getByRole('alert').filter({ hasText: ORGANISATION_MESSAGES.invitationAccepted(clinic) }),
    ).toBeVisible();
    await other.goto('/organization');
    await expect(other.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: invitee })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending invitations (1)' })).toHaveCount(0);
});
