import type { PlanName } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { user } from '../../src/modules/accounts/tables.ts';
import { assignPlan } from '../../src/modules/plans/assign-plan.ts';
import { HttpClient, waitForEmail } from './http-client.ts';
import type { TestServer } from './test-server.ts';

let n = 0;
export function uniqueEmail(prefix = 'user') {
  n += 1;
  return `${prefix}-${Date.now().toString(36)}-${n}@example.com`;
}

export function signUpBody(email: string, password = 'correct-horse') {
  return {
    email,
    password,
    name: 'Dr. Ada Okafor',
    organization: 'Lakeside Family Medicine',
    userType: 'individual_physician',
    apiUsageInfo: null,
    callbackURL: '/dashboard',
  };
}

/** Signs up and confirms through the emailed link; the client ends up signed in. */
export async function signUpAndVerify(client: HttpClient, email = uniqueEmail(), password = 'correct-horse') {
  const res = await client.post('/api/auth/sign-up/email', signUpBody(email, password));
  expect(res.status).toBe(200);
  const mail = await waitForEmail(client, email, { subject: /Confirm/ });
  const verify = await client.get(new URL(mail.link).pathname + new URL(mail.link).search);
  expect(verify.status).toBe(302);
  return { email, password };
}

/**
 * A verified account, signed in through sign-up and its emailed link, on `planName` paid for
 * `days` more days (negative: expired) — as billing or an administrator would leave it.
 */
export async function signedInOnPlan(
  server: TestServer,
  { planName = 'premium', days = 30 }: { planName?: PlanName; days?: number } = {},
): Promise<{ client: HttpClient; email: string; userId: string }> {
  const client = new HttpClient(server.url);
  const { email } = await signUpAndVerify(client);
  const [row] = await server.ctx.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  await assignPlan(server.ctx.db, {
    userId: row.id,
    planName,
    trial: false,
    endDate: new Date(Date.now() + days * 86_400_000),
    reason: 'plan-change',
  });
  return { client, email, userId: row.id };
}

/** Polls `probe` every 100 ms until it gives something truthy, which it returns. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  tries = 300,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
