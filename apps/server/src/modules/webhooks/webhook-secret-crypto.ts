import { hkdfSync, randomBytes } from 'node:crypto';
import { openSealedText, sealText } from '../../platform/security/sealed-text.ts';

/** Lets people (and secret scanners) tell a webhook signing secret apart from other keys. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** The key that encrypts stored signing secrets, derived from the server secret (ADR 021). */
export type WebhookSecrets = { readonly encryptionKey: Buffer };

export function deriveWebhookSecrets(secret: string): WebhookSecrets {
  return {
    encryptionKey: Buffer.from(hkdfSync('sha256', secret, '', 'licensewatch/webhook-secret/aes-256-gcm/v1', 32)),
  };
}

/** 256 random bits, shown to the customer once (create and rotate answers). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * `iv.tag.ciphertext`, base64url. It must be decrypted to sign, so it cannot be hashed; the
 * endpoint id is associated data, so a ciphertext copied onto another endpoint does not decrypt.
 */
export function encryptWebhookSecret(secrets: WebhookSecrets, value: string, endpointId: string): string {
  return sealText(secrets.encryptionKey, value, endpointId);
}

export function decryptWebhookSecret(secrets: WebhookSecrets, stored: string, endpointId: string): string {
  const value = openSealedText(secrets.encryptionKey, stored, endpointId);
  if (value === null) throw new Error('stored webhook secret cannot be decrypted (malformed, or AUTH_SECRET changed)');
  return value;
}
