import { type ChildProcess, fork } from 'node:child_process';
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

/** cli.ts session's messages (apps/server/src/cli/command-session.ts), written out: importing its types would typecheck the server here. */
type CliAnswer = { id: number; output: string } | { id: number; error: string };

/**
 * The operator CLI, one `cli.ts session` child per Playwright worker, started as `npm run cli`
 * starts it (tsx, from the repository root, reaching the running e2e server's embedded database
 * through its socket) and sent each command line over IPC. A CLI run per command started Node, tsx
 * and the CLI's context (the migrations check, the job queue) every time: measured beside a running
 * e2e server on this busy 2-core machine, 4-12 s a run (6 s on average), for each of the ~45 plan
 * changes and accounts the tests make. The session pays that once per worker, then runs the same
 * commands with the same arguments in 20-60 ms. Chosen over importing the commands into the worker:
 * they run under tsx as the CLI does (not Playwright's TypeScript loader), the server's modules stay
 * out of the worker, and what the commands print stays out of the test's output.
 */
let cli: { child: ChildProcess; pending: Map<number, (answer: CliAnswer) => void> } | null = null;
let requests = 0;

function startCli() {
  const child = fork('apps/server/src/cli.ts', ['session'], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: `e2e/${dataDir}`, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const pending = new Map<number, (answer: CliAnswer) => void>();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  child.on('message', (answer: CliAnswer) => {
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
  });
  child.on('exit', (code) => {
    // What was still waiting fails with the child's last words; the next command starts another.
    for (const [id, answer] of pending) answer({ id, error: `the CLI session ended (exit ${code}): ${stderr}` });
    pending.clear();
    if (cli?.child === child) cli = null;
  });
  // Neither keeps the worker alive: the child ends when the worker does (its IPC channel closes).
  child.unref();
  child.channel?.unref();
  return { child, pending };
}

/** Runs one operator CLI command (`npm run cli -- …args`): resolves with what it printed, rejects where the CLI would exit 1. */
async function runCli(args: string[]): Promise<string> {
  cli ??= startCli();
  const { child, pending } = cli;
  requests += 1;
  const id = requests;
  const answer = await new Promise<CliAnswer>((resolve) => {
    pending.set(id, resolve);
    child.send({ id, args });
  });
  if ('error' in answer) throw new Error(`cli ${args.join(' ')}: ${answer.error}`);
  return answer.output;
}

export async function createUserWithCli(opts: {
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
  await runCli(args);
  // The admin area requires two-factor (ADR 038): the sign-in helpers enrol it (sign-in.ts).
  if (opts.role === 'admin') enrolOnFirstSignIn(opts.email);
}

/**
 * Moves an account to a plan with the CLI, outside the trial: a paid plan has 30 days left, or
 * ended yesterday with `expired`; Free never lapses. New accounts start on Free in the trial (one
 * state per report, one tracked license); multi-state reports need more.
 */
export async function assignPlanWithCli(email: string, plan: PlanName, expired = false) {
  const args = ['users:plan', '--email', email, '--plan', plan];
  if (expired) args.push('--until', new Date(Date.now() - 86_400_000).toISOString().slice(0, 10));
  await runCli(args);
}

/** Puts an organisation on a plan with the CLI, as an operator does for a business plan sold by sales. */
export async function assignOrganisationPlanWithCli(organisationId: string, plan: PlanName) {
  await runCli(['organisations:plan', '--id', organisationId, '--plan', plan]);
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
 * CLI command is the one that moves the account off the trial's Free plan when `plan` is given.
 */
export async function signedInAccount(page: Page, prefix: string, password: string, plan?: PlanName) {
  const email = uniqueEmail(prefix);
  await signUpVerified(page.request, email, password);
  if (plan) await assignPlanWithCli(email, plan);
  return email;
}
