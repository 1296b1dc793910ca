import type { Profile } from '@licensewatch/shared/profile';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { ALERT_PLANS } from '../alert-plans.ts';

/**
 * The organisations through whose plan alerts reach the user (docs/product-rules.md, Organisations):
 * those they are owner or admin of, on a plan with alerts that has not ended — the same test the
 * roster summary and the status-change, exclusion and verification-due alerts make. By name.
 */
export async function listOrganisationAlerts(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<Profile['organisation_alerts']> {
  const { rows } = await db.execute<Profile['organisation_alerts'][number]>(sql`
    SELECT o.name, p.plan_name AS plan
    FROM organisation_member m
    JOIN organisation o ON o.id = m.organisation_id
    JOIN user_plan p ON p.workspace_id = o.id
    WHERE m.user_id = ${userId} AND m.role IN ('owner', 'admin')
      AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[]) AND p.end_date > ${now.toISOString()}::timestamptz
    ORDER BY lower(o.name), o.id`);
  return rows;
}
