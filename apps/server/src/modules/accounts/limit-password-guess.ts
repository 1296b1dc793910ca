import { setTimeout as sleep } from 'node:timers/promises';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { Db } from '../../platform/db/client.ts';
import { consumeRateLimit, countRateLimitHit, readRateLimitCount } from '../../platform/security/consume-rate-limit.ts';
import { PASSWORD_FAILURE_DELAY, passwordGuessDelayMs, RATE_LIMITS } from './rate-limits.ts';

const failuresKey = (email: string) => `password-failures:email:${email.toLowerCase()}`;

/**
 * Before any password is checked against `email` — sign-in and check-user alike, so the two share
 * one budget (docs/security.md, Rate limits): hard limits per IP and per (email, IP), then the
 * growing delay earned by the email's recent failures from anywhere.
 */
export async function limitPasswordGuess(db: Db, { email, ip }: { email: string; ip: string }): Promise<void> {
  const opts = { detail: MESSAGES.login.tooMany };
  const address = email.toLowerCase();
  await consumeRateLimit(db, `sign-in:ip:${ip}`, RATE_LIMITS.signInPerIp, opts);
  await consumeRateLimit(db, `sign-in:email-ip:${address}:${ip}`, RATE_LIMITS.signInPerEmailAndIp, opts);
  const failures = await readRateLimitCount(db, failuresKey(address), PASSWORD_FAILURE_DELAY.windowSeconds);
  const delay = passwordGuessDelayMs(failures);
  if (delay > 0) await sleep(delay);
}

/** A wrong password (or an unknown email) for `email`: the next guesses at it wait longer. */
export async function recordPasswordFailure(db: Db, email: string): Promise<void> {
  await countRateLimitHit(db, failuresKey(email), PASSWORD_FAILURE_DELAY.windowSeconds);
}
