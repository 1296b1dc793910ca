import { type Challenge, createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { CaptchaSecrets } from './captcha-secrets.ts';

/** Long enough to fill in the form after solving; a solved challenge is accepted once within it. */
export const CAPTCHA_TTL_SECONDS = 20 * 60;

// About a second of work in a browser: enough to make bulk posting cost something, not a wait.
const COST = 1_000;
const COUNTER_MIN = 500;
const COUNTER_MAX = 2_500;

/** A signed ALTCHA proof-of-work challenge (deterministic mode: the server knows the answer's key). */
export function createCaptchaChallenge(secrets: CaptchaSecrets): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
    hmacSignatureSecret: secrets.challengeKey,
    hmacKeySignatureSecret: secrets.derivedKeyKey,
  });
}
