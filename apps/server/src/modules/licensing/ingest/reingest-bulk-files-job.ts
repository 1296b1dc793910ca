import type { Platform } from '../../../platform/deps.ts';
import type { LicenseSources } from '../license-sources.ts';
import { enqueueBulkFileIngests } from './enqueue-bulk-file-ingests.ts';

/** The nightly `reingest-bulk-files` job body: bulk files change daily; an unchanged row records nothing. */
export async function reingestBulkFilesJob(
  ctx: Pick<Platform, 'jobs' | 'log'> & { licensing?: LicenseSources },
): Promise<void> {
  const boards = await enqueueBulkFileIngests(ctx);
  ctx.log.info({ boards }, 'reingest-bulk-files: queued an ingest of every board with a bulk file');
}
