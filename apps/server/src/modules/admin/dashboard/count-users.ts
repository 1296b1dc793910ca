import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { DASHBOARD_NEW_USER_DAYS, DASHBOARD_WINDOW_DAYS } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/**
 * Accounts (administrators not counted, as in the users list), new in the last 7 days, and active
 * in the last 30: signed in (user.last_sign_in_at) or used a session, whose updated_at moves when
 * it is renewed (once a day while in use). One pass over "user"; the sessions of the window are
 * read once into a hashed set, not looked up per user.
 */
export async function countUsers(db: Db): Promise<AdminDashboard['users']> {
  const { rows } = await db.execute<AdminDashboard['users']>(sql`
    select count(*)::int as total,
      (count(*) filter (where u.created_at >= now() - make_interval(days => ${DASHBOARD_NEW_USER_DAYS})))::int
        as new_this_week,
      (count(*) filter (
        where u.last_sign_in_at >= now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS})
          or u.id in (select s.user_id from session s where s.updated_at >= now() - make_interval(days => ${DASHBOARD_WINDOW_DAYS}))
      ))::int as active_30_days
    from "user" u
    where u.role <> 'admin'
  `);
  return rows[0] ?? { total: 0, new_this_week: 0, active_30_days: 0 };
}
