import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AlertLinkSecrets } from './alert-link-secrets.ts';

/**
 * What an unsubscribe link turns off: 'weekly' the Monday email, 'alerts' the status-change emails
 * (docs/product-rules.md, Alerts).
 */
export const UNSUBSCRIBE_PURPOSES = ['weekly', 'alerts'] as const;
export type UnsubscribePurpose = (typeof UNSUBSCRIBE_PURPOSES)[number];

function sign(secrets: AlertLinkSecrets, userId: string, purpose: UnsubscribePurpose): string {
  return createHmac('sha256', secrets.unsubscribeKey).update(`${userId}.${purpose}`).digest('base64url');
}

/**
 * `<userId>.<purpose>.<HMAC>`: no expiry, because a one-click link in an old email must keep working
 * (RFC 8058), and nothing else about the user, because mail providers see the URL.
 */
export function unsubscribeToken(secrets: AlertLinkSecrets, userId: string, purpose: UnsubscribePurpose): string {
  return `${userId}.${purpose}.${sign(secrets, userId, purpose)}`;
}

/** The user and purpose a token names, or null when its signature does not hold. */
export function readUnsubscribeToken(
  secrets: AlertLinkSecrets,
  token: string,
): { userId: string; purpose: UnsubscribePurpose } | null {
  const [userId, purpose, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0) return null;
  if (!UNSUBSCRIBE_PURPOSES.includes(purpose as UnsubscribePurpose)) return null;
  const expected = Buffer.from(sign(secrets, userId, purpose as UnsubscribePurpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, purpose: purpose as UnsubscribePurpose };
}

/**
 * The headers of an alert email (RFC 8058 one-click: a mail provider POSTs
 * 'List-Unsubscribe=One-Click' to the URL) and the link for its footer, which opens our page with a
 * button — a GET never unsubscribes, since mail scanners open links.
 */
export function unsubscribeLinks(
  { baseURL, alertLinkSecrets }: { baseURL: string; alertLinkSecrets: AlertLinkSecrets },
  userId: string,
  purpose: UnsubscribePurpose,
) {
  const token = encodeURIComponent(unsubscribeToken(alertLinkSecrets, userId, purpose));
  return {
    headers: {
      'List-Unsubscribe': `<${baseURL}/api/v2/alerts/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    pageUrl: `${baseURL}/unsubscribe?token=${token}`,
  };
}
