import type { ProbeOutcome } from '@licensewatch/shared/license-sources';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sourceHealth } from '../tables.ts';

/**
 * Stores a board's probe beside its health (source_health): the outcome, when, what failed (NULL when
 * it passed), and `verified_at` moved to now only when it passed, so a failed probe keeps when the
 * board last answered as configured. The health check's own columns are left to it; only a board
 * that was never checked gets them from the probe, its first check.
 */
export async function recordProbeOutcome(
  db: Db,
  {
    boardId,
    jurisdiction,
    outcome,
    failures,
  }: { boardId: string; jurisdiction: StateCode; outcome: ProbeOutcome; failures: readonly string[] },
): Promise<void> {
  const now = sql`now()`;
  const passed = outcome === 'ok';
  const probe = {
    probeOutcome: outcome,
    probedAt: now,
    probeFailures: passed ? null : [...failures],
    ...(passed ? { verifiedAt: now } : {}),
  };
  await db
    .insert(sourceHealth)
    .values({
      boardId,
      jurisdiction,
      available: passed,
      checkedAt: now,
      lastError: passed ? null : (failures[0] ?? outcome),
      lastSuccessAt: passed ? now : null,
      ...probe,
    })
    .onConflictDoUpdate({ target: sourceHealth.boardId, set: probe });
}
