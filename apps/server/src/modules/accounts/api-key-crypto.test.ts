import { describe, expect, it } from 'vitest';
import {
  API_KEY_PREFIX,
  ApiKeyDecryptionError,
  apiKeyLookupHmac,
  decryptApiKey,
  deriveApiKeySecrets,
  encryptApiKey,
  generateApiKey,
  looksLikeApiKey,
} from './api-key-crypto.ts';

const secrets = deriveApiKeySecrets('test-secret-test-secret-test-secret-0123');
const otherSecrets = deriveApiKeySecrets('another-secret-another-secret-another-01');
const USER = 'user-1';

/** Flips one bit of one base64url part of `iv.tag.ciphertext`. */
function tamper(stored: string, part: number): string {
  const parts = stored.split('.');
  const bytes = Buffer.from(parts[part] ?? '', 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 1;
  parts[part] = bytes.toString('base64url');
  return parts.join('.');
}

describe('API key generation', () => {
  it('makes prefixed keys of 256 random bits that look like keys', () => {
    const key = generateApiKey();
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(Buffer.from(key.slice(API_KEY_PREFIX.length), 'base64url')).toHaveLength(32);
    expect(looksLikeApiKey(key)).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(many.size).toBe(1000);
  });

  it('rejects strings that are not keys', () => {
    for (const junk of [
      '',
      'lw_',
      'lw_short',
      `xx_${'a'.repeat(43)}`,
      `lw_${'a'.repeat(42)}!`,
      `lw_${'a'.repeat(44)}`,
    ]) {
      expect(looksLikeApiKey(junk)).toBe(false);
    }
  });
});

describe('API key encryption', () => {
  it('round-trips', () => {
    const key = generateApiKey();
    expect(decryptApiKey(secrets, encryptApiKey(secrets, key, USER), USER)).toBe(key);
  });

  it('uses a fresh IV every time, and the ciphertext never shows the key', () => {
    const key = generateApiKey();
    const a = encryptApiKey(secrets, key, USER);
    const b = encryptApiKey(secrets, key, USER);
    expect(a.split('.')[0]).not.toBe(b.split('.')[0]);
    expect(a).not.toBe(b);
    for (const stored of [a, b]) {
      expect(stored).not.toContain(key.slice(API_KEY_PREFIX.length, API_KEY_PREFIX.length + 8));
      expect(Buffer.from(stored.split('.')[0] ?? '', 'base64url')).toHaveLength(12);
    }
  });

  it('detects any change to IV, tag or ciphertext', () => {
    const stored = encryptApiKey(secrets, generateApiKey(), USER);
    for (const part of [0, 1, 2]) {
      expect(() => decryptApiKey(secrets, tamper(stored, part), USER)).toThrow(ApiKeyDecryptionError);
    }
  });

  it('refuses malformed values', () => {
    const stored = encryptApiKey(secrets, generateApiKey(), USER);
    const [iv, tag, ciphertext] = stored.split('.');
    for (const bad of ['', 'abc', `${iv}.${tag}`, `${stored}.extra`, `${iv}.${tag?.slice(2)}.${ciphertext}`]) {
      expect(() => decryptApiKey(secrets, bad, USER)).toThrow(ApiKeyDecryptionError);
    }
  });

  it('fails clearly when the server secret has changed', () => {
    const stored = encryptApiKey(secrets, generateApiKey(), USER);
    expect(() => decryptApiKey(otherSecrets, stored, USER)).toThrow(/server secret \(AUTH_SECRET\) has changed/);
  });

  it("does not decrypt on another user's row", () => {
    const stored = encryptApiKey(secrets, generateApiKey(), USER);
    expect(() => decryptApiKey(secrets, stored, 'user-2')).toThrow(ApiKeyDecryptionError);
  });
});

describe('API key look-up HMAC', () => {
  it('is stable for one key and secret, and differs by key and by secret', () => {
    const key = generateApiKey();
    const hmac = apiKeyLookupHmac(secrets, key);
    expect(apiKeyLookupHmac(deriveApiKeySecrets('test-secret-test-secret-test-secret-0123'), key)).toBe(hmac);
    expect(apiKeyLookupHmac(secrets, generateApiKey())).not.toBe(hmac);
    expect(apiKeyLookupHmac(otherSecrets, key)).not.toBe(hmac);
    expect(hmac).not.toContain(key.slice(API_KEY_PREFIX.length));
    expect(Buffer.from(hmac, 'base64url')).toHaveLength(32);
  });

  it('uses a key distinct from the encryption key', () => {
    expect(secrets.lookupKey.equals(secrets.encryptionKey)).toBe(false);
    expect(secrets.encryptionKey).toHaveLength(32);
  });
});
