import { and, desc, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { ingestRun, type UnknownValueSummary } from '../tables.ts';

export type IngestWarning = {
  boardId: string;
  status: 'warned' | 'failed';
  finishedAt: Date | null;
  unknownValues: UnknownValueSummary[];
};

/**
 * Per board, its latest finished bulk-file run when that run met board wording no vocabulary knows
 * (docs/license-engine.md, Unknown wording): what source health shows beside availability, so an
 * operator sees which words to add. A later clean run clears it.
 */
export async function listIngestWarnings(db: Db): Promise<IngestWarning[]> {
  const latest = await db
    .selectDistinctOn([ingestRun.boardId], {
      boardId: ingestRun.boardId,
      status: ingestRun.status,
      finishedAt: ingestRun.finishedAt,
      unknownValues: ingestRun.unknownValues,
    })
    .from(ingestRun)
    .where(and(isNotNull(ingestRun.finishedAt), inArray(ingestRun.status, ['succeeded', 'warned', 'failed'])))
    .orderBy(ingestRun.boardId, desc(ingestRun.startedAt));
  return latest.flatMap((r) =>
    r.unknownValues && (r.status === 'warned' || r.status === 'failed')
      ? [{ boardId: r.boardId, status: r.status, finishedAt: r.finishedAt, unknownValues: r.unknownValues }]
      : [],
  );
}
