import { licenseStatusLabel } from '@licensewatch/shared/licenses';
import { attentionReasons } from '@licensewatch/shared/reports';
import type { RosterExportQuery } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { stateName } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { type Cell, toCsv } from '../../../platform/csv.ts';
import type { Db } from '../../../platform/db/client.ts';
import { toXlsx } from '../exports/xlsx.ts';
import { presentRosterLicense, type RosterLicense, readRosterDay, rosterColumns } from '../list-roster-licenses.ts';
import { allConditions, reportsWithVerificationsDue, rosterOrder } from './roster-filter.ts';

/**
 * The physician's own identifiers first — the Internal ID and NPI the roster import took — so the
 * file joins back to the clinic's records; Board status is the board's own words. The physician's
 * exclusion standing and what waits about them come last, so earlier columns keep their places.
 */
export const ROSTER_EXPORT_COLUMNS = [
  'Physician',
  'Internal ID',
  'NPI',
  'Department',
  'State',
  'License number',
  'License type',
  'Status',
  'Board status',
  'Issued',
  'Expires',
  'Days to expiry',
  'Exclusion',
  'Needs attention',
] as const;

const DATE_COLUMNS = [9, 10];
const COLUMN_WIDTHS = [28, 14, 12, 18, 16, 16, 12, 16, 22, 12, 12, 14, 16, 40];

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type RosterExport = { filename: string; contentType: string; body: string | Buffer };

/**
 * The filtered roster as a file: every row the table's filters match, in the table's order, on
 * one sheet. The same cells as the report exports: ISO dates (real dates in the XLSX), and text a
 * spreadsheet would run as a formula quoted in both formats (platform/csv.ts), never written as a
 * formula. Like the report exports, no plan is needed. With `ids` (a selection), only those rows:
 * the filters still apply and the rows are the workspace's, so another workspace's id matches nothing.
 */
export async function exportRosterLicenses(
  db: Db,
  workspaceId: string,
  query: RosterExportQuery,
): Promise<RosterExport> {
  const day = await readRosterDay(db, workspaceId);
  const { today } = day;
  // The stored rows (ADR 047), with the physician's identifiers (their report read once per row,
  // its two columns only, so the stored rows' column names stay unambiguous) and the board's words.
  const { rows } = await db.execute<
    RosterLicense & { external_id: string | null; npi: string | null; raw_status: string | null }
  >(sql`
    WITH due AS MATERIALIZED (${reportsWithVerificationsDue(day)})
    SELECT ${rosterColumns(day)}, who.external_id, who.npi,
      (SELECT l.raw_status FROM license l WHERE l.id = roster_license.license_id) AS raw_status
    FROM roster_license
    CROSS JOIN LATERAL (SELECT r.external_id, r.npi FROM report r WHERE r.id = roster_license.report_id) who
    WHERE workspace_id = ${workspaceId} AND ${allConditions(query, day)}${
      query.ids
        ? sql` AND id IN (${sql.join(
            query.ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }
    ORDER BY ${rosterOrder(query, day)}`);
  const cells: Cell[][] = rows.map((raw) => {
    const row = presentRosterLicense(raw, today);
    return [
      row.physician,
      raw.external_id,
      raw.npi,
      row.department,
      stateName(row.state),
      row.license_number,
      row.license_type,
      row.status_text,
      raw.raw_status || licenseStatusLabel(raw.board_status),
      row.issue_date,
      row.expiry_date,
      row.days_to_expiry,
      ROSTER_MESSAGES.exclusionLabels[row.exclusion],
      attentionReasons(row.attention).join('; '),
    ];
  });
  const filename = `licenses-${today}.${query.format}`;
  if (query.format === 'csv')
    return { filename, contentType: CONTENT_TYPES.csv, body: toCsv(ROSTER_EXPORT_COLUMNS, cells) };
  const body = await toXlsx([
    { name: 'Licenses', header: ROSTER_EXPORT_COLUMNS, rows: cells, dateColumns: DATE_COLUMNS, widths: COLUMN_WIDTHS },
  ]);
  return { filename, contentType: CONTENT_TYPES.xlsx, body };
}
