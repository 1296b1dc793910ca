// Limits per client IP (and per email where the attacker picks the email). Windows in seconds.
export const RATE_LIMITS = {
  // Every password guess (sign-in, check-user, change-password) counts against these.
  signInPerIp: { max: 20, windowSeconds: 300 },
  // Hard, but only for the pair: a third party failing on purpose from its own address cannot
  // lock the owner out. The login page asks check-user after each failed sign-in, so one typed
  // attempt counts twice here: five typed attempts per quarter hour.
  signInPerEmailAndIp: { max: 10, windowSeconds: 900 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  // check-user reveals whether an account exists: limited hard.
  checkUserPerIp: { max: 10, windowSeconds: 600 },
  changePasswordPerUser: { max: 10, windowSeconds: 900 },
  forgotPasswordPerIp: { max: 20, windowSeconds: 3600 },
  forgotPasswordPerEmail: { max: 1, windowSeconds: 60 },
  resetPasswordPerIp: { max: 20, windowSeconds: 3600 },
  verifyResetCodePerIp: { max: 30, windowSeconds: 600 },
  // Two-factor codes (ADR 038), on top of better-auth's own: 5 per sign-in challenge, and 10 wrong
  // in a row lock the account's second step for 15 minutes. Per address for sign-in codes (who is
  // signing in is not known before better-auth reads its cookie), per user for an enrolment's.
  twoFactorCodePerIp: { max: 30, windowSeconds: 300 },
  twoFactorCodePerUser: { max: 10, windowSeconds: 300 },
} as const;

/**
 * Per email, failed password guesses from every address only slow the next guess down (never a
 * lock a third party can trigger): free up to `free` failures in the window, then a quarter second
 * doubling per failure up to `maxDelayMs`.
 */
export const PASSWORD_FAILURE_DELAY = { free: 5, windowSeconds: 900, firstDelayMs: 250, maxDelayMs: 5_000 } as const;

/** How long to hold a password guess for an email that failed `failures` times in the window. */
export function passwordGuessDelayMs(failures: number): number {
  const { free, firstDelayMs, maxDelayMs } = PASSWORD_FAILURE_DELAY;
  if (failures <= free) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - free - 1));
}
