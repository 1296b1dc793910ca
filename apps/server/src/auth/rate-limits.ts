// Limits per client IP (and per email where the attacker picks the email). Windows in seconds.
export const RATE_LIMITS = {
  signInPerIp: { max: 20, windowSeconds: 300 },
  signInPerEmail: { max: 10, windowSeconds: 900 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  // check-user reveals whether an account exists: limited hard.
  checkUserPerIp: { max: 10, windowSeconds: 600 },
  forgotPasswordPerIp: { max: 20, windowSeconds: 3600 },
  forgotPasswordPerEmail: { max: 1, windowSeconds: 60 },
  resetPasswordPerIp: { max: 20, windowSeconds: 3600 },
  verifyResetCodePerIp: { max: 30, windowSeconds: 600 },
  // Counted before the captcha is checked, so guessing at captchas is limited too.
  contactMessagePerIp: { max: 5, windowSeconds: 600 },
  captchaChallengePerIp: { max: 60, windowSeconds: 600 },
} as const;
