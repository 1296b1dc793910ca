import { expect, type Page } from '@playwright/test';

/** Fills the /login form and submits it, wherever that leads (for tests of failed sign-ins too). */
export async function submitLogin(page: Page, email: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the login screen and waits until the app has moved on from it. */
export async function signIn(page: Page, email: string, password: string) {
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}
