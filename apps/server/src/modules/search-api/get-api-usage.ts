import type { ApiUsage } from '@licensewatch/shared/search-api';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { billedCallSql } from '../plans/bill-api-call.ts';

type Row = { date: string; calls: number; billed: number; credits_remaining: number | null };

/** Days in the chart, today (UTC) included. */
const DAYS = 30;

/**
 * The workspace's search API calls, made with any of its keys (docs/product-rules.md, API usage; an
 * organisation's seats share its credits, ADR 022): this calendar month's calls
 * and billed calls (answered 200, one credit each), API credits left, and the last 30 UTC days one
 * row a day, zeros included. One query: the calls are grouped by day over the one window that
 * holds both this month and the 30 days, read through api_usage_workspace_idx (workspace_id, created_at), so
 * a heavy caller's older history is never touched; generate_series supplies the empty days.
 * `now` pins the clock for tests; otherwise the database's, the clock that stamped the rows.
 */
export async function getApiUsage(db: Db, workspaceId: string, now?: Date): Promise<ApiUsage> {
  const { rows } = await db.execute<Row>(sql`
    with clock as (
      select (coalesce(${now?.toISOString() ?? null}::timestamptz, now()) at time zone 'UTC')::date as today
    ),
    bounds as (
      -- A month starts at most 30 days ago, so it can reach one day before the chart (the 31st).
      select today, least(date_trunc('month', today)::date, today - ${DAYS - 1}::int) as first_day
      from clock
    ),
    by_day as (
      select (u.created_at at time zone 'UTC')::date as day, count(*)::int as calls,
        (count(*) filter (where ${billedCallSql({ status: sql`u.status`, endpoint: sql`u.endpoint` })}))::int as billed
      from api_usage u, bounds b
      where u.workspace_id = ${workspaceId}
        and u.created_at >= b.first_day::timestamp at time zone 'UTC'
        and u.created_at < (b.today + 1)::timestamp at time zone 'UTC'
      group by 1
    ),
    series as (
      select d::date as day
      from bounds b, generate_series(b.first_day::timestamp, b.today::timestamp, interval '1 day') d
    )
    select to_char(s.day, 'YYYY-MM-DD') as date, coalesce(u.calls, 0) as calls, coalesce(u.billed, 0) as billed,
      (select c.api_credits from user_credit c where c.workspace_id = ${workspaceId}) as credits_remaining
    from series s left join by_day u on u.day = s.day
    order by s.day
  `);

  // Every day from the earlier of month start and the chart's first day, oldest first.
  const monthStart = `${rows.at(-1)?.date.slice(0, 8) ?? ''}01`;
  const month = rows.filter((row) => row.date >= monthStart);
  return {
    calls_this_month: sum(month, 'calls'),
    billed_this_month: sum(month, 'billed'),
    credits_remaining: rows[0]?.credits_remaining ?? 0,
    days: rows.slice(-DAYS).map(({ date, calls, billed }) => ({ date, calls, billed })),
  };
}

function sum(rows: Row[], field: 'calls' | 'billed'): number {
  return rows.reduce((total, row) => total + Number(row[field]), 0);
}
