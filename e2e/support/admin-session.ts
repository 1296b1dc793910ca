import type { Page } from '@playwright/test';
import { createUserWithCli, uniqueEmail } from './accounts.ts';
import { signInOverHttp } from './sign-in.ts';

const PASSWORD = 'admin-session-e2e-password';

/**
 * The same browser, now signed in as a new administrator (made by the operator CLI), past the
 * second step administrators must pass (ADR 038).
 */
export async function becomeAdmin(page: Page, prefix: string, name: string) {
  await page.context().clearCookies();
  const email = uniqueEmail(prefix);
  await createUserWithCli({ email, password: PASSWORD, name, role: 'admin' });
  await signInOverHttp(page.request, email, PASSWORD);
}
