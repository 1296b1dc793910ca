import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Text we must read back (an API key shown to its owner, a webhook secret that signs), stored
 * AES-256-GCM encrypted as `iv.tag.ciphertext`, base64url. `boundTo` is authenticated data naming
 * the row the text belongs to, so a ciphertext copied onto another row does not open there.
 */
export function sealText(key: Buffer, text: string, boundTo: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

/** The sealed text, or null when it is malformed, altered, bound to another row or sealed with another key. */
export function openSealedText(key: Buffer, sealed: string, boundTo: string): string | null {
  const [iv, tag, ciphertext, ...rest] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || rest.length > 0 || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
