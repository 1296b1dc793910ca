import type { ExclusionSource } from '@licensewatch/shared/exclusions';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { utcToday } from '../../reports/recount-reports.ts';
import {
  licenseNeedsAttention,
  selectReportAttention,
  verificationDue,
} from '../../reports/select-report-attention.ts';
import { type AttentionPhysician, attentionInWords } from '../emails/weekly-reminder-email.tsx';

/** A physician (report) with something waiting, and what, as the report's Needs attention counts it. */
export type PhysicianNeedingAttention = {
  workspace_id: string;
  report_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  license_type: string;
  excluded: boolean;
  excluded_sources: ExclusionSource[];
  exclusion_reviews: number;
  /** The tracked licenses whose board status needs attention, by state. */
  licenses: { state: StateCode; status: LicenseStatus }[];
  matches: number;
  verifications_due: number;
};

/**
 * Every physician of `workspaceIds` whose report needs attention (docs/product-rules.md, Needs
 * attention), in one statement however many workspaces — the Monday email reads a batch of
 * recipients at once (bench/weekly-reminders.ts), the roster summary every organisation of a run.
 * The rules are the report list's and the roster's (select-report-attention.ts), over the licenses
 * the report counts (attached, not hidden, with a number), judged on the UTC today as the
 * dashboard's badge is. Per workspace: the excluded first, then by name.
 */
export async function readPhysiciansNeedingAttention(
  db: Db,
  workspaceIds: string[],
  now = new Date(),
): Promise<Map<string, PhysicianNeedingAttention[]>> {
  const byWorkspace = new Map<string, PhysicianNeedingAttention[]>();
  if (workspaceIds.length === 0) return byWorkspace;
  const today = utcToday(now);
  const attention = selectReportAttention();
  const { rows } = await db.execute<PhysicianNeedingAttention>(sql`
    WITH rep AS MATERIALIZED (
      SELECT r.workspace_id, r.id, r.first_name, r.middle_name, r.last_name, r.license_type,
        ${attention.columns}, ${attention.excludedSources} AS excluded_sources
      FROM report r
      ${attention.join}
      WHERE r.workspace_id = ANY(${sql.param(workspaceIds)}::text[])
    )
    SELECT r.workspace_id, r.id AS report_id, r.first_name, r.middle_name, r.last_name, r.license_type,
      r.excluded, r.excluded_sources, r.exclusion_reviews, r.matches,
      coalesce(t.licenses, '[]'::json) AS licenses, coalesce(t.verifications_due, 0) AS verifications_due
    FROM rep r
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('state', l.jurisdiction, 'status', l.status) ORDER BY l.jurisdiction, l.license_number)
          FILTER (WHERE ${licenseNeedsAttention()}) AS licenses,
        (count(*) FILTER (WHERE ${verificationDue(today)}))::int AS verifications_due
      FROM report_license rl JOIN license l ON l.id = rl.license_id
      WHERE rl.report_id = r.id AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL
    ) t ON true
    WHERE r.excluded OR r.exclusion_reviews > 0 OR r.matches > 0 OR t.licenses IS NOT NULL OR t.verifications_due > 0
    ORDER BY r.workspace_id, r.excluded DESC, lower(r.last_name), lower(r.first_name), r.id`);
  for (const row of rows) {
    const list = byWorkspace.get(row.workspace_id) ?? [];
    list.push(row);
    byWorkspace.set(row.workspace_id, list);
  }
  return byWorkspace;
}

/** The emails' "Needs attention" physicians: each with its reasons in words and its report's link. */
export function presentAttention(baseURL: string, rows: PhysicianNeedingAttention[]): AttentionPhysician[] {
  return rows.map((row) => ({
    name: `${[row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ')}, ${row.license_type}`,
    reportUrl: `${baseURL}/reports/${encodeURIComponent(row.report_id)}`,
    reasons: attentionInWords(row),
  }));
}
