import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { secretOfUri, totpNow } from '../../apps/server/test/support/totp.ts';
import { baseURL } from './e2e-env.ts';

/**
 * Administrators must have two-factor on (ADR 038). An administrator the CLI creates is enrolled
 * through the real endpoints on its first sign-in (sign-in.ts), and every later sign-in answers the
 * second step with a code computed from the secret, as an authenticator app would.
 */
const toEnrol = new Set<string>();
const secrets = new Map<string, string>();

/** An account that must turn two-factor on at its first sign-in (createUserWithCli with role admin). */
export function enrolOnFirstSignIn(email: string) {
  toEnrol.add(email);
}

/** Whether the account is still to turn two-factor on (at its next sign-in). */
export function enrolmentDue(email: string): boolean {
  return toEnrol.has(email);
}

/** The code of this moment for an enrolled account, or null when it has no two-factor. */
export function currentCode(email: string): string | null {
  const secret = secrets.get(email);
  return secret ? totpNow(secret) : null;
}

/** The signed-in `request` (a page's: its cookies are the page's) turns two-factor on when it should. */
export async function enrolIfDue(request: APIRequestContext, email: string, password: string) {
  if (!toEnrol.has(email)) return;
  const headers = { origin: baseURL };
  const enabled = await request.post('/api/auth/two-factor/enable', { headers, data: { password } });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const secret = secretOfUri((await enabled.json()).totpURI);
  const verified = await request.post('/api/auth/two-factor/verify-totp', { headers, data: { code: totpNow(secret) } });
  expect(verified.status(), await verified.text()).toBe(200);
  toEnrol.delete(email);
  secrets.set(email, secret);
}
