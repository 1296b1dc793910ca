import { ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import { expect, type Page } from '@playwright/test';
import { signUpVerified } from './accounts.ts';
import { latestEmail, linkIn } from './outbox.ts';

/** Creates an organization named `name` from /organization, as its owner would; the page ends on it. */
export async function createOrganisationInPage(page: Page, name: string) {
  await page.goto('/organization');
  await page.getByLabel('Organization name').fill(name);
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** Invites `email` as `role` from /organization (the page is on it); answers the emailed link's path. */
export async function inviteFromPage(page: Page, email: string, role: 'admin' | 'viewer'): Promise<string> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role').selectOption(role);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ORGANISATION_MESSAGES.invitationSent(email) })).toBeVisible();
  const link = new URL(linkIn(await latestEmail(page.request, email, /invited you to/)));
  return `${link.pathname}${link.search}`;
}

/** `page` (another browser's) signs up as `email` on its own, then accepts the invitation at `path` to `organisation`. */
export async function acceptInvitation(
  page: Page,
  path: string,
  email: string,
  password: string,
  organisation: string,
) {
  await signUpVerified(page.request, email, password);
  await page.goto(path);
  await page.getByRole('button', { name: `Accept and join ${organisation}` }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: ORGANISATION_MESSAGES.invitationAccepted(organisation) }),
  ).toBeVisible();
}
