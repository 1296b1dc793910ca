import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifySignedToken } from './read-session.ts';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifySignedToken', () => {
  it("returns the token of better-auth's signed cookie value", () => {
    expect(verifySignedToken(sign('tok3n'), SECRET)).toBe('tok3n');
    // Tokens may contain dots: the signature follows the last one.
    expect(verifySignedToken(sign('a.b.c'), SECRET)).toBe('a.b.c');
  });

  it('refuses a missing, unsigned, tampered or foreign-signed value', () => {
    expect(verifySignedToken(undefined, SECRET)).toBeNull();
    expect(verifySignedToken('', SECRET)).toBeNull();
    expect(verifySignedToken('tok3n', SECRET)).toBeNull();
    expect(verifySignedToken(`other${sign('tok3n').slice(5)}`, SECRET)).toBeNull();
    expect(verifySignedToken(sign('tok3n', `${SECRET}x`), SECRET)).toBeNull();
    expect(verifySignedToken('tok3n.short', SECRET)).toBeNull();
    expect(verifySignedToken('.signature-only', SECRET)).toBeNull();
  });
});
