import type { StateCode } from '@licensewatch/shared/states';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { recordSourceHealth } from '../health/record-source-health.ts';
import { ingestRun, type UnknownValueSummary } from '../tables.ts';

export type FinishIngestRunInput = {
  runId: string;
  boardId: string;
  jurisdiction: StateCode;
  status: 'succeeded' | 'warned' | 'failed';
  rowsRead: number;
  rowsUpserted: number;
  rowsRejected: number;
  error?: string | null;
  unknownValues?: UnknownValueSummary[] | null;
  /**
   * What the run proved about the board, for source_health: it answered, it did not (with the
   * board's failure), or nothing (the run failed on our side, e.g. the database). An available board
   * may still carry an error: what it published could not be read (unknown wording).
   */
  board: { available: true; error?: string | null } | { available: false; error: string } | null;
};

/** Closes an ingest_run with its final counts and records what it learnt about the board. */
export async function finishIngestRun(db: Db, input: FinishIngestRunInput): Promise<void> {
  await db
    .update(ingestRun)
    .set({
      status: input.status,
      finishedAt: sql`now()`,
      error: input.error ?? null,
      rowsRead: input.rowsRead,
      rowsUpserted: input.rowsUpserted,
      rowsRejected: input.rowsRejected,
      unknownValues: input.unknownValues ?? null,
    })
    .where(eq(ingestRun.id, input.runId));
  if (input.board)
    await recordSourceHealth(db, {
      boardId: input.boardId,
      jurisdiction: input.jurisdiction,
      available: input.board.available,
      error: input.board.error ?? null,
    });
}
