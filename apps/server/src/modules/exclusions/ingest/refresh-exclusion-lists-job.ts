import type { Platform } from '../../../platform/deps.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';
import { markInterruptedExclusionRuns } from './mark-interrupted-exclusion-runs.ts';
import { refreshExclusionLists } from './refresh-exclusion-lists.ts';

/**
 * The `refresh-exclusions` job: a failure throws, so pg-boss retries it (queues.ts); a run a killed
 * worker left 'running' is closed first. New matches and reinstatements are told by the
 * exclusion-alerts job, sent here.
 */
export async function refreshExclusionListsJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'jobs'> & { exclusions?: ExclusionSources | undefined },
): Promise<void> {
  await markInterruptedExclusionRuns(ctx);
  const refreshed = await refreshExclusionLists(ctx);
  if (refreshed) await ctx.jobs.send('exclusionAlerts', {});
}
