import { hkdfSync } from 'node:crypto';

/** HMAC keys that sign ALTCHA challenges; only the captcha services read them. */
export type CaptchaSecrets = { readonly challengeKey: string; readonly derivedKeyKey: string };

/**
 * Derived from the server secret the way API-key secrets are (HKDF, own labels), so no new
 * setting is needed and a leaked challenge key says nothing about sessions or API keys.
 * Changing the secret only invalidates challenges handed out in the last few minutes.
 */
export function deriveCaptchaSecrets(secret: string): CaptchaSecrets {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, '', info, 32)).toString('hex');
  return {
    challengeKey: derive('licensewatch/captcha/altcha-challenge-hmac/v1'),
    derivedKeyKey: derive('licensewatch/captcha/altcha-key-hmac/v1'),
  };
}
