import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { ALERT_PLANS } from '../alert-plans.ts';

export type QueueWeeklyOptions = {
  /** The clock (tests set a Monday). */
  now?: Date;
  /**
   * Queue everyone due this week whatever the day and hour (`jobs:run weekly-reminders`): the
   * week is still the Monday of each user's local week, so it adds nothing for a user already
   * sent this week's email.
   */
  ignoreTime?: boolean;
};

/**
 * Writes this week's weekly_reminder row for every user whose Monday email is due, in one
 * set-based statement (docs/budgets.md: 100,000 users in under a minute): active, verified email, the
 * toggle on, a plan with alerts that has not ended, and — unless `ignoreTime` — it is Monday at or
 * after WEEKLY_REMINDER_TIME in the user's zone (theirs, else WEEKLY_REMINDER_TZ). `week` is that
 * local Monday, and the primary key (user, week) is what makes it one email per user per week:
 * a retry, a second worker or the next 15-minute tick inserts nothing. Answers how many rows were new.
 */
export async function queueWeeklyReminders(
  { db, env }: Pick<Platform, 'db' | 'env'>,
  { now = new Date(), ignoreTime = false }: QueueWeeklyOptions = {},
): Promise<number> {
  // A stored zone PostgreSQL does not know (the profile validates zones, but an older tz database
  // might not have a new one) falls back to the default rather than failing everyone's email:
  // hence the join on the known names, read once.
  const { rowCount } = await db.execute(sql`
    WITH zones AS MATERIALIZED (SELECT name FROM pg_timezone_names),
    due AS (
      SELECT u.id AS user_id,
             (${now.toISOString()}::timestamptz AT TIME ZONE coalesce(z.name, ${env.WEEKLY_REMINDER_TZ})) AS local_now
      FROM "user" u
      JOIN user_plan p ON p.workspace_id = u.id
      LEFT JOIN zones z ON z.name = u.time_zone
      WHERE u.is_active AND u.email_verified AND u.weekly_email_report
        AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[])
        AND p.end_date > ${now.toISOString()}::timestamptz
    )
    INSERT INTO weekly_reminder (user_id, week)
    SELECT user_id, date_trunc('week', local_now)::date
    FROM due
    WHERE ${ignoreTime} OR (extract(isodow FROM local_now) = 1 AND local_now::time >= ${env.WEEKLY_REMINDER_TIME}::time)
    ON CONFLICT DO NOTHING`);
  return rowCount ?? 0;
}
