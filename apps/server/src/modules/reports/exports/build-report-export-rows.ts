import { SOURCE_METHOD_LABELS } from '@licensewatch/shared/license-sources';
import { reportStatusText } from '@licensewatch/shared/licenses';
import { stateName } from '@licensewatch/shared/states';
import type { Cell } from '../../../platform/csv.ts';
import { describeLicenseSource } from '../../licensing/describe-board.ts';
import type { ReportLicenseRow } from '../list-report-licenses.ts';

/** The columns of every export of a report (CSV, XLSX, Google Sheet, Airtable), in order. */
export const REPORT_EXPORT_COLUMNS = [
  'State',
  'License number',
  'License type',
  'Name on license',
  'Status',
  'Board status',
  'Issued',
  'Expires',
  'Days to expiry',
  'Discipline',
  // How the license was read and from which board; for one verified by hand, when and by whom.
  'Source',
  // When the board's record was last read (ISO, UTC), and the physician's identifiers, so a file
  // can be filed with a credentialing record and joined back to the clinic's own.
  'Verified at',
  'NPI',
  'Internal ID',
] as const;

export type ReportExportColumn = (typeof REPORT_EXPORT_COLUMNS)[number];

/**
 * What each column holds, for exports that type their columns (Airtable fields). Dates are ISO
 * `YYYY-MM-DD` text or empty; days to expiry is a whole number or empty; the rest is text, and
 * discipline is the board's free text, which may run long or span lines.
 */
export const REPORT_EXPORT_COLUMN_KINDS: Record<ReportExportColumn, 'text' | 'longText' | 'date' | 'integer'> = {
  State: 'text',
  'License number': 'text',
  'License type': 'text',
  'Name on license': 'text',
  Status: 'text',
  'Board status': 'text',
  Issued: 'date',
  Expires: 'date',
  'Days to expiry': 'integer',
  Discipline: 'longText',
  Source: 'text',
  'Verified at': 'text',
  NPI: 'text',
  'Internal ID': 'text',
};

/**
 * Columns added after Airtable bases were first created: a base made before has no such fields,
 * and Airtable refuses a record naming a field its table lacks — every later sync would fail. So
 * the Airtable export leaves these out; the CSV, XLSX and Google Sheet, rewritten whole each time,
 * carry them.
 */
export const FILE_ONLY_COLUMNS: readonly ReportExportColumn[] = ['Source', 'Verified at', 'NPI', 'Internal ID'];

/** One row per tracked license, in the licenses call's order, cells in REPORT_EXPORT_COLUMNS order. */
export function buildReportExportRows(
  licenses: readonly ReportLicenseRow[],
  physician: { npi: string | null; externalId: string | null },
): Cell[][] {
  return licenses.map((l) => [
    stateName(l.state),
    l.licenseNumber,
    l.licenseType,
    l.nameOnLicense,
    reportStatusText(l.standing, l.boardStatus),
    l.rawStatus ?? l.boardStatus,
    l.issueDate,
    l.expiryDate,
    l.daysToExpiry,
    l.discipline,
    describeExportSource(l),
    l.lastSeenAt.toISOString(),
    physician.npi,
    physician.externalId,
  ]);
}

/** "Look-up (Texas Medical Board)", or "Verified by hand on 2026-11-02 by Jane Roe (Hawaii Medical Board)". */
export function describeExportSource(l: Pick<ReportLicenseRow, 'boardId' | 'sourceKind' | 'verifiedByHand'>): string {
  const source = describeLicenseSource(l);
  const how = l.verifiedByHand
    ? `Verified by hand on ${l.verifiedByHand.checkedOn} by ${l.verifiedByHand.verifiedBy}`
    : SOURCE_METHOD_LABELS[source.method];
  return `${how} (${source.name})`;
}
