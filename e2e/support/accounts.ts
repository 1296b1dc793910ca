import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { UserType } from '@licensewatch/shared/accounts';
import type { PlanName } from '@licensewatch/shared/plans';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { dataDir } from './e2e-env.ts';
import { latestEmail, linkIn } from './outbox.ts';
import { enrolOnFirstSignIn } from './two-factor.ts';

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Runs the operator CLI, which reaches the running e2e server's embedded database through its socket. */
function runCli(args: string[]) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: `e2e/${dataDir}`, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

export function createUserWithCli(opts: {
  email: string;
  password: string;
  name?: string;
  role?: 'admin' | 'user';
  verified?: boolean;
}) {
  const args = ['users:create', '--email', opts.email, '--password', opts.password];
  if (opts.name) args.push('--name', opts.name);
  if (opts.role) args.push('--role', opts.role);
  if (opts.verified ?? true) args.push('--verified');
  runCli(args);
  // The admin area requires two-factor (ADR 038): the sign-in helpers enrol it (sign-in.ts).
  if (opts.role === 'admin') enrolOnFirstSignIn(opts.email);
}

/**
 * Moves an account to a plan with the CLI, outside the trial: a paid plan has 30 days left, or
 * ended yesterday with `expired`; Free never lapses. New accounts start on Free in the trial (one
 * state per report, one tracked license); multi-state reports need more.
 */
export function assignPlanWithCli(email: string, plan: PlanName, expired = false) {
  const args = ['users:plan', '--email', email, '--plan', plan];
  if (expired) args.push('--until', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  runCli(args);
}

/** Puts an organisation on a plan with the CLI, as an operator does for a business plan sold by sales. */
export function assignOrganisationPlanWithCli(organisationId: string, plan: PlanName) {
  runCli(['organisations:plan', '--id', organisationId, '--plan', plan]);
}

/** What the sign-up form says of who is signing up; a physician by default. */
export type SignUpAs = { organization: string | null; userType: UserType };

/** Signs up over HTTP without confirming: the account exists but cannot sign in yet. */
export async function signUpUnverified(
  request: APIRequestContext,
  email: string,
  password: string,
  as: SignUpAs = { organization: null, userType: 'individual_physician' },
) {
  const res = await request.post('/api/auth/sign-up/email', {
    data: {
      email,
      password,
      name: 'Dr. Test Physician',
      organization: as.organization,
      userType: as.userType,
      apiUsageInfo: null,
      callbackURL: '/dashboard',
    },
  });
  expect(res.status()).toBe(200);
}

/** Signs up over HTTP and confirms through the emailed link (for tests whose subject is not sign-up itself). */
export async function signUpVerified(request: APIRequestContext, email: string, password: string, as?: SignUpAs) {
  await signUpUnverified(request, email, password, as);
  const mail = await latestEmail(request, email, /Confirm/);
  const verify = await request.get(linkIn(mail), { maxRedirects: 0 });
  expect(verify.status()).toBe(302);
}

/**
 * A new account, signed in in the page's browser context, for tests whose subject is not signing
 * up or in: it signs up over HTTP and follows the emailed link, which signs the account in as it
 * does for a physician. No page is loaded (callers open the one they test), and the only operator
 * CLI run (a Node start, seconds under load) is the one that moves the account off the trial's
 * Free plan when `plan` is given.
 */
export async function signedInAccount(page: Page, prefix: string, password: string, plan?: PlanName) {
  const email = uniqueEmail(prefix);
  await signUpVerified(page.request, email, password);
  if (plan) assignPlanWithCli(email, plan);
  return email;
}
