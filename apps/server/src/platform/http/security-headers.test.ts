import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it("are helmet's headers for the options, CSP included", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", "'sha256-abc='"] } },
      referrerPolicy: { policy: 'same-origin' },
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-abc='");
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('refuse options helmet refuses, at start rather than per request', () => {
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ['self'] } } })).toThrow(
      /quoted/,
    );
  });
});
