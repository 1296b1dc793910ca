export const LICENSE_TYPES = ['MD', 'DO'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/**
 * Normalised license status; each source maps its own vocabulary onto these (the shared table is
 * apps/server/src/modules/licensing/config/status-wording.ts). `surrendered`: given up by the
 * physician, often in lieu of discipline — never active. Retired and deceased read as `inactive`.
 */
export const LICENSE_STATUSES = [
  'active',
  'expired',
  'suspended',
  'revoked',
  'probation',
  'inactive',
  'surrendered',
  'unknown',
] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/**
 * How a report judges one license (docs/product-rules.md, License status). The board's status comes
 * first: any status other than active and expired (suspended, revoked, probation, inactive,
 * unknown, and whatever a source adds later) needs attention, whatever the dates say. Only on top
 * of an active board status do the dates speak: in date is active (and expiring within the
 * workspace's window, expiry-windows.ts), otherwise — or without an expiry date — expired. A board that says
 * expired is expired even with a date still ahead.
 */
export type LicenseStanding = 'active' | 'expiring' | 'expired' | 'attention';

/** `date` plus `days`, both YYYY-MM-DD (UTC calendar days). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function licenseStanding(
  license: { status: string; expiryDate: string | null },
  today: string,
  expiringWithinDays: number,
): LicenseStanding {
  if (license.status === 'expired') return 'expired';
  if (license.status !== 'active') return 'attention';
  if (license.expiryDate === null || license.expiryDate <= today) return 'expired';
  return license.expiryDate <= addDays(today, expiringWithinDays) ? 'expiring' : 'active';
}

/** A normalised status as the report shows it: 'suspended' → 'Suspended'. */
export function licenseStatusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** The Status column (REPORT_LICENSE_STATUSES): Active, Expired, or the board's own status when it needs attention. */
export function reportStatusText(standing: LicenseStanding, status: string): string {
  if (standing === 'attention') return licenseStatusLabel(status);
  return standing === 'expired' ? 'Expired' : 'Active';
}
