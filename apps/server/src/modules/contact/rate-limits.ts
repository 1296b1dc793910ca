// Limits per client IP. Windows in seconds.
export const RATE_LIMITS = {
  // Counted before the captcha is checked, so guessing at captchas is limited too.
  contactMessagePerIp: { max: 5, windowSeconds: 600 },
  captchaChallengePerIp: { max: 60, windowSeconds: 600 },
} as const;
