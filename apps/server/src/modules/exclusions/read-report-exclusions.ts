import {
  EXCLUSION_SOURCE_NAMES,
  type ExclusionCheckState,
  type ExclusionMatchBasis,
  type ExclusionMatchStatus,
  type ExclusionSource,
  type ExclusionStatus,
  exclusionTypeLabel,
  type ReportExclusions,
} from '@licensewatch/shared/exclusions';
import type pg from 'pg';

type MatchRow = {
  id: string;
  source: ExclusionSource;
  basis: ExclusionMatchBasis;
  status: ExclusionMatchStatus;
  first_name: string | null;
  middle_name: string | null;
  last_name: string | null;
  business_name: string | null;
  npi: string | null;
  specialty: string | null;
  city: string | null;
  state: string | null;
  excl_type: string;
  excl_date: string | null;
  rein_date: string | null;
  in_force: boolean;
  decided_by: string | null;
  decided_at: Date | null;
};
type CheckRow = { source: ExclusionSource; checked_at: Date | null; failing: boolean };

/**
 * A physician's standing on the exclusion lists for the report page and the search API: the
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
      `SELECT m.report_id, m.id, e.source, m.basis, m.status, e.first_name, e.middle_name, e.last_name,
              e.business_name, e.npi, CASE e.source WHEN 'sam' THEN e.general ELSE e.specialty END AS specialty, e.city, e.state, e.excl_type,
              to_char(e.excl_date, 'YYYY-MM-DD') AS excl_date, to_char(e.rein_date, 'YYYY-MM-DD') AS rein_date,
              (e.listed AND e.rein_date IS NULL) AS in_force, u.name AS decided_by, m.decided_at
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
        name: EXCLUSION_SOURCE_NAMES[source] as 'LEIE' | 'SAM',
        state,
        checked_at: check?.checked_at?.toISOString() ?? null,
      };
    };
    const sources = [sourceCheck('leie'), sourceCheck('sam')];
    const rows = matches.rows.filter((m) => m.report_id === id);
    let status: ExclusionStatus = 'not_excluded';
    if (rows.some((m) => m.status === 'confirmed' && m.in_force)) status = 'excluded';
    else if (rows.some((m) => m.status === 'possible' && m.in_force)) status = 'possible_match';
    else if (sources.every((s) => s.checked_at === null)) status = 'not_checked';
    result.set(id, {
      status,
      sources,
      matches: rows.map((m) => ({
        id: m.id,
        source: EXCLUSION_SOURCE_NAMES[m.source] as 'LEIE' | 'SAM',
        basis: m.basis,
        status: m.status,
        name: m.business_name ?? [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(' '),
        npi: m.npi,
        specialty: m.specialty,
        city: m.city,
        state: m.state,
        excluded_on: m.excl_date,
        reinstated_on: m.rein_date,
        type: m.excl_type,
        type_label: exclusionTypeLabel(m.excl_type),
        decided_by: m.decided_by,
        decided_at: m.decided_at?.toISOString() ?? null,
      })),
    });
  }
  return result;
}
