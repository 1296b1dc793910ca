import { MANUAL_VERIFICATION_VALID_DAYS } from '@licensewatch/shared/license-sources';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What waits about each physician besides their licenses (docs/product-rules.md, Needs
 * attention), over a report aliased `r`: `excluded`, `exclusion_reviews` and `matches` as
 * columns, and the join they need. The report list and the roster read the same words, so a
 * badge and a filter never disagree. Every read is by report id.
 */
export function selectReportAttention(): { columns: SQL; join: SQL; excludedSources: SQL } {
  return {
    columns: sql`coalesce(x.excluded, false) AS excluded, coalesce(x.exclusion_reviews, 0) AS exclusion_reviews,
      (SELECT count(*) FROM report_candidate c WHERE c.report_id = r.id AND c.status = 'open')::int AS matches`,
    // The lists' matches on exclusions in force: one confirmed is the physician excluded, on however many lists.
    join: sql`LEFT JOIN LATERAL (
      SELECT bool_or(m.status = 'confirmed') AS excluded, (count(*) FILTER (WHERE m.status = 'possible'))::int AS exclusion_reviews,
        array_agg(DISTINCT e.source ORDER BY e.source) FILTER (WHERE m.status = 'confirmed') AS excluded_sources
      FROM exclusion_match m JOIN exclusion e ON e.id = m.exclusion_id
      WHERE m.report_id = r.id AND m.status <> 'dismissed' AND e.listed AND e.rein_date IS NULL
    ) x ON true`,
    // Which lists exclude the physician ('leie', 'sam'), for words that name them (the Monday email).
    excludedSources: sql`coalesce(x.excluded_sources, '{}'::text[])`,
  };
}

/**
 * Whether a license counts as needing attention, over a license aliased `l`: a board status neither
 * active nor expired (suspended, revoked, probation, unknown…), as licenseStanding judges it.
 */
export function licenseNeedsAttention(): SQL {
  return sql`l.status NOT IN ('active', 'expired')`;
}

/**
 * Whether a tracked license read by hand is due to be verified again, over a license aliased `l`
 * (its id and source_kind), as the report's states judge it (list-report-states.ts): by its
 * newest check. The CASE keeps the look-up to licenses read by hand.
 */
export function verificationDue(today: string): SQL {
  return sql`CASE WHEN l.source_kind = 'manual' THEN coalesce(
      (SELECT max(v.checked_on) FROM manual_verification v WHERE v.license_id = l.id)
        <= ${today}::date - ${MANUAL_VERIFICATION_VALID_DAYS}::int, false)
    ELSE false END`;
}
