import type { Platform } from '../../../platform/deps.ts';
import { HttpClient, type HttpDeps, type HttpPolicy } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';
import { type ExclusionIngestResult, ingestExclusionFile } from '../ingest/ingest-exclusion-file.ts';
import { type ScreeningResult, screenExclusions } from '../screen-exclusions.ts';
import { exclusionIngestRun } from '../tables.ts';
import { downloadSamExtract, SAM_EXTRACT_POLLING, type SamExtractPolling } from './download-sam-extract.ts';
import { readSamExtract } from './read-sam-extract.ts';
import { requestSamExtract } from './request-sam-extract.ts';
import { spendSamRequest } from './spend-sam-request.ts';

// A file of some 100k rows: a generous stall timeout. No retry: each one would be a request of the
// day's budget that spend-sam-request.ts never saw.
const EXTRACT_POLICY: HttpPolicy = { timeoutMs: 120_000, retries: 0, backoffMs: 1_000, concurrency: 1 };

export type SamExtractRefresh =
  | { ok: true; ingest: ExclusionIngestResult; screening: ScreeningResult }
  | { ok: false; error: string };

/**
 * SAM.gov's whole list of individuals with an exclusion in force, read through the Exclusions API's
 * extract (`format=csv`, docs/exclusions.md), so every report is screened against SAM without a
 * per-name request: the file is asked for, downloaded once generated, and merged into the exclusion
 * table as SAM entries of the same shape a physician's search stores (records gone from it are
 * delisted, with the same safeguards as the LEIE's full file); then every report is screened in one
 * statement and marked SAM-checked. Every request is taken from the day's request budget.
 *
 * A failure does not throw: it is recorded as a failed run (`exclusion_ingest_run`, source 'sam')
 * and returned, the reports keep their last SAM check, and the next refresh tries again. Null when
 * SAM is not configured.
 */
export async function refreshSamExtract(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { exclusions?: ExclusionSources | undefined },
  { http, polling = SAM_EXTRACT_POLLING }: { http?: HttpDeps; polling?: SamExtractPolling } = {},
): Promise<SamExtractRefresh | null> {
  const sam = ctx.exclusions?.sam;
  if (!sam) return null;
  const client = new HttpClient('sam-extract', EXTRACT_POLICY, http);
  const config = { ...sam, spend: () => spendSamRequest(ctx.pool, sam.dailyRequests) };

  let file: Awaited<ReturnType<typeof downloadSamExtract>>;
  try {
    const token = await requestSamExtract(client, config);
    file = await downloadSamExtract(client, config, token, polling);
  } catch (err) {
    if (!(err instanceof SourceError)) throw err;
    // Nothing was read: the run says why, as a failed read of the file would.
    await ctx.db
      .insert(exclusionIngestRun)
      .values({ source: 'sam', fileKind: 'full', status: 'failed', error: err.message, finishedAt: new Date() });
    ctx.log.warn({ error: err.message }, 'SAM.gov exclusions extract not read; tried again next refresh');
    return { ok: false, error: err.message };
  }

  let ingest: ExclusionIngestResult;
  try {
    const today = new Date().toISOString().slice(0, 10);
    ingest = await ingestExclusionFile(ctx, {
      source: 'sam',
      file: { kind: 'full', period: null },
      items: readSamExtract(file.body, { today }),
    });
  } catch (err) {
    // ingestExclusionFile has recorded the failed run and changed nothing.
    if (!(err instanceof SourceError)) throw err;
    ctx.log.warn({ error: err.message }, 'SAM.gov exclusions extract not read; tried again next refresh');
    return { ok: false, error: err.message };
  } finally {
    file.close();
  }
  const screening = await screenExclusions(ctx, { reportIds: null, samChecked: true });
  ctx.log.info({ rows: ingest.rowsRead, ...screening }, 'SAM.gov exclusions extract read and reports screened');
  return { ok: true, ingest, screening };
}
