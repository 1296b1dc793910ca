import type { Platform } from '../../../platform/deps.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';

/**
 * On a database that has never read an exclusion list (a fresh embedded demo), queue the first
 * refresh now rather than at the weekly schedule, so reports show their exclusion check at once.
 */
export async function enqueueFirstExclusionRefresh(
  ctx: Pick<Platform, 'pool' | 'jobs' | 'log'> & { exclusions?: ExclusionSources | undefined },
): Promise<boolean> {
  if (!ctx.exclusions) return false;
  const { rows } = await ctx.pool.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM exclusion_ingest_run) AS any');
  if (rows[0]?.any) return false;
  if ((await ctx.jobs.pending('refreshExclusions')) > 0) return false;
  await ctx.jobs.send('refreshExclusions', {});
  ctx.log.info('no exclusion list read yet: queued the first refresh');
  return true;
}
