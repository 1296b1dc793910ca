import type { Page } from '@playwright/test';
import { createUserWithCli, uniqueEmail } from './accounts.ts';
import { signInOverHttp } from './sign-in.ts';

const PASSWORD = 'admin-session-e2e-password';

/**
 * The same browser, now signed in as a new administrator (made by the operator CLI), past the
 * second step administrators must pass (ADR 038).
 */
export async function becomeAdmin(page: Page, prefix: string, name: string) {
  // The page the last identity had open is left first: one still loading or polling (the dashboard
  // after a checkout) would meet the cleared cookies with 401s, which arrived after a test had
  // started counting console errors in a full run here.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const email = uniqueEmail(prefix);
  await createUserWithCli({ email, password: PASSWORD, name, role: 'admin' });
  await signInOverHttp(page.request, email, PASSWORD);
}
