import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { enqueueRosterIngests } from './enqueue-roster-ingests.ts';

/** The nightly `reingest-rosters` job body: rosters change daily; an unchanged row records nothing. */
export async function reingestRostersJob(
  ctx: Pick<Platform, 'jobs' | 'log'> & { licensing?: LicenseSources },
): Promise<void> {
  const boards = await enqueueRosterIngests(ctx);
  ctx.log.info({ boards }, 'reingest-rosters: queued an ingest of every roster board');
}
