import { PATHS, safeRedirectPath } from '@licensewatch/shared/web-paths';
import type { BetterAuthOptions } from 'better-auth';
import { createElement } from 'react';
import type { Db } from '../../../platform/db/client.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { AccountExistsEmail } from '../emails/account-exists-email.tsx';
import { ResetPasswordEmail } from '../emails/reset-password-email.tsx';
import { VerifyEmail } from '../emails/verify-email.tsx';

type EmailPasswordOptions = NonNullable<BetterAuthOptions['emailAndPassword']>;
type EmailVerificationOptions = NonNullable<BetterAuthOptions['emailVerification']>;

/** The three emails better-auth asks us to send, each stored in the outbox and delivered by a job. */
export function authEmails(deps: { db: Db; mailer: Mailer; jobs: JobQueue }, baseURL: string) {
  // Sign-up answers the same for a taken email (no account discovery); the owner hears about it.
  const onExistingUserSignUp: EmailPasswordOptions['onExistingUserSignUp'] = async ({ user: u }) => {
    await sendEmail(deps, {
      to: u.email,
      subject: (brandName) => `You already have a ${brandName} account`,
      body: createElement(AccountExistsEmail, { name: u.name, loginUrl: `${baseURL}/login` }),
    });
  };
  const sendResetPassword: EmailPasswordOptions['sendResetPassword'] = async ({ user: u, token }) => {
    const url = `${baseURL}/reset-password?code=${encodeURIComponent(token)}&email=${encodeURIComponent(u.email)}`;
    await sendEmail(deps, {
      to: u.email,
      subject: (brandName) => `Reset your ${brandName} password`,
      body: createElement(ResetPasswordEmail, { name: u.name, url }),
    });
  };
  const sendVerificationEmail: EmailVerificationOptions['sendVerificationEmail'] = async ({ user: u, url, token }) => {
    // Land on /login: signed in it forwards to where the sign-up asked (an invitation it came from,
    // ADR 037) or to /dashboard, and a bad link shows its message there.
    const verifyUrl = `${baseURL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(confirmationLanding(url))}`;
    await sendEmail(deps, {
      to: u.email,
      subject: (brandName) => `Confirm your ${brandName} account`,
      body: createElement(VerifyEmail, { name: u.name, url: verifyUrl }),
    });
  };
  return { onExistingUserSignUp, sendResetPassword, sendVerificationEmail };
}

/**
 * Where a confirmation link lands: /login, carrying the sign-up's own destination (the callbackURL
 * better-auth put in `verifyUrl`) when it is a page of ours other than the dashboard; anything
 * else — another site, a protocol-relative URL — is dropped.
 */
export function confirmationLanding(verifyUrl: string): string {
  let requested: string | null = null;
  try {
    requested = safeRedirectPath(new URL(verifyUrl).searchParams.get('callbackURL'));
  } catch {
    requested = null;
  }
  if (!requested || requested === '/' || requested === PATHS.dashboard) return PATHS.login;
  return `${PATHS.login}?redirect=${encodeURIComponent(requested)}`;
}
