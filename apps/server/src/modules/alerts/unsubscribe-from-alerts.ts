import { UNSUBSCRIBE_MESSAGES } from '@licensewatch/shared/alerts-messages';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { updateUserSettings } from '../accounts/update-user-settings.ts';
import type { AlertLinkSecrets } from './alert-link-secrets.ts';
import { readUnsubscribeToken } from './unsubscribe-link.ts';

/**
 * Turns off what a signed unsubscribe link names — 'weekly': the Monday email
 * (weekly_email_report), 'alerts': the status-change emails (status_alert_email) — and answers the
 * account's email. Idempotent: a second click (or a mail provider's retry) changes nothing more.
 * A token whose signature does not hold, or whose account is gone, is one and the same 400.
 */
export async function unsubscribeFromAlerts(
  { db, alertLinkSecrets }: { db: Db; alertLinkSecrets: AlertLinkSecrets },
  token: string,
): Promise<{ email: string }> {
  const read = readUnsubscribeToken(alertLinkSecrets, token);
  const invalid = () => new AppError('INVALID_UNSUBSCRIBE_LINK', UNSUBSCRIBE_MESSAGES.invalidLink, 400);
  if (!read) throw invalid();
  const row = await updateUserSettings(
    db,
    read.userId,
    read.purpose === 'weekly' ? { weeklyEmailReport: false } : { statusAlertEmail: false },
  );
  if (!row) throw invalid();
  return row;
}
