import type { ExclusionSource } from '@licensewatch/shared/exclusions';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { appendComplianceEntries, type ComplianceCheck } from '../compliance/append-compliance-entries.ts';
import { fillReportNameNorms } from './screening/fill-report-name-norms.ts';

/** The lists as the compliance ledger names them, and where a person reads them. */
const LISTS: Record<ExclusionSource, { name: string; url: string }> = {
  leie: { name: 'OIG LEIE', url: 'https://oig.hhs.gov/exclusions/' },
  sam: { name: 'SAM.gov', url: 'https://sam.gov/' },
};

type ScreenedRow = {
  report_id: string;
  workspace_id: string;
  subject: string;
  leie_checked: boolean;
  sam_checked: boolean;
  leie_matches: number;
  sam_matches: number;
  checked_at: Date;
};

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
 * `samChecked` says SAM has just been read for them (its whole extract, or each physician's answer:
 * check-sam-exclusions.ts), in the same statement, so no report is marked that the screening did not
 * see. Each list a report is marked checked against is also an entry in its workspace's compliance
 * ledger (ADR 040), in the same transaction: whether the list matched the physician — save the lists
 * `ledgerLists` leaves out (the SAM check's screening repeats the LEIE's of a moment before).
 */
export async function screenExclusions(
  ctx: Pick<Platform, 'pool' | 'db'>,
  {
    reportIds,
    samChecked = false,
    ledgerLists = ['leie', 'sam'],
  }: { reportIds: readonly string[] | null; samChecked?: boolean; ledgerLists?: readonly ExclusionSource[] },
): Promise<ScreeningResult> {
  await fillReportNameNorms(ctx.pool, reportIds);
  const ids = sql.param(reportIds === null ? null : [...reportIds]);
  return ctx.db.transaction(async (tx) => {
    // One row per report screened, each carrying the statement's counts (all zero when none was).
    const { rows } = await tx.execute<ScreenedRow & ScreeningResult>(sql`
    WITH leie AS (
       SELECT EXISTS (SELECT 1 FROM exclusion_ingest_run
                      WHERE source = 'leie' AND file_kind = 'full' AND status IN ('succeeded', 'warned')) AS loaded
     ), r AS MATERIALIZED (
       SELECT report.id, report.workspace_id, npi, n.first_norm, n.middle_norm, n.last_norm, states,
         concat_ws(' ', report.first_name, nullif(report.middle_name, ''), report.last_name) AS subject
       FROM report JOIN report_name_norm n ON n.report_id = report.id
       WHERE ${ids}::text[] IS NULL OR report.id = ANY(${ids}::text[])
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
       SELECT r.id, 'sam', now(), now(), NULL FROM r WHERE ${samChecked}::boolean
       ON CONFLICT (report_id, source)
         DO UPDATE SET checked_at = excluded.checked_at, attempted_at = excluded.attempted_at, error = NULL
       RETURNING 1
     ), matched AS (
       SELECT f.report_id, count(*) FILTER (WHERE e.source = 'leie')::int AS leie,
         count(*) FILTER (WHERE e.source = 'sam')::int AS sam
       FROM found f JOIN exclusion e ON e.id = f.exclusion_id
       GROUP BY f.report_id
     )
     SELECT r.id AS report_id, r.workspace_id, r.subject, leie.loaded AS leie_checked,
            ${samChecked}::boolean AS sam_checked, coalesce(m.leie, 0) AS leie_matches,
            coalesce(m.sam, 0) AS sam_matches, now() AS checked_at,
            (SELECT count(*) FROM r)::int AS screened,
            (SELECT count(*) FROM upserted WHERE inserted)::int AS added,
            (SELECT count(*) FROM removed)::int AS removed,
            (SELECT count(*) FROM checked)::int AS leie_marked,
            (SELECT count(*) FROM sam_checked)::int AS sam_marked
     FROM r CROSS JOIN leie LEFT JOIN matched m ON m.report_id = r.id
     ORDER BY r.workspace_id, r.id`);
    const checks: ComplianceCheck[] = [];
    for (const row of rows) {
      for (const list of ledgerLists) {
        if (!(list === 'leie' ? row.leie_checked : row.sam_checked)) continue;
        const matches = list === 'leie' ? row.leie_matches : row.sam_matches;
        checks.push({
          workspaceId: row.workspace_id,
          reportId: row.report_id,
          subject: row.subject,
          kind: 'exclusion',
          state: null,
          licenseNumber: null,
          source: LISTS[list].name,
          sourceUrl: LISTS[list].url,
          method: 'list',
          result: { matched: matches > 0, matches },
          evidenceSha256: null,
          checkedAt: new Date(row.checked_at),
        });
      }
    }
    await appendComplianceEntries(tx, checks);
    const first = rows[0];
    return { screened: first?.screened ?? 0, added: first?.added ?? 0, removed: first?.removed ?? 0 };
  });
}
