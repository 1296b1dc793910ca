import { stateName } from '@licensewatch/shared/states';
import { toCsv } from '../../../platform/csv.ts';
import type { Db } from '../../../platform/db/client.ts';
import { getReport } from '../get-report.ts';
import { listReportLicenses } from '../list-report-licenses.ts';
import { utcToday } from '../recount-reports.ts';
import {
  buildReportExportRows,
  REPORT_EXPORT_COLUMN_KINDS,
  REPORT_EXPORT_COLUMNS,
} from './build-report-export-rows.ts';
import { toXlsx } from './xlsx.ts';

export type ReportExportFormat = 'csv' | 'xlsx';

export type ReportExport = { filename: string; contentType: string; body: string | Buffer };

const COLUMN_WIDTHS = [16, 16, 12, 30, 10, 18, 12, 12, 14, 30, 40, 24, 12, 14];
/** Issued and Expires: written as spreadsheet dates in the XLSX (the CSV keeps ISO text). */
const DATE_COLUMNS = REPORT_EXPORT_COLUMNS.flatMap((column, i) =>
  REPORT_EXPORT_COLUMN_KINDS[column] === 'date' ? [i] : [],
);

const CONTENT_TYPES: Record<ReportExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An ASCII file name from the report's name: letters, digits, '-' and '_' only, then the date. */
export function exportFilename(reportName: string, today: string, format: ReportExportFormat): string {
  const base = reportName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'report'}-${today}.${format}`;
}

/**
 * One of the user's reports as a CSV or XLSX file: its tracked licenses (not hidden, with a
 * number — the rows of the licenses call, in the same state-then-number order), one row each.
 * The XLSX adds a 'Report' sheet with the physician, license type, states and last update.
 * Another user's report answers 404 like a missing one. The plan is not checked: exports are
 * always available, so a physician whose plan expired can still take their data away.
 */
export async function exportReport(
  db: Db,
  workspaceId: string,
  reportId: string,
  format: ReportExportFormat,
): Promise<ReportExport> {
  const report = await getReport(db, workspaceId, reportId);
  const rows = buildReportExportRows(await listReportLicenses(db, workspaceId, reportId), report);
  const today = utcToday();
  const filename = exportFilename(report.name, today, format);
  if (format === 'csv') return { filename, contentType: CONTENT_TYPES.csv, body: toCsv(REPORT_EXPORT_COLUMNS, rows) };

  const physician = [report.firstName, report.middleName, report.lastName].filter(Boolean).join(' ');
  const body = await toXlsx([
    { name: 'Licenses', header: REPORT_EXPORT_COLUMNS, rows, dateColumns: DATE_COLUMNS, widths: COLUMN_WIDTHS },
    {
      name: 'Report',
      rows: [
        ['Report', report.name],
        ['Physician', physician],
        ['License type', report.licenseType],
        ['States', report.states.map(stateName).join(', ')],
        ['Last update', report.updateExecutedAt ?? 'not yet'],
        ['Tracked licenses', report.counts.total],
        // A date cell, not text: the sheet's value column also holds names, which stay text.
        ['Exported', new Date(`${today}T00:00:00Z`)],
      ],
      widths: [18, 80],
    },
  ]);
  return { filename, contentType: CONTENT_TYPES.xlsx, body };
}
