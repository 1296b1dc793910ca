import type { Platform } from '../../../platform/deps.ts';
import { type ByteStream, HttpClient, type HttpDeps, type HttpPolicy } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';
import { type LeieSupplement, openLeieSupplement } from '../leie/open-leie-supplement.ts';
import { readLeieFile } from '../leie/read-leie-file.ts';
import type { SamExtractPolling } from '../sam/download-sam-extract.ts';
import { refreshSamExtract, type SamExtractRefresh } from '../sam/refresh-sam-extract.ts';
import { type ScreeningResult, screenExclusions } from '../screen-exclusions.ts';
import { type ExclusionFile, type ExclusionIngestResult, ingestExclusionFile } from './ingest-exclusion-file.ts';

// The full file is some 15 MB: a generous timeout per stall, a few polite retries.
const LEIE_POLICY: HttpPolicy = { timeoutMs: 60_000, retries: 2, backoffMs: 2_000, concurrency: 1 };
/** Supplements looked for: the OIG keeps a year of them. */
const SUPPLEMENT_MONTHS = 12;

export type ExclusionRefresh = {
  full: ExclusionIngestResult;
  supplements: (ExclusionIngestResult & ExclusionFile)[];
  screening: ScreeningResult;
  /** SAM.gov's extract, read after the LEIE's screening; null when SAM is not configured. */
  sam: SamExtractRefresh | null;
};

/** The supplements of the `months` months up to `now`'s, oldest first (their names: open-leie-supplement.ts). */
export function supplementFiles(now: Date, months = SUPPLEMENT_MONTHS): LeieSupplement[] {
  const files: LeieSupplement[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const period = `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
    files.push({ kind: 'exclusions', period }, { kind: 'reinstatements', period });
  }
  return files;
}

/**
 * The weekly refresh: the LEIE full file (new entries, and entries gone from it), then each
 * supplement of the last year not read yet (a month whose name answers 404 in both spellings is not
 * published yet and is tried again next time), then every report screened against the result; then,
 * when SAM is configured, SAM.gov's extract read and every report screened again
 * (refresh-sam-extract.ts). A failed full file fails the refresh (the job retries; reports keep their
 * last check, shown as stale).
 */
export async function refreshExclusionLists(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { exclusions?: ExclusionSources | undefined },
  { now = new Date(), http, samPolling }: { now?: Date; http?: HttpDeps; samPolling?: SamExtractPolling } = {},
): Promise<ExclusionRefresh | null> {
  const sources = ctx.exclusions;
  if (!sources) return null;
  const client = new HttpClient('leie', LEIE_POLICY, http);
  const ingest = async (file: ExclusionFile, stream: ByteStream) => {
    try {
      return await ingestExclusionFile(ctx, { file, items: readLeieFile(stream.body) });
    } finally {
      stream.close();
    }
  };

  const opened = await client.stream(`${sources.leie.baseUrl}/UPDATED.csv`);
  if (!opened.ok) throw new SourceError(opened.error);
  const fullFile = await ingest({ kind: 'full', period: null }, opened.value);

  const { rows: done } = await ctx.pool.query<{ file_kind: string; period: string }>(
    `SELECT DISTINCT file_kind, period FROM exclusion_ingest_run
     WHERE source = 'leie' AND period IS NOT NULL AND status IN ('succeeded', 'warned')`,
  );
  const read = new Set(done.map((r) => `${r.file_kind}:${r.period}`));
  const supplements: ExclusionRefresh['supplements'] = [];
  for (const file of supplementFiles(now)) {
    if (read.has(`${file.kind}:${file.period}`)) continue;
    const supplement = await openLeieSupplement(client, sources.leie.baseUrl, file);
    // Both spellings answered 404: not published yet, asked again next refresh.
    if (!supplement.ok && 'notPublished' in supplement) continue;
    if (!supplement.ok) {
      ctx.log.warn({ file, error: supplement.error.message }, 'LEIE supplement not read; tried again next refresh');
      continue;
    }
    supplements.push({ ...(await ingest(file, supplement.stream)), ...file });
  }
  const screening = await screenExclusions(ctx, { reportIds: null });
  ctx.log.info(
    { full: fullFile.rowsRead, supplements: supplements.length, ...screening },
    'exclusion lists refreshed and reports screened',
  );
  // After the LEIE's screening, so reports show it while SAM generates its file (minutes); a failed
  // extract is recorded on its run and does not fail the LEIE's refresh.
  const sam = await refreshSamExtract(ctx, {
    ...(http ? { http } : {}),
    ...(samPolling ? { polling: samPolling } : {}),
  });
  return { full: fullFile, supplements, screening, sam };
}
