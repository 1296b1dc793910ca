import type { Platform } from '../../../platform/deps.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';
import { refreshExclusionLists } from './refresh-exclusion-lists.ts';

/** The `refresh-exclusions` job: a failure throws, so pg-boss retries it (queues.ts). */
export async function refreshExclusionListsJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { exclusions?: ExclusionSources | undefined },
): Promise<void> {
  await refreshExclusionLists(ctx);
}
