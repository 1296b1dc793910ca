import type { ErrorCode } from '@licensewatch/shared/error-codes';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { AppError } from '../errors.ts';

type Limit = { max: number; windowSeconds: number };

/**
 * The statement counting hits against keys in a fixed window of `windowSeconds`, returning per key
 * its `key`, `count` (these hits included) and `retry_after` (seconds until the window ends).
 * `hits` is a query of a text column (the key) and an integer one (its hits), each key at most
 * once: one key hit once, or none when the larger statement it sits in finds no caller (the search
 * API's key check counts only keys that have an owner), or several keys each hit by the calls of
 * one batch.
 */
export function rateLimitHitSql(hits: SQL, windowSeconds: number): SQL {
  return sql`
    INSERT INTO request_limit (key, count, window_start) SELECT key, n, now() FROM (${hits}) AS hit(key, n)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN request_limit.window_start <= now() - make_interval(secs => ${windowSeconds})
                   THEN excluded.count ELSE request_limit.count + excluded.count END,
      window_start = CASE WHEN request_limit.window_start <= now() - make_interval(secs => ${windowSeconds})
                   THEN now() ELSE request_limit.window_start END
    RETURNING key, count,
      extract(epoch FROM window_start + make_interval(secs => ${windowSeconds}) - now())::float8 AS retry_after`;
}

/**
 * Counts one hit against `key` in a fixed window, atomically in the database so every server
 * process shares the count. Returns the hits in the window so far, this one included.
 */
export async function countRateLimitHit(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; retryAfter: number }> {
  const { rows } = await db.execute<{ count: number; retry_after: number }>(
    rateLimitHitSql(sql`SELECT ${key}::text, 1`, windowSeconds),
  );
  const row = rows[0];
  return { count: row?.count ?? 1, retryAfter: row?.retry_after ?? windowSeconds };
}

/** The hits `key` holds in its current window, without counting one. */
export async function readRateLimitCount(db: Db, key: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    SELECT count FROM request_limit
    WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`);
  return rows[0]?.count ?? 0;
}

/** Counts one hit against `key` and throws 429 once the window holds more than `max` hits. */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { max, windowSeconds }: Limit,
  {
    detail = 'Too many requests. Please wait a moment and try again.',
    code = 'RATE_LIMITED',
  }: { detail?: string; code?: ErrorCode } = {},
): Promise<void> {
  const { count, retryAfter } = await countRateLimitHit(db, key, windowSeconds);
  if (count > max) throw AppError.rateLimited(detail, retryAfter, code);
}
