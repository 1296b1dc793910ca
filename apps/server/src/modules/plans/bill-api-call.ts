import { MCP_FREE_USAGE_NAMES } from '@licensewatch/shared/mcp-tools';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ASYNC_COMMIT } from '../../platform/db/async-commit.ts';
import { createBatchedCallPer } from '../../platform/db/batched-lookup.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';

/**
 * Whether a usage row is a billed call: one that answered 200 and took its API credit with its row.
 * A search answering 200 always did; the MCP server's other tools record their 200s too, free
 * (ADR 042), so they are told apart by endpoint.
 */
export function billedCallSql(usage: { status: SQLWrapper; endpoint: SQLWrapper }): SQL {
  const free = sql.join(
    MCP_FREE_USAGE_NAMES.map((endpoint) => sql`${endpoint}`),
    sql`, `,
  );
  return sql`(${usage.status} = 200 and ${usage.endpoint} not in (${free}))`;
}

export type ApiCallRecord = {
  userId: string;
  /** The workspace the key bills (ADR 022). */
  workspaceId: string;
  keyId: string;
  endpoint: string;
  latencyMs: number;
  resultCount: number;
  query: Record<string, string>;
};

/**
 * Takes one API credit for a call that answers 200 and records the call, or returns null when no
 * credit is left (the caller answers 402). The calls of one turn of the event loop share one
 * statement (billApiCalls; ADR 050).
 */
export async function billApiCall(db: Db, call: ApiCallRecord): Promise<number | null> {
  return billApiCalls(db)(call);
}

/**
 * One statement for a batch of calls: each workspace's credit row is locked and lowered by the
 * calls it can pay for (`UPDATE … FROM (SELECT … FOR UPDATE)`, so a concurrent batch waits and
 * reads the balance this one leaves), and each paid call gets its ledger row and usage row; they
 * commit together or not at all, so parallel calls never take more credits than there are
 * (ADR 007). A workspace's calls are paid in the order they came, each seeing the balance it would
 * have seen alone; those beyond its credits get null. Prepared, on every answered call's path;
 * committed without waiting for the disk (ADR 014): a crash within the flush delay forgets the
 * charges whole, so the calls were free, never charged twice.
 */
const billApiCalls = createBatchedCallPer(async (db: Db, calls: ApiCallRecord[]): Promise<(number | null)[]> => {
  const column = <T>(pick: (call: ApiCallRecord) => T) => sql.param(calls.map(pick));
  const rows = await queryPrepared<{ ord: number; balance: number }>(
    db,
    'bill-api-calls',
    sql`
    WITH calls AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.workspace_id ORDER BY c.ord)::int AS nth
      FROM unnest(${column((c) => c.workspaceId)}::text[], ${column((c) => c.userId)}::text[],
        ${column((c) => c.keyId)}::text[], ${column((c) => c.endpoint)}::text[],
        ${column((c) => c.latencyMs)}::int[], ${column((c) => c.resultCount)}::int[],
        ${column((c) => JSON.stringify(c.query))}::text[])
        WITH ORDINALITY AS c(workspace_id, user_id, key_id, endpoint, latency_ms, result_count, query, ord)
    ), wanted AS (
      SELECT workspace_id, count(*)::int AS n FROM calls GROUP BY workspace_id
    ), spent AS (
      UPDATE user_credit u SET api_credits = held.api_credits - least(w.n, held.api_credits), updated_at = now()
      FROM wanted w, (
        SELECT workspace_id, api_credits FROM user_credit
        WHERE workspace_id IN (SELECT workspace_id FROM wanted) AND api_credits > 0
        FOR UPDATE
      ) held
      WHERE u.workspace_id = held.workspace_id AND w.workspace_id = held.workspace_id
      RETURNING u.workspace_id, held.api_credits AS before
    ), paid AS (
      SELECT calls.*, spent.before - calls.nth AS balance
      FROM calls JOIN spent USING (workspace_id) WHERE calls.nth <= spent.before
    ), ledger AS (
      INSERT INTO credit_ledger (workspace_id, kind, delta, balance_after, reason)
      SELECT workspace_id, 'api', -1, balance, 'api-call' FROM paid ORDER BY ord
    ), usage AS (
      INSERT INTO api_usage (user_id, workspace_id, key_id, endpoint, status, latency_ms, result_count, query)
      SELECT user_id, workspace_id, key_id, endpoint, 200, latency_ms, result_count, query::jsonb FROM paid ORDER BY ord
    )
    SELECT ord::int, balance FROM paid, ${ASYNC_COMMIT}`,
  );
  const balanceOf = new Map(rows.map((row) => [row.ord, row.balance]));
  return calls.map((_, index) => balanceOf.get(index + 1) ?? null);
});
