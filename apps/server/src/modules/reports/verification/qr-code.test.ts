import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrModules } from './qr-code.ts';

/** The modules as a scanner sees them: 8 px per module, a 4-module quiet zone, black on white. */
function scan(modules: boolean[][]): string | undefined {
  const cell = 8;
  const quiet = 4;
  const side = (modules.length + 2 * quiet) * cell;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (!dark) return;
      for (let y = 0; y < cell; y++) {
        for (let x = 0; x < cell; x++) {
          const at = (((r + quiet) * cell + y) * side + (c + quiet) * cell + x) * 4;
          pixels.fill(0, at, at + 3);
        }
      }
    });
  });
  return jsQR(pixels, side, side)?.data;
}

describe('qrModules', () => {
  it('encodes a verification URL that a scanner reads back exactly', () => {
    const url = 'https://licensewatch.example/verify/abcdefghijklmnopqrstuvwxyz';
    const modules = qrModules(url);
    expect(modules.length).toBeGreaterThanOrEqual(21);
    expect(modules.every((row) => row.length === modules.length)).toBe(true);
    expect(scan(modules)).toBe(url);
  });

  it('gives a different code for a different document', () => {
    const a = 'https://licensewatch.example/verify/aaaaaaaaaaaaaaaaaaaaaaaaaa';
    const b = 'https://licensewatch.example/verify/bbbbbbbbbbbbbbbbbbbbbbbbbb';
    expect(scan(qrModules(b))).toBe(b);
    expect(qrModules(a)).not.toEqual(qrModules(b));
  });
});
