import type { Profile } from '@licensewatch/shared/profile';
import { and, eq, gt } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { user, workspace } from '../../accounts/tables.ts';
import { calendarUrl, ensureCalendarToken } from '../calendar/ensure-calendar-token.ts';
import { emailChange } from '../tables.ts';
import { alertsIncluded } from './alerts-included.ts';
import { listOrganisationAlerts } from './list-organisation-alerts.ts';

/**
 * The profile as it truly stands: each wish as stored, whether the phone is verified and the plan
 * includes alerts (so the page never shows an alert as on when nothing would be sent), the
 * organisations whose plan sends them alerts (so it never shows one as off that an organisation sends), an email
 * change still waiting for its link, and the calendar feed URL (its token made on first read).
 */
export async function getProfile(
  { db, env, baseURL }: Pick<Platform, 'db' | 'env' | 'baseURL'>,
  userId: string,
): Promise<Profile> {
  const [row] = await db
    .select({
      email: user.email,
      name: user.name,
      phoneNumber: user.phoneNumber,
      phoneVerifiedAt: user.phoneVerifiedAt,
      weeklyEmailReport: user.weeklyEmailReport,
      smsRenewalNotice: user.smsRenewalNotice,
      weeklyAllClear: user.weeklyAllClear,
      statusAlertEmail: user.statusAlertEmail,
      timeZone: user.timeZone,
      calendarToken: user.calendarToken,
      pendingEmail: emailChange.newEmail,
      expiringWithinDays: workspace.expiringWithinDays,
      noticeDays: workspace.expiryNoticeDays,
      expiredAfterDays: workspace.expiredAfterDays,
    })
    .from(user)
    .innerJoin(workspace, eq(workspace.id, user.id))
    .leftJoin(emailChange, and(eq(emailChange.userId, user.id), gt(emailChange.expiresAt, new Date())))
    .where(eq(user.id, userId));
  if (!row) throw new Error(`No user ${userId}`);
  const [token, included, organisations] = await Promise.all([
    ensureCalendarToken(db, userId, row.calendarToken),
    alertsIncluded(db, userId),
    listOrganisationAlerts(db, userId),
  ]);
  return {
    email: row.email,
    // The name column is NOT NULL (better-auth); no name is stored as ''.
    full_name: row.name || null,
    phone_number: row.phoneNumber,
    phone_verified: row.phoneNumber !== null && row.phoneVerifiedAt !== null,
    pending_email: row.pendingEmail ?? null,
    weekly_email_report: row.weeklyEmailReport,
    sms_renewal_notice: row.smsRenewalNotice,
    weekly_all_clear: row.weeklyAllClear,
    status_alert_email: row.statusAlertEmail,
    time_zone: row.timeZone,
    default_time_zone: env.WEEKLY_REMINDER_TZ,
    alerts_included: included,
    organisation_alerts: organisations,
    calendar_url: calendarUrl(baseURL, token),
    expiry_windows: {
      expiring_within_days: row.expiringWithinDays,
      notice_days: row.noticeDays,
      expired_after_days: row.expiredAfterDays,
    },
  };
}
