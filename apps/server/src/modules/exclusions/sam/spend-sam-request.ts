import type pg from 'pg';
import { spendDailyBudget } from '../../../platform/security/spend-daily-budget.ts';
import { SourceError } from '../../licensing/types.ts';

/**
 * Takes one request out of today's SAM.gov budget before a request is sent, or throws a 'rate-limited'
 * SourceError when the budget is spent: SAM's quota is per key and per day, and a key used beyond it
 * is refused until the next day for every use (the reports' checks, the daily run, the extract).
 * The count is the `sam-requests` daily budget in `request_limit`, one row per UTC day. Returns the
 * requests made today, this one included.
 */
export async function spendSamRequest(pool: pg.Pool, dailyRequests: number): Promise<number> {
  const spent = await spendDailyBudget(pool, 'sam-requests', dailyRequests);
  if (spent === null)
    throw new SourceError({
      kind: 'rate-limited',
      message: `SAM.gov daily request budget of ${dailyRequests} is spent for today (SAM_DAILY_REQUESTS); asked again after midnight UTC`,
    });
  return spent;
}
