import type { RosterRefreshResponse } from '@licensewatch/shared/roster';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';

/**
 * Checks the boards again now for the reports the selected roster rows belong to, each report once:
 * it queues the one-report refresh (update/refresh-report-job.ts — what the daily refresh does for
 * one report: tracked licenses re-checked at their boards, unavailable states searched again, the
 * physician re-matched; no credit is spent, as the daily refresh spends none). A report whose update
 * is still running (as its update status judges it), or whose refresh is already waiting, is left
 * to it and answered `already_updating`. Rows that are not on the workspace's roster answer as
 * missing, whoever's they are. The plan's expiry is checked by the caller, as for every report change.
 */
export async function refreshRosterReports(
  ctx: Pick<Platform, 'db' | 'jobs'>,
  workspaceId: string,
  ids: string[],
): Promise<RosterRefreshResponse> {
  const unique = [...new Set(ids)];
  const { rows } = await ctx.db.execute<{ id: string; report_id: string; physician: string; updating: boolean }>(sql`
    SELECT rl.id, r.id AS report_id, concat_ws(' ', r.first_name, r.middle_name, r.last_name) AS physician,
      (r.update_executed_at IS NULL
        OR EXISTS (SELECT 1 FROM report_state s WHERE s.report_id = r.id AND s.status = 'pending')) AS updating
    FROM report_license rl JOIN report r ON r.id = rl.report_id
    WHERE rl.id IN (${sql.join(
      unique.map((id) => sql`${id}`),
      sql`, `,
    )}) AND r.workspace_id = ${workspaceId} AND rl.hidden_at IS NULL
    ORDER BY lower(r.last_name), lower(r.first_name), r.id`);
  const found = new Set(rows.map((r) => r.id));
  const reports = new Map<string, { physician: string; updating: boolean }>();
  for (const row of rows) reports.set(row.report_id, { physician: row.physician, updating: row.updating });

  const answered: RosterRefreshResponse['reports'] = [];
  for (const [reportId, { physician, updating }] of reports) {
    // singletonKey = reportId, as every refresh of a report is queued: a second one is not queued
    // while one waits, and then the report is already being updated.
    const queued = !updating && (await ctx.jobs.send('refreshReport', { reportId }, { singletonKey: reportId }));
    answered.push({ report_id: reportId, physician, outcome: queued ? 'refreshing' : 'already_updating' });
  }
  return { reports: answered, missing: unique.filter((id) => !found.has(id)) };
}
