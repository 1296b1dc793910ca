import type pg from 'pg';
import { SourceError } from '../../licensing/types.ts';

/** The `request_limit` key of a UTC day's SAM.gov requests; the day is the database's, so every process agrees. */
export const SAM_REQUESTS_KEY_SQL = `'sam-requests:' || to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * Takes one request out of today's SAM.gov budget before a request is sent, or throws a 'rate-limited'
 * SourceError when the budget is spent: SAM's quota is per key and per day, and a key used beyond it
 * is refused until the next day for every use (the reports' checks, the daily run, the extract).
 *
 * The count lives in `request_limit`, one row per UTC day, and is taken in one statement, so processes
 * asking at the same time never send more than the budget between them. Unlike the fixed-window
 * rate limits (platform/security/consume-rate-limit.ts), a refused request is not counted: the row
 * reads the requests actually made today. Returns that count, this request included.
 */
export async function spendSamRequest(pool: pg.Pool, dailyRequests: number): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    `INSERT INTO request_limit AS l (key, count, window_start)
     SELECT ${SAM_REQUESTS_KEY_SQL}, 1, now() WHERE $1::int > 0
     ON CONFLICT (key) DO UPDATE SET count = l.count + 1 WHERE l.count < $1::int
     RETURNING l.count`,
    [dailyRequests],
  );
  const spent = rows[0]?.count;
  if (spent === undefined)
    throw new SourceError({
      kind: 'rate-limited',
      message: `SAM.gov daily request budget of ${dailyRequests} is spent for today (SAM_DAILY_REQUESTS); asked again after midnight UTC`,
    });
  return spent;
}
