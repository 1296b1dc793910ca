import { NOTICE_DAYS_MAX } from '@licensewatch/shared/expiry-windows';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { sendSms } from '../../../platform/sms/send-sms.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import { renewalNoticeText } from './renewal-notice-text.ts';

/** A notice whose day was missed (the job down, the worker stopped) is still sent this many days later. */
const CATCH_UP_DAYS = 2;

type DueRow = {
  user_id: string;
  phone_number: string;
  license_id: string;
  jurisdiction: string;
  license_type: string;
  license_number: string | null;
  first_name: string;
  last_name: string;
  expiry_date: string;
  days_left: number;
  tracked_days: number;
  notice_days: number[];
};

/**
 * The daily SMS renewal notices (docs/product-rules.md, Alerts): for every active user with the SMS
 * toggle on, a verified phone and a plan with alerts that has not expired, each tracked (not hidden)
 * license whose expiry is one of their own workspace's notice days from the user's today (their
 * time zone, else WEEKLY_REMINDER_TZ; by default 90, 60, 30, 14, 7, 3 and 0, expiry-windows.ts) gets one SMS. Set-based: one query finds what is due for everyone.
 *
 * A day missed (no run that day) is caught up for CATCH_UP_DAYS: the most urgent threshold
 * crossed since, telling the real number of days left — but only for a threshold crossed while the
 * license was already tracked, so a license added with 59 days left gets no "59 days" notice.
 * Each notice's dedupe key names the license, its expiry, the threshold and the phone, so a retry,
 * a second run or a catch-up day sends nothing more, while a renewed license (a new expiry) or a
 * new phone starts afresh. The toggle is read here, at send time, and again by the delivery job
 * (STOP is honoured before any send). Answers how many SMS were queued.
 */
export async function queueSmsNotices(
  ctx: Pick<Platform, 'db' | 'sms' | 'jobs' | 'env' | 'baseURL'>,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const { db, env, baseURL } = ctx;
  const at = now.toISOString();
  const { rows } = await db.execute<DueRow>(sql`
    WITH zones AS MATERIALIZED (SELECT name FROM pg_timezone_names),
    tracked AS (
      SELECT DISTINCT ON (u.id, l.id)
        u.id AS user_id, u.phone_number, w.expiry_notice_days AS notice_days, l.id AS license_id, l.jurisdiction,
        coalesce(l.license_type, r.license_type) AS license_type, l.license_number, l.first_name, l.last_name, l.expiry_date,
        (${at}::timestamptz AT TIME ZONE coalesce(z.name, ${env.WEEKLY_REMINDER_TZ}))::date AS today,
        (rl.created_at AT TIME ZONE coalesce(z.name, ${env.WEEKLY_REMINDER_TZ}))::date AS tracked_since
      FROM "user" u
      -- As the Monday email does: a stored zone PostgreSQL does not know falls back to the default
      -- instead of failing everyone's notices.
      LEFT JOIN zones z ON z.name = u.time_zone
      JOIN user_plan p ON p.workspace_id = u.id
      -- The notice days of their own workspace (expiry-windows.ts), whose reports these are.
      JOIN workspace w ON w.id = u.id
      JOIN report r ON r.workspace_id = u.id
      JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
      JOIN license l ON l.id = rl.license_id
      WHERE u.is_active AND u.sms_renewal_notice
        AND u.phone_number IS NOT NULL AND u.phone_verified_at IS NOT NULL
        AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[])
        AND p.end_date > ${at}::timestamptz
        AND l.expiry_date IS NOT NULL
        -- A bound applied before each user's today is known: time zones are within a day of UTC.
        AND l.expiry_date BETWEEN ${at}::timestamptz::date - ${CATCH_UP_DAYS + 1}::int
                              AND ${at}::timestamptz::date + ${NOTICE_DAYS_MAX + 1}::int
      ORDER BY u.id, l.id, rl.created_at
    )
    SELECT user_id, phone_number, notice_days, license_id, jurisdiction, license_type, license_number,
           first_name, last_name, expiry_date::text AS expiry_date,
           (expiry_date - today)::int AS days_left, (today - tracked_since)::int AS tracked_days
    FROM tracked
    WHERE expiry_date - today BETWEEN ${-CATCH_UP_DAYS}::int AND (SELECT max(d) FROM unnest(notice_days) d)`);
  let queued = 0;
  for (const row of rows) {
    // The tightest notice day whose catch-up window holds today: notice days closer together than
    // CATCH_UP_DAYS (a workspace may choose 3 and 2) never send the further one late.
    const threshold = [...row.notice_days]
      .sort((a, b) => a - b)
      .find((d) => row.days_left <= d && row.days_left >= d - CATCH_UP_DAYS);
    if (threshold === undefined) continue;
    const daysSinceThreshold = threshold - row.days_left;
    if (daysSinceThreshold > row.tracked_days) continue;
    const body = renewalNoticeText({
      firstName: row.first_name,
      lastName: row.last_name,
      jurisdiction: row.jurisdiction,
      licenseType: row.license_type,
      licenseNumber: row.license_number,
      expiryDate: row.expiry_date,
      daysLeft: row.days_left,
      // A report's URL (a UUID) leaves no room in 160 characters; the dashboard lists the reports.
      links: [`${baseURL}/dashboard`],
    });
    const id = await sendSms(ctx, {
      to: row.phone_number,
      body,
      subject: `SMS renewal notice: ${row.jurisdiction} ${row.license_type} license, ${threshold} days`,
      kind: 'alert',
      userId: row.user_id,
      dedupeKey: `sms-expiry:${row.license_id}:${row.expiry_date}:${threshold}:${row.phone_number}`,
    });
    if (id) queued++;
  }
  return queued;
}
