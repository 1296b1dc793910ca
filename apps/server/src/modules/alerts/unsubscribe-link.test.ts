import { describe, expect, it } from 'vitest';
import { deriveAlertLinkSecrets } from './alert-link-secrets.ts';
import { readUnsubscribeToken, unsubscribeLinks, unsubscribeToken } from './unsubscribe-link.ts';

const secrets = deriveAlertLinkSecrets('test-secret-test-secret-test-secret-0123');

describe('unsubscribe links', () => {
  it('reads back the user and purpose it was made for', () => {
    expect(readUnsubscribeToken(secrets, unsubscribeToken(secrets, 'user-1', 'weekly'))).toEqual({
      userId: 'user-1',
      purpose: 'weekly',
    });
  });

  it('refuses a token for another user, another purpose, another secret or a malformed one', () => {
    const token = unsubscribeToken(secrets, 'user-1', 'weekly');
    const signature = token.split('.')[2];
    expect(readUnsubscribeToken(secrets, `user-2.weekly.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secrets, `user-1.alerts.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(deriveAlertLinkSecrets('another-secret-another-secret-012345'), token)).toBeNull();
    expect(readUnsubscribeToken(secrets, 'user-1.weekly')).toBeNull();
    expect(readUnsubscribeToken(secrets, `${token}.x`)).toBeNull();
    expect(readUnsubscribeToken(secrets, `user-1.everything.${signature}`)).toBeNull();
  });

  it('makes the RFC 8058 headers and the footer link', () => {
    const links = unsubscribeLinks({ baseURL: 'https://lw.example', alertLinkSecrets: secrets }, 'user-1', 'alerts');
    expect(links.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(links.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/lw\.example\/api\/v2\/alerts\/unsubscribe\?token=user-1\.alerts\.[\w-]+>$/,
    );
    expect(links.pageUrl).toMatch(/^https:\/\/lw\.example\/unsubscribe\?token=user-1\.alerts\./);
  });
});
