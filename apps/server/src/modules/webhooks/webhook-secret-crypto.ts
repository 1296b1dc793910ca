import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Lets people (and secret scanners) tell a webhook signing secret apart from other keys. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const IV_BYTES = 12;
const TAG_BYTES = 16;

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
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', secrets.encryptionKey, iv);
  cipher.setAAD(Buffer.from(endpointId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

export function decryptWebhookSecret(secrets: WebhookSecrets, stored: string, endpointId: string): string {
  const [iv, tag, ciphertext, ...rest] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || rest.length > 0 || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
    throw new Error('stored webhook secret is malformed');
  }
  const decipher = createDecipheriv('aes-256-gcm', secrets.encryptionKey, iv);
  decipher.setAAD(Buffer.from(endpointId, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
