import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sourceHealth } from '../tables.ts';

/**
 * Upserts what was just learnt about a board. `latencyMs` undefined keeps the last measured
 * latency (an ingest learns reachability, not latency); `last_error` is kept after a recovery
 * so operators can still see what went wrong last, next to last_success_at.
 */
export async function recordSourceHealth(
  db: Db,
  {
    boardId,
    jurisdiction,
    available,
    latencyMs,
    error,
  }: {
    boardId: string;
    jurisdiction: StateCode;
    available: boolean;
    latencyMs?: number | null;
    error?: string | null;
  },
): Promise<void> {
  const now = sql`now()`;
  await db
    .insert(sourceHealth)
    .values({
      boardId,
      jurisdiction,
      available,
      checkedAt: now,
      latencyMs: latencyMs ?? null,
      lastError: error ?? null,
      lastSuccessAt: available ? now : null,
    })
    .onConflictDoUpdate({
      target: sourceHealth.boardId,
      set: {
        jurisdiction,
        available,
        checkedAt: now,
        ...(latencyMs !== undefined ? { latencyMs } : {}),
        ...(error ? { lastError: error } : {}),
        ...(available ? { lastSuccessAt: now } : {}),
      },
    });
}
