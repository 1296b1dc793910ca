import { isVerifiedByHand } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client.ts';
import { appendComplianceEntries, type ComplianceCheck } from '../../compliance/append-compliance-entries.ts';
import { describeLicenseSource } from '../../licensing/describe-board.ts';
import type { LicenseBoard } from '../../licensing/license-sources.ts';

type Row = {
  report_id: string;
  workspace_id: string;
  subject: string;
  license_type: LicenseType;
  state: StateCode;
  checked_at: Date | string;
  board_id: string | null;
  source_kind: string | null;
  license_number: string | null;
  status: string | null;
  raw_status: string | null;
  expiry_date: string | null;
};

/**
 * The boards' checks of the reports' licenses, appended to their workspaces' compliance ledgers (ADR
 * 040) in the transaction that marks the reports' update or refresh done: one entry per tracked
 * license of each state settled (the registry's reading of it as the update or refresh decided it,
 * at the state's check time, by the license's read method: bulk file or look-up), and one
 * `{found: false}` per state settled with nothing tracked. States whose board failed (unavailable)
 * were not checked; states no machine reads, and licenses verified by hand, are recorded when a
 * person verifies them (record-manual-verification.ts). One read and one append for all the reports.
 */
export async function recordLicenseChecks(
  tx: Tx,
  boards: readonly LicenseBoard[],
  reportIds: readonly string[],
): Promise<void> {
  if (reportIds.length === 0) return;
  const { rows } = await tx.execute<Row>(sql`
    SELECT r.id AS report_id, r.workspace_id, r.license_type,
      concat_ws(' ', r.first_name, nullif(r.middle_name, ''), r.last_name) AS subject,
      s.state, s.checked_at, l.board_id, l.source_kind, l.license_number, l.status, l.raw_status,
      l.expiry_date::text AS expiry_date
    FROM report r
    JOIN report_state s ON s.report_id = r.id AND s.status = 'done'
    LEFT JOIN (report_license rl JOIN license l ON l.id = rl.license_id AND l.license_number IS NOT NULL)
      ON rl.report_id = r.id AND rl.hidden_at IS NULL AND l.jurisdiction = s.state
    WHERE r.id = ANY(${sql.param([...reportIds])}::text[])
    ORDER BY r.workspace_id, r.id, s.state, l.board_id, l.license_number`);
  const checks: ComplianceCheck[] = [];
  for (const row of rows) {
    const common = {
      workspaceId: row.workspace_id,
      reportId: row.report_id,
      subject: row.subject,
      kind: 'license' as const,
      state: row.state,
      evidenceSha256: null,
      checkedAt: new Date(row.checked_at),
    };
    if (row.board_id !== null && row.source_kind !== null) {
      const source = describeLicenseSource({ boardId: row.board_id, sourceKind: row.source_kind });
      if (source.method === 'manual') continue;
      checks.push({
        ...common,
        licenseNumber: row.license_number,
        source: source.name,
        sourceUrl: source.lookup_url,
        method: source.method,
        result: { found: true, status: row.status, board_status: row.raw_status, expires: row.expiry_date },
      });
      continue;
    }
    const board = boards.find(
      (b) => b.jurisdiction === row.state && b.licenseTypes.includes(row.license_type) && !isVerifiedByHand(b.method),
    );
    if (!board) continue;
    checks.push({
      ...common,
      licenseNumber: null,
      source: board.name,
      sourceUrl: board.lookupUrl,
      method: board.method === 'bulk' ? 'bulk' : 'lookup',
      result: { found: false },
    });
  }
  await appendComplianceEntries(tx, checks);
}
