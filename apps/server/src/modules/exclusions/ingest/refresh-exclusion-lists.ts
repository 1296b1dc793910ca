import type { Platform } from '../../../platform/deps.ts';
import { HttpClient, type HttpDeps, type HttpPolicy } from '../../licensing/sources/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import type { ExclusionSources } from '../exclusion-sources.ts';
import { readLeieFile } from '../leie/read-leie-file.ts';
import { type ScreeningResult, screenExclusions } from '../screening/screen-exclusions.ts';
import { type ExclusionFile, type ExclusionIngestResult, ingestExclusionFile } from './ingest-exclusion-file.ts';

// The full file is some 15 MB: a generous timeout per stall, a few polite retries.
const LEIE_POLICY: HttpPolicy = { timeoutMs: 60_000, retries: 2, backoffMs: 2_000, concurrency: 1 };
/** Supplements looked for: the OIG keeps a year of them. */
const SUPPLEMENT_MONTHS = 12;

export type ExclusionRefresh = {
  full: ExclusionIngestResult;
  supplements: (ExclusionIngestResult & ExclusionFile)[];
  screening: ScreeningResult;
};

/** The supplements of the `months` months up to `now`'s, oldest first. */
export function supplementFiles(now: Date, months = SUPPLEMENT_MONTHS): (ExclusionFile & { path: string })[] {
  const files: (ExclusionFile & { path: string })[] = [];
  for (let back = months - 1; back >= 0; back--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    const yyyy = String(month.getUTCFullYear());
    const mm = String(month.getUTCMonth() + 1).padStart(2, '0');
    const period = `${yyyy}-${mm}`;
    const yymm = `${yyyy.slice(2)}${mm}`;
    files.push({ kind: 'exclusions', period, path: `${yyyy}/${yymm}EXCL.csv` });
    files.push({ kind: 'reinstatements', period, path: `${yyyy}/${yymm}REIN.csv` });
  }
  return files;
}

/**
 * The monthly refresh: the LEIE full file (new entries, and entries gone from it), then each
 * supplement of the last year not read yet (a month not published yet answers 404 and is tried
 * again next time), then every report screened against the result. A failed full file fails
 * the refresh (the job retries; reports keep their last check, shown as stale).
 */
export async function refreshExclusionLists(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { exclusions?: ExclusionSources | undefined },
  { now = new Date(), http }: { now?: Date; http?: HttpDeps } = {},
): Promise<ExclusionRefresh | null> {
  const sources = ctx.exclusions;
  if (!sources) return null;
  const client = new HttpClient('leie', LEIE_POLICY, http);
  const download = async (path: string) => {
    const opened = await client.stream(`${sources.leie.baseUrl}/${path}`);
    return opened.ok ? { ok: true as const, stream: opened.value } : { ok: false as const, error: opened.error };
  };
  const ingest = async (file: ExclusionFile, path: string) => {
    const opened = await download(path);
    if (!opened.ok) return opened;
    try {
      return {
        ok: true as const,
        result: await ingestExclusionFile(ctx, { file, items: readLeieFile(opened.stream.body) }),
      };
    } finally {
      opened.stream.close();
    }
  };

  const fullFile = await ingest({ kind: 'full', period: null }, 'UPDATED.csv');
  if (!fullFile.ok) throw new SourceError(fullFile.error);

  const { rows: done } = await ctx.pool.query<{ file_kind: string; period: string }>(
    `SELECT DISTINCT file_kind, period FROM exclusion_ingest_run
     WHERE source = 'leie' AND period IS NOT NULL AND status IN ('succeeded', 'warned')`,
  );
  const read = new Set(done.map((r) => `${r.file_kind}:${r.period}`));
  const supplements: ExclusionRefresh['supplements'] = [];
  for (const file of supplementFiles(now)) {
    if (read.has(`${file.kind}:${file.period}`)) continue;
    const outcome = await ingest(file, file.path);
    if (outcome.ok) supplements.push({ ...outcome.result, kind: file.kind, period: file.period });
    else if (outcome.error.status !== 404)
      ctx.log.warn(
        { file: file.path, error: outcome.error.message },
        'LEIE supplement not read; tried again next refresh',
      );
  }
  const screening = await screenExclusions(ctx, { reportIds: null });
  ctx.log.info(
    { full: fullFile.result.rowsRead, supplements: supplements.length, ...screening },
    'exclusion lists refreshed and reports screened',
  );
  return { full: fullFile.result, supplements, screening };
}
