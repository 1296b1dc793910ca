import { MCP_FREE_USAGE_NAMES } from '@licensewatch/shared/mcp-tools';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ASYNC_COMMIT } from '../../platform/db/async-commit.ts';
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
 * credit is left (the caller answers 402). One statement: the guarded `UPDATE … WHERE api_credits
 * > 0`, its ledger row and the usage row commit together or not at all, and the row lock makes a
 * concurrent call wait and re-check the guard, so parallel calls never take more credits than
 * there are (ADR 007).
 */
export async function billApiCall(db: Db, call: ApiCallRecord): Promise<number | null> {
  // Prepared: on every answered call's path. Committed without waiting for the disk (ADR 014): a
  // crash within the flush delay forgets the charge whole, so the call was free, never double.
  const rows = await queryPrepared<{ balance: number }>(
    db,
    'bill-api-call',
    sql`
    WITH spent AS (
      UPDATE user_credit SET api_credits = api_credits - 1, updated_at = now()
      WHERE workspace_id = ${call.workspaceId} AND api_credits > 0
      RETURNING api_credits
    ), ledger AS (
      INSERT INTO credit_ledger (workspace_id, kind, delta, balance_after, reason)
      SELECT ${call.workspaceId}, 'api', -1, api_credits, 'api-call' FROM spent
    ), usage AS (
      INSERT INTO api_usage (user_id, workspace_id, key_id, endpoint, status, latency_ms, result_count, query)
      SELECT ${call.userId}, ${call.workspaceId}, ${call.keyId}, ${call.endpoint}, 200, ${call.latencyMs}, ${call.resultCount},
        ${JSON.stringify(call.query)}::jsonb
      FROM spent
    )
    SELECT api_credits AS balance FROM spent, ${ASYNC_COMMIT}`,
  );
  return rows[0]?.balance ?? null;
}
