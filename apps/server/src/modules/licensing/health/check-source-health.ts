import type { StateCode } from '@licensewatch/shared/states';
import type { Platform } from '../../../platform/deps.ts';
import { describeSourceFailure } from '../describe-source-failure.ts';
import type { LicenseSources } from '../license-sources.ts';
import type { SourceResult } from '../types.ts';
import { recordSourceHealth } from './record-source-health.ts';

export type BoardHealth = {
  boardId: string;
  jurisdiction: StateCode;
  available: boolean;
  latencyMs: number | null;
  error: string | null;
};

// health() promises never to throw or hang, but one misbehaving connector must not stall every check.
async function probe(sources: LicenseSources, boardId: string, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<SourceResult<{ latencyMs: number }>>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, error: { kind: 'unavailable', message: `no answer within ${timeoutMs} ms` } }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([sources.sourceFor(boardId).health(), timeout]);
  } catch (err) {
    return {
      ok: false as const,
      error: { kind: 'unavailable' as const, message: err instanceof Error ? err.message : String(err) },
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Asks every board a machine reads whether it answers, a few at a time (boards are other people's
 * servers), and records each answer in source_health as it arrives. Boards verified by hand and
 * sources that are off are not asked: nothing reads them.
 */
export async function checkSourceHealth(
  { db, log }: Pick<Platform, 'db' | 'log'>,
  sources: LicenseSources,
  { concurrency = 8, timeoutMs = 30_000 }: { concurrency?: number; timeoutMs?: number } = {},
): Promise<BoardHealth[]> {
  const results: BoardHealth[] = [];
  const queue = sources.boards.filter((b) => b.method === 'bulk' || b.method === 'lookup');
  async function lane() {
    for (let board = queue.shift(); board; board = queue.shift()) {
      const answer = await probe(sources, board.id, timeoutMs);
      const health: BoardHealth = answer.ok
        ? {
            boardId: board.id,
            jurisdiction: board.jurisdiction,
            available: true,
            latencyMs: answer.value.latencyMs,
            error: null,
          }
        : {
            boardId: board.id,
            jurisdiction: board.jurisdiction,
            available: false,
            latencyMs: null,
            error: describeSourceFailure(answer.error),
          };
      if (!health.available) log.warn({ boardId: board.id, error: health.error }, 'license source unavailable');
      await recordSourceHealth(db, {
        ...health,
        latencyMs: health.latencyMs === null ? null : Math.round(health.latencyMs),
      });
      results.push(health);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, lane));
  return results;
}
