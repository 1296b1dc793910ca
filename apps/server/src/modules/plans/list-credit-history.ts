import type { CreditHistory, CreditHistoryEntry, CreditKind, CreditReason } from '@licensewatch/shared/credentials';
import type { PlanName } from '@licensewatch/shared/plans';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';

type Cursor = { at: string; id: string };

type Row = {
  id: string;
  at_text: string;
  date: string;
  kind: CreditKind;
  reason: CreditReason;
  delta: number;
  balance_after: number | null;
  count: number;
  report_name: string | null;
  plan_name: PlanName | null;
};

// Microseconds: a cursor rounded to milliseconds would skip or repeat rows written within one.
const AT_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'`;
const DATE_TEXT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * The user's credit ledger, newest first, so the balances on screen can be followed back
 * (docs/product-rules.md, Credit history). API calls come one ledger row each and by the thousand,
 * so a UTC day of them is one row (their total and count); every other row stands alone, with
 * the name of the report it paid for while that report exists. Paged by a keyset cursor (time,
 * id) rather than an offset, so rows written while someone reads do not shift the next page.
 * Every read goes through the (user_id, created_at) index: only this user's rows are touched.
 */
export async function listCreditHistory(
  db: Db,
  userId: string,
  { cursor, limit }: { cursor?: string; limit: number },
): Promise<CreditHistory> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  // One more row than asked tells whether another page follows.
  const take = limit + 1;
  const before = (at: SQL, id: SQL) =>
    after ? sql`and (${at}, ${id}) < (${after.at}::timestamptz, ${after.id})` : sql``;
  // A day's balance is its last call's; calls within one timestamp spent in turn, so the lowest.
  // A day of API calls sorts by its last call, which can be later than the cursor row only on the
  // cursor's own day: calls after the end of that day cannot belong to the next page.
  const apiCallsBefore = after
    ? sql`and l.created_at < date_trunc('day', ${after.at}::timestamptz at time zone 'UTC') at time zone 'UTC' + interval '1 day'`
    : sql``;

  const { rows } = await db.execute<Row>(sql`
    with entries as (
      (
        select l.id, l.created_at as at, l.kind, l.reason, l.delta, l.balance_after, 1 as count,
          r.name as report_name, l.plan_name
        from credit_ledger l
        left join report r on r.id = l.report_id and r.workspace_id = l.workspace_id
        where l.workspace_id = ${userId} and l.reason <> 'api-call' ${before(sql`l.created_at`, sql`l.id`)}
        order by l.created_at desc, l.id desc
        limit ${take}
      )
      union all
      (
        select 'api-calls-' || to_char(day, 'YYYY-MM-DD') as id, at, 'api' as kind, 'api-call' as reason,
          delta, balance_after, count, null as report_name, null as plan_name
        from (
          select date_trunc('day', l.created_at at time zone 'UTC') as day, max(l.created_at) as at,
            sum(l.delta)::int as delta, count(*)::int as count,
            (array_agg(l.balance_after order by l.created_at desc, l.balance_after asc))[1] as balance_after
          from credit_ledger l
          where l.workspace_id = ${userId} and l.reason = 'api-call' ${apiCallsBefore}
          group by 1
        ) days
        where true ${before(sql`at`, sql`('api-calls-' || to_char(day, 'YYYY-MM-DD'))`)}
        order by at desc, id desc
        limit ${take}
      )
    )
    select id, kind, reason, delta, balance_after, count, report_name, plan_name,
      to_char(at at time zone 'UTC', ${sql.raw(AT_TEXT)}) as at_text,
      to_char(at at time zone 'UTC', ${sql.raw(DATE_TEXT)}) as date
    from entries
    order by at desc, id desc
    limit ${take}
  `);

  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    next_cursor: rows.length > limit && last ? encodeCursor({ at: last.at_text, id: last.id }) : null,
  };
}

function toEntry(row: Row): CreditHistoryEntry {
  return {
    id: row.id,
    date: row.date,
    kind: row.kind,
    reason: row.reason,
    delta: Number(row.delta),
    balance_after: row.balance_after === null ? null : Number(row.balance_after),
    count: Number(row.count),
    report_name: row.report_name,
    plan_name: row.plan_name,
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

function decodeCursor(cursor: string): Cursor {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!CURSOR_AT.test(at) || !id || rest.length > 0) throw AppError.validation('cursor is not one this list gave.');
  return { at, id };
}
