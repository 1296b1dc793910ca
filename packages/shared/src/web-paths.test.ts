import { describe, expect, it } from 'vitest';
import {
  aliasTarget,
  invitationIn,
  isWebPage,
  PATH_ALIASES,
  PATHS,
  safeRedirectPath,
  WEB_PAGE_PATTERNS,
} from './web-paths.ts';

describe('the web pages the server knows', () => {
  it('matches each page, its parameters and a trailing slash, as the router does', () => {
    for (const path of ['/', '/login', '/login/', '/LOGIN', '/reports/abc', '/verify/x-1', '/admin/users']) {
      expect(isWebPage(path), path).toBe(true);
    }
  });

  it('rejects what the router would answer with its not-found screen', () => {
    for (const path of ['/no/such/page', '/reports', '/reports/a/b', '/reports//', '/admin/nope', '/privacy']) {
      expect(isWebPage(path), path).toBe(false);
    }
  });

  it('sends each guess to a real page, and no page is also an alias', () => {
    expect(aliasTarget('/privacy')).toBe('/privacy-policy');
    expect(aliasTarget('/Privacy/')).toBe('/privacy-policy');
    expect(aliasTarget('/no-such-guess')).toBeNull();
    for (const [alias, target] of Object.entries(PATH_ALIASES)) {
      expect(isWebPage(target), target).toBe(true);
      expect(isWebPage(alias), alias).toBe(false);
      expect(WEB_PAGE_PATTERNS).not.toContain(alias);
    }
  });

  it('reads the invitation a path opens, its token decoded, and nothing else', () => {
    expect(invitationIn(PATHS.invitation('abc', 'a+b/c=', true))).toEqual({ id: 'abc', token: 'a+b/c=' });
    expect(invitationIn('/invitations/abc?x=1&token=t#top')).toEqual({ id: 'abc', token: 't' });
    for (const path of [
      null,
      '/invitations/abc',
      '/invitations/abc/x?token=t',
      '/dashboard?token=t',
      '/invitations/a?token=%E0%A4%A',
    ])
      expect(invitationIn(path), String(path)).toBeNull();
  });

  it('honours only same-site paths after sign-in', () => {
    expect(safeRedirectPath('/dashboard')).toBe('/dashboard');
    expect(safeRedirectPath('//evil.example')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
  });
});
