import { hkdfSync } from 'node:crypto';

/** The HMAC key that signs the links in alert emails (one-click unsubscribe); only the alerts module reads it. */
export type AlertLinkSecrets = { readonly unsubscribeKey: Buffer };

/**
 * Derived from the server secret like the API-key and captcha secrets (HKDF, own label), so no
 * new setting is needed and a leaked key says nothing about sessions or API keys. Changing the
 * server secret makes links in emails already sent stop working; the profile still turns alerts off.
 */
export function deriveAlertLinkSecrets(secret: string): AlertLinkSecrets {
  return { unsubscribeKey: Buffer.from(hkdfSync('sha256', secret, '', 'licensewatch/alerts/unsubscribe-link/v1', 32)) };
}
