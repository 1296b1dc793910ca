import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { openSealedText, sealText } from '../../platform/security/sealed-text.ts';

/** Lets people (and secret scanners) tell a LicenseWatch key apart; the masked key shows it. */
export const API_KEY_PREFIX = 'lw_';
const KEY_BYTES = 32;
const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

/** The two keys derived from the server secret; only this module reads them. */
export type ApiKeySecrets = { readonly encryptionKey: Buffer; readonly lookupKey: Buffer };

export class ApiKeyDecryptionError extends Error {
  constructor() {
    super(
      'The stored API key cannot be decrypted: the server secret (AUTH_SECRET) has changed since it was ' +
        'created, or the row was altered. Regenerating the key (PATCH /api/v1/credentials/) replaces it.',
    );
    this.name = 'ApiKeyDecryptionError';
  }
}

/**
 * Separate keys for encryption and look-up from the one server secret, so no new setting is
 * needed and neither key can stand in for the other. Changing the secret makes every stored key
 * unreadable and unfindable; owners then regenerate.
 */
export function deriveApiKeySecrets(secret: string): ApiKeySecrets {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, '', info, 32));
  return {
    encryptionKey: derive('licensewatch/api-key/aes-256-gcm/v1'),
    lookupKey: derive('licensewatch/api-key/lookup-hmac/v1'),
  };
}

/** 256 random bits. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(KEY_BYTES).toString('base64url');
}

/** Cheap shape check, so junk never costs a database round trip. */
export function looksLikeApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** Who a key belongs to and which workspace it bills (ADR 022): the key's row, as one string. */
export type ApiKeySeat = { userId: string; workspaceId: string };

/**
 * The authenticated data binding a ciphertext to its row: the user id for a key on their own
 * workspace (as every key was before seats), user and workspace for an organisation seat's key.
 */
export function apiKeyOwner({ userId, workspaceId }: ApiKeySeat): string {
  return userId === workspaceId ? userId : `${userId}/${workspaceId}`;
}

/**
 * `iv.tag.ciphertext`, base64url. The owner (apiKeyOwner) is authenticated data: a ciphertext
 * copied onto another row does not decrypt there.
 */
export function encryptApiKey(secrets: ApiKeySecrets, key: string, userId: string): string {
  return sealText(secrets.encryptionKey, key, userId);
}

export function decryptApiKey(secrets: ApiKeySecrets, stored: string, userId: string): string {
  const key = openSealedText(secrets.encryptionKey, stored, userId);
  if (key === null) throw new ApiKeyDecryptionError();
  return key;
}

/** Deterministic, so a presented key is found by an indexed equality; keyed, so a database dump alone cannot confirm a key. */
export function apiKeyLookupHmac(secrets: ApiKeySecrets, key: string): string {
  return createHmac('sha256', secrets.lookupKey).update(key, 'utf8').digest('base64url');
}
