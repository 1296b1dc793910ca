import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import { type Challenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { type Env, recaptchaEnabled } from '../../platform/env.ts';
import { AppError } from '../../platform/errors.ts';
import type { CaptchaSecrets } from './captcha-secrets.ts';

/**
 * What a verified captcha leaves to record: an ALTCHA challenge must be marked used (with the
 * message, in one transaction) so the same solution fails next time; reCAPTCHA tokens are
 * single-use at Google already.
 */
export type VerifiedCaptcha = { challengeId: string; expiresAt: Date } | null;

// The widget's payload: base64 of {challenge, solution}. Shape only; the signature proves the rest.
const altchaPayloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ nonce: z.string().min(1), expiresAt: z.number() }).loose(),
    signature: z.string().min(1),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).loose(),
});

const invalid = () => new AppError('CAPTCHA_INVALID', CONTACT_MESSAGES.captchaInvalid, 400);

async function verifyAltcha(secrets: CaptchaSecrets, token: string): Promise<VerifiedCaptcha> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw invalid();
  }
  const payload = altchaPayloadSchema.safeParse(decoded);
  if (!payload.success) throw invalid();
  const challenge = payload.data.challenge as unknown as Challenge;
  const result = await verifySolution({
    challenge,
    solution: payload.data.solution as Solution,
    deriveKey,
    hmacSignatureSecret: secrets.challengeKey,
    hmacKeySignatureSecret: secrets.derivedKeyKey,
  }).catch(() => ({ verified: false }));
  if (!result.verified) throw invalid();
  return {
    challengeId: payload.data.challenge.parameters.nonce,
    expiresAt: new Date(payload.data.challenge.parameters.expiresAt * 1000),
  };
}

const siteverifySchema = z.object({ success: z.boolean() }).loose();

async function verifyRecaptcha(env: Env, token: string, ip: string): Promise<VerifiedCaptcha> {
  const body = new URLSearchParams({ secret: env.RECAPTCHA_SECRET_KEY ?? '', response: token, remoteip: ip });
  let answer: z.infer<typeof siteverifySchema>;
  try {
    const res = await fetch(env.RECAPTCHA_VERIFY_URL, { method: 'POST', body, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    answer = siteverifySchema.parse(await res.json());
  } catch (err) {
    // Google unreachable is our problem, not the visitor's: say so rather than "you are a robot".
    throw new AppError(
      'CAPTCHA_UNAVAILABLE',
      `The captcha could not be checked right now (${err instanceof Error ? err.message : 'error'}). Please try again.`,
      503,
    );
  }
  if (!answer.success) throw invalid();
  return null;
}

/** Checks the contact form's captcha token against the configured provider; throws 400 when it fails. */
export function verifyCaptcha(
  { env, captchaSecrets }: { env: Env; captchaSecrets: CaptchaSecrets },
  token: string,
  ip: string,
): Promise<VerifiedCaptcha> {
  return recaptchaEnabled(env) ? verifyRecaptcha(env, token, ip) : verifyAltcha(captchaSecrets, token);
}
