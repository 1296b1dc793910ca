import type { ReportLicense } from '@licensewatch/shared/reports';

/**
 * The board's own wording when it says more than the Status column (docs/product-rules.md, License
 * status): 'CLEAR/ACTIVE', 'Suspended - Emergency Order'. Null when the board published none or
 * it reads the same as the status.
 */
export function boardWording(license: Pick<ReportLicense, 'status' | 'board_status_text'>): string | null {
  const text = license.board_status_text?.trim();
  if (!text) return null;
  return text.toLowerCase() === license.status.toLowerCase() ? null : text;
}

/** "12 days", "Today", "3 days ago", or "-" without an expiry date. */
export function daysToExpiryText(days: number | null): string {
  if (days === null) return '-';
  if (days === 0) return 'Today';
  const n = Math.abs(days);
  const unit = n === 1 ? 'day' : 'days';
  return days > 0 ? `${n} ${unit}` : `${n} ${unit} ago`;
}
