import { describe, expect, it } from 'vitest';
import { backupCodesFile, manualEntryKey, qrSvgPath } from './totp-enrolment';

const URI =
  'otpauth://totp/LicenseWatch:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=LicenseWatch&digits=6&period=30';

describe('qrSvgPath', () => {
  it('draws a square of modules with a quiet zone, finder patterns in three corners', () => {
    const { path, size } = qrSvgPath(URI);
    // A QR version v has 17 + 4v modules a side (these 124 bytes at level M need version 8: 49), + 2 × 4 quiet.
    expect(size).toBe(49 + 8);
    // The top-left finder pattern starts at the quiet zone's edge; the quiet zone itself is empty.
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
    expect(path).not.toMatch(/M[0-3] |M\d+ [0-3]h/);
    const squares = path.match(/M(\d+) (\d+)/g) ?? [];
    for (const square of squares) {
      const [x, y] = square.slice(1).split(' ').map(Number);
      expect(x).toBeLessThan(size - 4);
      expect(y).toBeLessThan(size - 4);
    }
  });

  it('differs for different text', () => {
    expect(qrSvgPath(URI).path).not.toBe(qrSvgPath(URI.replace('GEZD', 'MZXW')).path);
  });
});

describe('manualEntryKey', () => {
  it('is the URI’s secret in groups of four', () => {
    expect(manualEntryKey(URI)).toBe('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ');
  });
});

describe('backupCodesFile', () => {
  it('names the account and lists a code a line', () => {
    expect(backupCodesFile('LicenseWatch', 'ada@example.com', ['abcde-fghij', 'klmno-pqrst'])).toBe(
      'LicenseWatch backup codes for ada@example.com\nEach code signs you in once.\n\nabcde-fghij\nklmno-pqrst\n',
    );
  });
});
