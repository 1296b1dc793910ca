import {
  type LicenseStanding,
  type LicenseStatus,
  type LicenseType,
  licenseStanding,
} from '@licensewatch/shared/licenses';
import { MESSAGES } from '@licensewatch/shared/messages';
import { JURISDICTIONS, type StateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { workspace } from '../accounts/tables.ts';
import { utcToday } from './recount-reports.ts';
import { report } from './tables.ts';

export type ReportLicenseRow = {
  id: string;
  licenseNumber: string;
  state: StateCode;
  issueDate: string | null;
  expiryDate: string | null;
  updatedAt: Date;
  /** Which counter it is in, by licenseStanding — the function the counts use too (count-licenses.ts). */
  standing: LicenseStanding;
  daysToExpiry: number | null;
  boardStatus: LicenseStatus;
  rawStatus: string | null;
  licenseType: LicenseType;
  nameOnLicense: string;
  discipline: string | null;
  boardId: string;
  /** How the license was read (license.source_kind): a bulk list, a look-up, or by hand. */
  sourceKind: string;
  /** When the registry last read the license from its board. */
  lastSeenAt: Date;
  /** A license verified by hand (source 'manual'): its newest verification's day and who made it. */
  verifiedByHand: { checkedOn: string; verifiedBy: string } | null;
};

const stateOrder = new Map<string, number>(JURISDICTIONS.map((j, i) => [j.code, i]));

/**
 * The tracked licenses of one of the user's reports, in the UI's state order: hidden ones and
 * those without a number are left out, and a license without expiry is not active
 * (docs/product-rules.md, What is counted and License status). With `hidden`, the ones the user
 * hid instead, so they can be brought back.
 */
export async function listReportLicenses(
  db: Db,
  workspaceId: string,
  reportId: string,
  { hidden = false }: { hidden?: boolean } = {},
): Promise<ReportLicenseRow[]> {
  const [owned] = await db
    .select({ id: report.id, expiringWithinDays: workspace.expiringWithinDays })
    .from(report)
    .innerJoin(workspace, eq(workspace.id, report.workspaceId))
    .where(and(eq(report.id, reportId), eq(report.workspaceId, workspaceId)));
  if (!owned) throw AppError.notFound(MESSAGES.reports.notFound);
  const today = utcToday();
  const { rows } = await db.execute<{
    id: string;
    license_number: string;
    jurisdiction: StateCode;
    issue_date: string | null;
    expiry_date: string | null;
    updated_at: string | Date;
    days_to_expiry: number | null;
    status: LicenseStatus;
    raw_status: string | null;
    license_type: LicenseType;
    name_on_license: string;
    discipline: string | null;
    board_id: string;
    source_kind: string;
    last_seen_at: string | Date;
    checked_on: string | null;
    verified_by_name: string | null;
  }>(sql`
    SELECT rl.id, l.license_number, l.jurisdiction, l.issue_date::text AS issue_date,
      l.expiry_date::text AS expiry_date, l.updated_at,
      (l.expiry_date - ${today}::date) AS days_to_expiry,
      l.status, l.raw_status, coalesce(l.license_type, r.license_type) AS license_type, l.source_kind,
      concat_ws(' ', l.first_name, l.middle_name, l.last_name, l.suffix) AS name_on_license,
      l.discipline, l.board_id, l.last_seen_at, mv.checked_on, mv.verified_by_name
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    -- A license verified by hand: its newest check (the one its data is), by the (license, checked_on) index.
    LEFT JOIN LATERAL (
      SELECT v.checked_on::text AS checked_on, v.verified_by_name FROM manual_verification v
      WHERE v.license_id = l.id ORDER BY v.checked_on DESC, v.recorded_at DESC LIMIT 1
    ) mv ON l.source_kind = 'manual'
    WHERE rl.report_id = ${reportId} AND (rl.hidden_at IS NOT NULL) = ${hidden} AND l.license_number IS NOT NULL`);
  return rows
    .map(
      (r): ReportLicenseRow => ({
        id: r.id,
        licenseNumber: r.license_number,
        state: r.jurisdiction,
        issueDate: r.issue_date,
        expiryDate: r.expiry_date,
        updatedAt: new Date(r.updated_at),
        standing: licenseStanding({ status: r.status, expiryDate: r.expiry_date }, today, owned.expiringWithinDays),
        daysToExpiry: r.days_to_expiry,
        boardStatus: r.status,
        rawStatus: r.raw_status,
        licenseType: r.license_type,
        nameOnLicense: r.name_on_license,
        discipline: r.discipline,
        boardId: r.board_id,
        sourceKind: r.source_kind,
        lastSeenAt: new Date(r.last_seen_at),
        verifiedByHand:
          r.checked_on === null ? null : { checkedOn: r.checked_on, verifiedBy: r.verified_by_name ?? '' },
      }),
    )
    .sort(
      (a, b) =>
        (stateOrder.get(a.state) ?? 0) - (stateOrder.get(b.state) ?? 0) ||
        a.licenseNumber.localeCompare(b.licenseNumber),
    );
}
