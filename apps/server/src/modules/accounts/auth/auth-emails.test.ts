import { describe, expect, it } from 'vitest';
import { confirmationLanding } from './auth-emails.ts';

const verify = (callbackURL: string) =>
  `https://app.example/api/auth/verify-email?token=t&callbackURL=${encodeURIComponent(callbackURL)}`;

describe('where a confirmation link lands', () => {
  it('carries the invitation the sign-up came from through /login', () => {
    expect(confirmationLanding(verify('/invitations/abc?token=x&join=1'))).toBe(
      `/login?redirect=${encodeURIComponent('/invitations/abc?token=x&join=1')}`,
    );
  });

  it('lands on /login alone for the dashboard, another site or no destination', () => {
    for (const callback of ['/dashboard', '/', 'https://evil.example/', '//evil.example/x']) {
      expect(confirmationLanding(verify(callback)), callback).toBe('/login');
    }
    expect(confirmationLanding('https://app.example/api/auth/verify-email?token=t')).toBe('/login');
    expect(confirmationLanding('not a url')).toBe('/login');
  });
});
