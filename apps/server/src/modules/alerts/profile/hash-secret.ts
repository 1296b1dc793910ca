import { createHash } from 'node:crypto';

/** What is stored of an emailed token or a texted code: its SHA-256, so a database dump holds no usable secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
