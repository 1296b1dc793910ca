import { describe, expect, it } from 'vitest';
import { resolveRedirectUrl } from './resolve-redirect-url.ts';

const base = 'https://app.example.com';

describe('resolveRedirectUrl', () => {
  it('defaults to the fallback path on this site', () => {
    expect(resolveRedirectUrl(base, undefined, '/dashboard')).toBe('https://app.example.com/dashboard');
    expect(resolveRedirectUrl(base, '  ', '/pricing')).toBe('https://app.example.com/pricing');
  });

  it('keeps paths and same-origin URLs, with their query and Stripe’s session template', () => {
    expect(resolveRedirectUrl(base, '/dashboard?paid=1', '/x')).toBe('https://app.example.com/dashboard?paid=1');
    expect(resolveRedirectUrl(base, 'https://app.example.com/pricing', '/x')).toBe('https://app.example.com/pricing');
    expect(resolveRedirectUrl(base, '/done/{CHECKOUT_SESSION_ID}?s={CHECKOUT_SESSION_ID}', '/x')).toBe(
      'https://app.example.com/done/{CHECKOUT_SESSION_ID}?s={CHECKOUT_SESSION_ID}',
    );
  });

  it('refuses other sites, protocol-relative and scheme tricks', () => {
    for (const foreign of [
      'https://evil.example.com/dashboard',
      '//evil.example.com/dashboard',
      '/\\/evil.example.com',
      'http://app.example.com/dashboard',
      'https://app.example.com.evil.example/x',
      'https://user:pass@app.example.com/dashboard',
      'javascript:alert(1)',
      'dashboard',
    ]) {
      expect(resolveRedirectUrl(base, foreign, '/dashboard'), foreign).toBeNull();
    }
  });

  it('stays under an APP_URL that has a path', () => {
    expect(resolveRedirectUrl('https://example.com/app', '/dashboard', '/x')).toBe('https://example.com/app/dashboard');
    expect(resolveRedirectUrl('https://example.com/app', 'https://example.com/other', '/x')).toBeNull();
  });
});
