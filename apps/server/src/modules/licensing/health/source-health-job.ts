import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { type BoardHealth, checkSourceHealth } from './check-source-health.ts';
import { listIngestWarnings } from './list-ingest-warnings.ts';

/** The `source-health` job body (every 5 minutes, or `npm run cli -- jobs:run source-health`). */
export async function sourceHealthJob(
  ctx: Pick<Platform, 'db' | 'log'> & { licensing?: LicenseSources },
): Promise<BoardHealth[]> {
  if (!ctx.licensing) {
    ctx.log.info('source-health: no license sources configured, nothing to check');
    return [];
  }
  const results = await checkSourceHealth(ctx, ctx.licensing);
  ctx.log.info(
    { checked: results.length, unavailable: results.filter((r) => !r.available).map((r) => r.boardId) },
    'source-health: boards checked',
  );
  // Reachable is not the whole story: a board whose last bulk file held unknown wording is logged every check.
  for (const w of await listIngestWarnings(ctx.db))
    ctx.log.warn(
      { boardId: w.boardId, status: w.status, unknownValues: w.unknownValues },
      'source-health: last ingest met unknown board wording',
    );
  return results;
}
