import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import type { RefreshChunkKind } from '../tables.ts';

export type ChunkCounts = Partial<{
  asked: number;
  changed: number;
  events: number;
  failures: number;
  reports: number;
  rematched: number;
  attached: number;
}>;

/**
 * Marks a chunk done with what it did — inside the transaction of its last change, for a reports
 * chunk — and the run finished when it was the last chunk left. The run's row is locked first, so
 * of two last chunks ending together the second sees the first done.
 */
export async function finishRefreshChunk(
  db: Db | Tx,
  { runId, kind, key }: { runId: string; kind: RefreshChunkKind; key: string },
  counts: ChunkCounts,
): Promise<void> {
  const n = (v: number | undefined) => v ?? 0;
  await db.execute(sql`
    UPDATE refresh_chunk SET done_at = now(), asked = ${n(counts.asked)}, changed = ${n(counts.changed)},
      events = ${n(counts.events)}, failures = ${n(counts.failures)}, reports = ${n(counts.reports)},
      rematched = ${n(counts.rematched)}, attached = ${n(counts.attached)}
    WHERE run_id = ${runId} AND kind = ${kind} AND key = ${key}`);
  await db.execute(sql`SELECT 1 FROM refresh_run WHERE id = ${runId} FOR UPDATE`);
  await db.execute(sql`
    UPDATE refresh_run SET finished_at = now()
    WHERE id = ${runId} AND finished_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM refresh_chunk WHERE run_id = ${runId} AND done_at IS NULL)`);
}
