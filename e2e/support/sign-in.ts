import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, request as newRequest, type Page } from '@playwright/test';
import { baseURL } from './e2e-env.ts';
import { currentCode, enrolIfDue, enrolmentDue } from './two-factor.ts';

/** Fills the /login form and submits it, wherever that leads (for tests of failed sign-ins too). */
export async function submitLogin(page: Page, email: string, password: string) {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Signs in through the login screen and waits until the app has moved on from it. An account with
 * two-factor on answers the second step with a computed code; an administrator not yet enrolled
 * turns it on first (two-factor.ts), over HTTP in a session of its own: turning it on replaces the
 * session it is done in (better-auth issues a new one once the code is verified), and done in the
 * page's, after the app had moved on, it failed the requests the dashboard was still making with
 * the old one (401s, seen on a busy machine).
 */
export async function signIn(page: Page, email: string, password: string) {
  if (enrolmentDue(email)) {
    const b = randomBytes(3);
    // From an address of its own, as every test's browser: sign-in limits are per IP.
    const device = await newRequest.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` },
    });
    await signInOverHttp(device, email, password);
    await device.dispose();
  }
  await submitLogin(page, email, password);
  const code = currentCode(email);
  if (code) {
    await page.getByLabel('Authentication code', { exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/** Signs in over HTTP (a page's request shares its cookies), with the second step as signIn does. */
export async function signInOverHttp(request: APIRequestContext, email: string, password: string) {
  const headers = { origin: baseURL };
  const res = await request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(res.status()).toBe(200);
  const code = currentCode(email);
  if (code) {
    const verified = await request.post('/api/auth/two-factor/verify-totp', { headers, data: { code } });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  await enrolIfDue(request, email, password);
}
