import type { Platform } from '../../platform/deps.ts';
import { fillReportNameNorms } from './screening/fill-report-name-norms.ts';

export type ScreeningResult = {
  /** Reports compared with the lists. */
  screened: number;
  /** New matches, confirmed (NPI) or possible (name and state). */
  added: number;
  /** Undecided matches that no longer fit (the report's NPI, name or states changed). */
  removed: number;
};

/**
 * Compares reports (all, or the given ones) with every stored exclusion entry in one statement
 * (docs/exclusions.md, Matching): equal NPIs are a confirmed match; the same first and last name
 * in one of the report's states, where either side has no NPI and the middle names do not
 * disagree, is a possible match a person reviews. Decided matches are never changed here: a
 * dismissed entry stays dismissed. Each report screened is marked LEIE-checked now, once the LEIE
 * has been read at least once (before that it was checked against nothing); and SAM-checked when
 * `samChecked` says SAM's whole list has just been read (the extract), in the same statement, so no
 * report is marked that the screening did not see.
 */
export async function screenExclusions(
  { pool }: Pick<Platform, 'pool'>,
  { reportIds, samChecked = false }: { reportIds: readonly string[] | null; samChecked?: boolean },
): Promise<ScreeningResult> {
  await fillReportNameNorms(pool, reportIds);
  const { rows } = await pool.query<ScreeningResult>(
    `WITH leie AS (
       SELECT EXISTS (SELECT 1 FROM exclusion_ingest_run
                      WHERE source = 'leie' AND file_kind = 'full' AND status IN ('succeeded', 'warned')) AS loaded
     ), r AS MATERIALIZED (
       SELECT report.id, npi, n.first_norm, n.middle_norm, n.last_norm, states
       FROM report JOIN report_name_norm n ON n.report_id = report.id
       WHERE $1::text[] IS NULL OR report.id = ANY($1::text[])
     ), found AS (
       SELECT DISTINCT ON (report_id, exclusion_id) report_id, exclusion_id, basis FROM (
         SELECT r.id AS report_id, e.id AS exclusion_id, 'npi' AS basis
         FROM r JOIN exclusion e ON e.npi = r.npi
         UNION ALL
         SELECT r.id, e.id, 'name'
         FROM r JOIN exclusion e ON e.last_norm = r.last_norm AND e.first_norm = r.first_norm
         WHERE r.first_norm <> '' AND r.last_norm <> ''
           AND (e.npi IS NULL OR r.npi IS NULL)
           AND e.state = ANY(r.states)
           AND (e.middle_norm = '' OR r.middle_norm = '' OR left(e.middle_norm, 1) = left(r.middle_norm, 1))
       ) f
       ORDER BY report_id, exclusion_id, basis DESC
     ), upserted AS (
       INSERT INTO exclusion_match AS m (report_id, exclusion_id, basis, status)
       SELECT report_id, exclusion_id, basis, CASE basis WHEN 'npi' THEN 'confirmed' ELSE 'possible' END FROM found
       ON CONFLICT (report_id, exclusion_id) DO UPDATE SET basis = 'npi', status = 'confirmed'
       WHERE m.basis = 'name' AND excluded.basis = 'npi' AND m.decided_at IS NULL
       RETURNING (xmax = 0) AS inserted
     ), removed AS (
       DELETE FROM exclusion_match m USING r
       WHERE m.report_id = r.id AND m.decided_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM found f WHERE f.report_id = m.report_id AND f.exclusion_id = m.exclusion_id)
       RETURNING 1
     ), checked AS (
       INSERT INTO exclusion_check (report_id, source, checked_at, attempted_at, error)
       SELECT r.id, 'leie', now(), now(), NULL FROM r, leie WHERE leie.loaded
       ON CONFLICT (report_id, source)
         DO UPDATE SET checked_at = excluded.checked_at, attempted_at = excluded.attempted_at, error = NULL
       RETURNING 1
     ), sam_checked AS (
       INSERT INTO exclusion_check (report_id, source, checked_at, attempted_at, error)
       SELECT r.id, 'sam', now(), now(), NULL FROM r WHERE $2::boolean
       ON CONFLICT (report_id, source)
         DO UPDATE SET checked_at = excluded.checked_at, attempted_at = excluded.attempted_at, error = NULL
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM r)::int AS screened,
            (SELECT count(*) FROM upserted WHERE inserted)::int AS added,
            (SELECT count(*) FROM removed)::int AS removed,
            (SELECT count(*) FROM checked)::int AS checked,
            (SELECT count(*) FROM sam_checked)::int AS sam_checked`,
    [reportIds, samChecked],
  );
  const row = rows[0];
  return { screened: row?.screened ?? 0, added: row?.added ?? 0, removed: row?.removed ?? 0 };
}
