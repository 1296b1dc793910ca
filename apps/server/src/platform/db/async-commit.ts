import { sql } from 'drizzle-orm';

/**
 * A subquery that makes the statement it sits in commit without waiting for its WAL to reach
 * disk (`synchronous_commit = off` for this transaction only): PostgreSQL then confirms at once
 * and flushes within a few hundred milliseconds. A crash in that window forgets the transaction
 * whole — never half of it — so it is for writes whose loss costs nothing worth a disk flush on
 * every request: a rate-limit hit, a search API call's charge (lost, the call was free; never
 * charged twice). Referenced in the statement's FROM so that PostgreSQL evaluates it (ADR 014).
 */
export const ASYNC_COMMIT = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS async_commit`;
