import type { ReportLicense } from '@licensewatch/shared/reports';

const BOARD_STATUS_LABELS: Record<ReportLicense['board_status'], string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  revoked: 'Revoked',
  probation: 'Probation',
  inactive: 'Inactive',
  surrendered: 'Surrendered',
  unknown: 'Unknown',
};

/**
 * The board's own status when it says more than Active/Expired (those go by date only):
 * a license can be in date yet suspended. Null when it adds nothing.
 */
export function boardStatusNote(license: Pick<ReportLicense, 'status' | 'board_status'>): string | null {
  if (license.board_status === 'unknown') return null;
  const label = BOARD_STATUS_LABELS[license.board_status];
  return label === license.status ? null : label;
}

/** "12 days", "Today", "3 days ago", or "-" without an expiry date. */
export function daysToExpiryText(days: number | null): string {
  if (days === null) return '-';
  if (days === 0) return 'Today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `${n} ${unit}` : `${n} ${unit} ago`;
}

/** "Jane A. Doe" from the report's parts, for headings. */
export function physicianName(report: { first_name: string; middle_name: string | null; last_name: string }): string {
  return [report.first_name, report.middle_name, report.last_name].filter((part) => part?.trim()).join(' ');
}
