import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (HMAC-SHA-1, 30-second steps, 6 digits: what better-auth's two-factor plugin
 * checks), so tests can answer a second step from the secret an enrolment shows, as an
 * authenticator app does. node:crypto only.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (the `secret` of an otpauth:// URI), padding and case ignored. */
export function decodeBase32(text: string): Buffer {
  const clean = text.replace(/=+$/, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP of `counter`. */
export function hotp(key: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  const code = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(code % 10 ** digits).padStart(digits, '0');
}

/** The TOTP of `key` at `time` (ms). */
export function totp(key: Buffer, time = Date.now(), { digits = 6, period = 30 } = {}): string {
  return hotp(key, Math.floor(time / 1000 / period), digits);
}

/** The base32 secret of an otpauth://totp/ URI. */
export function secretOfUri(uri: string): string {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${uri}`);
  return secret;
}

/** The code an authenticator app shows now for this base32 secret. */
export function totpNow(base32Secret: string, time = Date.now()): string {
  return totp(decodeBase32(base32Secret), time);
}
