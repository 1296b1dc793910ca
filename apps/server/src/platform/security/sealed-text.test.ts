import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSealedText, sealText } from './sealed-text.ts';

describe('sealed text', () => {
  const key = randomBytes(32);

  it('opens with the key and the row it is bound to, and differs each time it is sealed', () => {
    const sealed = sealText(key, 'whsec_abc', 'row-1');
    expect(openSealedText(key, sealed, 'row-1')).toBe('whsec_abc');
    expect(sealText(key, 'whsec_abc', 'row-1')).not.toBe(sealed);
  });

  it('does not open on another row, with another key, altered or malformed', () => {
    const sealed = sealText(key, 'lw_secret', 'row-1');
    expect(openSealedText(key, sealed, 'row-2')).toBeNull();
    expect(openSealedText(randomBytes(32), sealed, 'row-1')).toBeNull();
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(openSealedText(key, [iv, tag, flipped.toString('base64url')].join('.'), 'row-1')).toBeNull();
    expect(openSealedText(key, 'not-sealed', 'row-1')).toBeNull();
    expect(openSealedText(key, `${sealed}.extra`, 'row-1')).toBeNull();
  });
});
