import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * A new verification id: 128 random bits in lower-case base32 (RFC 4648 alphabet, no padding),
 * 26 characters. It is the only key to the public /verify page, so it must not be guessable,
 * and base32 reads aloud and types from paper without 0/O or 1/l mix-ups.
 */
export function newVerificationId(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** Whether `id` could be one: anything else is not looked up at all. */
export function isVerificationId(id: string): boolean {
  return /^[a-z2-7]{26}$/.test(id);
}
