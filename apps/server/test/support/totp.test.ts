import { describe, expect, it } from 'vitest';
import { decodeBase32, hotp, secretOfUri, totp, totpNow } from './totp.ts';

// RFC 6238 appendix B (SHA-1 rows; the key is the ASCII "12345678901234567890", 8 digits).
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP test helper', () => {
  it('gives RFC 6238’s SHA-1 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totp(RFC_KEY, seconds * 1000, { digits: 8 })).toBe(code);
  });

  it('gives RFC 4226’s HOTP values at 6 digits', () => {
    expect([0, 1, 2, 9].map((c) => hotp(RFC_KEY, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('decodes base32 as an otpauth URI carries it, without padding and in any case', () => {
    expect(decodeBase32('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ').toString('ascii')).toBe('12345678901234567890');
    expect(decodeBase32('mzxw6ytb').toString('ascii')).toBe('fooba');
    expect(() => decodeBase32('ab1')).toThrow('not base32');
  });

  it('reads the secret of an otpauth URI and answers the code of that moment', () => {
    const uri =
      'otpauth://totp/LicenseWatch:a%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=LicenseWatch';
    expect(secretOfUri(uri)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpNow(secretOfUri(uri), 59_000)).toBe('287082');
  });
});
