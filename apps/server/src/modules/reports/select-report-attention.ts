import { MANUAL_VERIFICATION_VALID_DAYS } from '@licensewatch/shared/license-sources';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What waits about each physician besides their licenses' statuses (docs/product-rules.md, Needs
 * attention), over a report aliased `r`: `excluded`, `exclusion_reviews`, `matches` and
 * `verifications_due` as columns, and the join they need. The report list and the roster read
 * the same words, so a badge and a filter never disagree. Every read is by report id.
 */
export function selectReportAttention(today: string): { columns: SQL; join: SQL } {
  return {
    columns: sql`coalesce(x.excluded, false) AS excluded, coalesce(x.exclusion_reviews, 0) AS exclusion_reviews,
      (SELECT count(*) FROM report_candidate c WHERE c.report_id = r.id AND c.status = 'open')::int AS matches,
      -- As the report's states judge it (list-report-states.ts): each tracked license read by hand, by its newest check.
      (SELECT count(*) FROM report_license rl JOIN license l ON l.id = rl.license_id
        WHERE rl.report_id = r.id AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL AND l.source_kind = 'manual'
          AND (SELECT max(v.checked_on) FROM manual_verification v WHERE v.license_id = l.id)
            <= ${today}::date - ${MANUAL_VERIFICATION_VALID_DAYS}::int)::int AS verifications_due`,
    // The lists' matches on exclusions in force: one confirmed is the physician excluded, on however many lists.
    join: sql`LEFT JOIN LATERAL (
      SELECT bool_or(m.status = 'confirmed') AS excluded, (count(*) FILTER (WHERE m.status = 'possible'))::int AS exclusion_reviews
      FROM exclusion_match m JOIN exclusion e ON e.id = m.exclusion_id
      WHERE m.report_id = r.id AND m.status <> 'dismissed' AND e.listed AND e.rein_date IS NULL
    ) x ON true`,
  };
}
