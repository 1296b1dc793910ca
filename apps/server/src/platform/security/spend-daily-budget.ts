import type pg from 'pg';

/**
 * Takes one unit of a named daily budget (UTC day, by the database's clock so every process agrees),
 * in one statement so processes asking at once never spend more than `perDay` between them. Unlike
 * the fixed-window rate limits (consume-rate-limit.ts), a refusal is not counted: the row reads what
 * was actually spent today. Returns the units spent today, this one included, or null when the
 * budget is spent.
 */
export async function spendDailyBudget(pool: pg.Pool, name: string, perDay: number): Promise<number | null> {
  const { rows } = await pool.query<{ count: number }>(
    `INSERT INTO request_limit AS l (key, count, window_start)
     SELECT $2::text || ':' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1, now() WHERE $1::int > 0
     ON CONFLICT (key) DO UPDATE SET count = l.count + 1 WHERE l.count < $1::int
     RETURNING l.count`,
    [perDay, name],
  );
  return rows[0]?.count ?? null;
}
