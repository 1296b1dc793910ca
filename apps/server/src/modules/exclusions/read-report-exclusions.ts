import {
  EXCLUSION_SOURCE_NAMES,
  type ExclusionCheckState,
  type ExclusionSource,
  type ReportExclusions,
} from '@licensewatch/shared/exclusions';
import type pg from 'pg';
import { entryColumns, exclusionStanding, type MatchRow, presentExclusionMatch } from './present-exclusion-match.ts';

type CheckRow = { source: ExclusionSource; checked_at: Date | null; failing: boolean };

/**
 * A physician's standing on the exclusion lists for the report page and its verification: the
 * matches with their evidence, and each source's last check — stale when the source's last
 * attempt failed after it, not configured when there is no SAM key, never "clear" unchecked.
 */
export async function readReportExclusions(
  pool: pg.Pool,
  reportIds: readonly string[],
  { samConfigured }: { samConfigured: boolean },
): Promise<Map<string, ReportExclusions>> {
  const [matches, checks] = await Promise.all([
    pool.query<MatchRow & { report_id: string }>(
      `SELECT m.report_id, m.id, m.basis, m.status, ${entryColumns('e')}, u.name AS decided_by, m.decided_at
       FROM exclusion_match m
       JOIN exclusion e ON e.id = m.exclusion_id
       LEFT JOIN "user" u ON u.id = m.decided_by
       WHERE m.report_id = ANY($1::text[])
       ORDER BY (m.status = 'dismissed'), e.excl_date DESC NULLS LAST, m.id`,
      [reportIds],
    ),
    pool.query<CheckRow & { report_id: string }>(
      `SELECT c.report_id, c.source, c.checked_at,
              (c.error IS NOT NULL AND (c.checked_at IS NULL OR c.attempted_at > c.checked_at)
               OR (c.source = 'leie' AND EXISTS (
                 SELECT 1 FROM exclusion_ingest_run f
                 WHERE f.source = 'leie' AND f.file_kind = 'full' AND f.status = 'failed'
                   AND f.started_at > c.checked_at
                   AND NOT EXISTS (SELECT 1 FROM exclusion_ingest_run ok
                                   WHERE ok.source = 'leie' AND ok.file_kind = 'full'
                                     AND ok.status IN ('succeeded', 'warned') AND ok.started_at > f.started_at)))) AS failing
       FROM exclusion_check c WHERE c.report_id = ANY($1::text[])`,
      [reportIds],
    ),
  ]);
  const result = new Map<string, ReportExclusions>();
  for (const id of reportIds) {
    const own = checks.rows.filter((c) => c.report_id === id);
    const sourceCheck = (source: ExclusionSource) => {
      const check = own.find((c) => c.source === source);
      let state: ExclusionCheckState = 'never';
      if (source === 'sam' && !samConfigured) state = 'not_configured';
      else if (check?.failing) state = 'stale';
      else if (check?.checked_at) state = 'checked';
      return {
        name: EXCLUSION_SOURCE_NAMES[source],
        state,
        checked_at: check?.checked_at?.toISOString() ?? null,
      };
    };
    const sources = [sourceCheck('leie'), sourceCheck('sam')];
    const rows = matches.rows.filter((m) => m.report_id === id);
    const unchecked = sources.every((s) => s.checked_at === null);
    result.set(id, {
      status: exclusionStanding(rows, unchecked ? 'not_checked' : 'not_excluded'),
      sources,
      matches: rows.map(presentExclusionMatch),
    });
  }
  return result;
}
