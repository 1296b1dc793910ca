import type { Platform } from '../../platform/deps.ts';
import { HttpClient, type HttpDeps, type HttpPolicy } from '../licensing/http-client.ts';
import { SourceError } from '../licensing/types.ts';
import type { ExclusionSources } from './exclusion-sources.ts';
import type { StagedExclusion } from './ingest/merge-exclusion-rows.ts';
import { samStoredEntry } from './sam/sam-records.ts';
import { type SamExclusionRecord, searchSamExclusions } from './sam/search-sam-exclusions.ts';
import { spendSamRequest } from './sam/spend-sam-request.ts';
import { screenExclusions } from './screen-exclusions.ts';

// SAM's quota is per day and small: no retry spends it on a failing call (a failed check stays stale
// until the next one), one request at a time.
const SAM_POLICY: HttpPolicy = { timeoutMs: 15_000, retries: 0, backoffMs: 1_000, concurrency: 1 };

export type SamCheckResult = { checked: number; failed: number; skipped: number };

type ReportRow = { id: string; first_name: string; last_name: string; npi: string | null };

/**
 * SAM.gov's exclusions for each report not checked today (UTC), by name and NPI: the records found
 * are stored as exclusion entries (source 'sam') and the reports screened against them, so they
 * match as LEIE entries do. Cached per physician per day. Every request is taken from the day's
 * request budget first (spend-sam-request.ts); once it is spent nothing more is asked today. A
 * failure, a spent budget included, keeps the last success and records the error, so the check
 * shows as stale, never as clear. Without a SAM key nothing is asked and the check shows as not
 * configured. `limit` caps the reports looked at; the budget is what bounds the requests.
 */
export async function checkSamExclusions(
  ctx: Pick<Platform, 'db' | 'pool' | 'log'> & { exclusions?: ExclusionSources | undefined },
  { reportIds, limit = 1_000, http }: { reportIds: readonly string[] | null; limit?: number; http?: HttpDeps },
): Promise<SamCheckResult> {
  const sam = ctx.exclusions?.sam;
  if (!sam) return { checked: 0, failed: 0, skipped: 0 };
  const { rows: due } = await ctx.pool.query<ReportRow>(
    `SELECT r.id, r.first_name, r.last_name, r.npi FROM report r
     LEFT JOIN exclusion_check c ON c.report_id = r.id AND c.source = 'sam'
     WHERE ($1::text[] IS NULL OR r.id = ANY($1::text[]))
       AND (c.attempted_at IS NULL
            OR c.attempted_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
            -- A failed check is tried again within the day, not more than hourly.
            OR (c.error IS NOT NULL AND c.attempted_at < now() - interval '1 hour'))
     ORDER BY c.attempted_at NULLS FIRST, r.id
     LIMIT $2`,
    [reportIds, limit],
  );
  const client = new HttpClient('sam', SAM_POLICY, http);
  const config = { ...sam, spend: () => spendSamRequest(ctx.pool, sam.dailyRequests) };
  const result: SamCheckResult = { checked: 0, failed: 0, skipped: 0 };
  const screened: string[] = [];
  for (const report of due) {
    try {
      const records = await searchSamExclusions(client, config, {
        firstName: report.first_name,
        lastName: report.last_name,
        npi: report.npi,
      });
      await storeSamRecords(ctx, report.id, records);
      screened.push(report.id);
      result.checked++;
    } catch (err) {
      if (!(err instanceof SourceError)) throw err;
      result.failed++;
      await ctx.pool.query(
        `INSERT INTO exclusion_check (report_id, source, checked_at, attempted_at, error)
         VALUES ($1, 'sam', NULL, now(), $2)
         ON CONFLICT (report_id, source) DO UPDATE SET attempted_at = now(), error = excluded.error`,
        [report.id, err.message],
      );
      ctx.log.warn({ reportId: report.id, error: err.message }, 'SAM.gov exclusion check failed; shown as stale');
      // The key is refused, or SAM's quota or our budget spent: every other call today would fail the
      // same way. The physicians left keep their last check (with its date) and are first in line tomorrow.
      if (err.failure.kind === 'rate-limited' || err.failure.kind === 'unsupported') {
        result.skipped = due.length - result.checked - result.failed;
        if (result.skipped > 0)
          ctx.log.warn({ skipped: result.skipped, error: err.message }, 'SAM.gov checks left for another day');
        break;
      }
    }
  }
  // Marked SAM-checked by the screening itself, in its statement: a reader never sees "SAM checked"
  // before its matches. Its LEIE part repeats the report's own LEIE screening: the ledger records SAM's.
  if (screened.length > 0) await screenExclusions(ctx, { reportIds: screened, samChecked: true, ledgerLists: ['sam'] });
  return result;
}

/** One report's SAM answer: its records upserted, and the ones it no longer returns taken off the list. */
async function storeSamRecords(
  { pool }: Pick<Platform, 'pool'>,
  reportId: string,
  records: SamExclusionRecord[],
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  // The same stored shape as the bulk extract's (sam-records.ts), so both match alike.
  const entries = records.map((r) => samStoredEntry(r, today));
  const col = <T>(pick: (e: StagedExclusion) => T) => entries.map(pick);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `WITH s AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::text[], $9::text[], $10::date[], $11::date[], $12::text[], $13::text[], $14::text[])
           AS s(entry_key, first_name, middle_name, last_name, business_name, npi, agency, city, state,
                excl_date, rein_date, excl_type, first_norm, last_norm)
       ), up AS (
         INSERT INTO exclusion AS e (source, entry_key, first_name, middle_name, last_name, business_name, npi, general,
                                     city, state, excl_date, rein_date, excl_type, first_norm, middle_norm, last_norm, listed)
         SELECT 'sam', entry_key, first_name, middle_name, last_name, business_name, npi, agency, city, state,
                excl_date, rein_date, excl_type, first_norm, '', last_norm, true FROM s
         ON CONFLICT (source, entry_key) DO UPDATE SET
           npi = excluded.npi, general = excluded.general, city = excluded.city, state = excluded.state,
           rein_date = excluded.rein_date, excl_type = excluded.excl_type, listed = true, last_seen_at = now()
         RETURNING e.id, (xmax = 0) AS inserted
       ), added AS (
         INSERT INTO exclusion_event (exclusion_id, kind) SELECT id, 'added' FROM up WHERE inserted RETURNING 1
       ), gone AS (
         UPDATE exclusion e SET listed = false
         FROM exclusion_match m
         WHERE m.report_id = $15 AND m.exclusion_id = e.id AND e.source = 'sam' AND e.listed
           AND e.entry_key <> ALL($1::text[])
         RETURNING e.id
       )
       INSERT INTO exclusion_event (exclusion_id, kind) SELECT id, 'delisted' FROM gone`,
      [
        col((e) => e.entryKey),
        col((e) => e.firstName),
        col((e) => e.middleName),
        col((e) => e.lastName),
        col((e) => e.businessName),
        col((e) => e.npi),
        col((e) => e.general),
        col((e) => e.city),
        col((e) => e.state),
        col((e) => e.exclDate),
        col((e) => e.reinDate),
        col((e) => e.exclType),
        col((e) => e.firstNorm),
        col((e) => e.lastNorm),
        reportId,
      ],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
