import { type AdminDashboard, DASHBOARD_WINDOW_DAYS } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

type Day = AdminDashboard['usage']['days'][number];

/**
 * Search API calls (api_usage, answered or not) and credits used (every spend in credit_ledger:
 * report and API credits) per UTC day over the last 30, zeros included — the same days as a
 * user's own chart on /overview. Each table is read through its created_at index for the window
 * only (api_usage_created_idx, credit_ledger_spend_idx), so older history is never touched.
 */
export async function listUsageDays(db: Db): Promise<AdminDashboard['usage']> {
  const { rows } = await db.execute<Day>(sql`
    with bounds as (
      select today, today - ${DASHBOARD_WINDOW_DAYS - 1}::int as first_day,
        (today - ${DASHBOARD_WINDOW_DAYS - 1}::int)::timestamp at time zone 'UTC' as since
      from (select (now() at time zone 'UTC')::date as today) clock
    ),
    calls as (
      select (a.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from api_usage a, bounds b where a.created_at >= b.since group by 1
    ),
    spent as (
      select (l.created_at at time zone 'UTC')::date as day, (-sum(l.delta))::int as n
      from credit_ledger l, bounds b where l.delta < 0 and l.created_at >= b.since group by 1
    ),
    series as (
      select d::date as day from bounds b, generate_series(b.first_day::timestamp, b.today::timestamp, interval '1 day') d
    )
    select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(c.n, 0) as api_calls, coalesce(p.n, 0) as credits_used
    from series s left join calls c on c.day = s.day left join spent p on p.day = s.day
    order by s.day
  `);
  return {
    days: rows,
    api_calls: rows.reduce((n, day) => n + day.api_calls, 0),
    credits_used: rows.reduce((n, day) => n + day.credits_used, 0),
  };
}
