import { addDays, licenseStanding } from '@licensewatch/shared/licenses';

export type LicenseCounts = {
  total: number;
  active: number;
  expiring: number;
  expired: number;
  needsAttention: number;
};

export type CountedLicense = { status: string; expiryDate: string | null };

/**
 * A report's counters over the licenses it shows (docs/product-rules.md, What is counted), each
 * license judged by licenseStanding — the same function the table's Status column uses, so the
 * counters and the rows cannot disagree. total = active + expired + needsAttention; expiring is
 * part of active. `validUntil` is the first day on which the dates alone would change a count (a
 * board-active license starts expiring or expires), or null when none will: counts stored on a
 * report are good before that day only. `expiringWithinDays` is the report's workspace's window
 * (packages/shared/src/expiry-windows.ts); changing it marks the workspace's counts stale.
 */
export function countLicenses(
  licenses: readonly CountedLicense[],
  today: string,
  expiringWithinDays: number,
): LicenseCounts & { validUntil: string | null } {
  const counts: LicenseCounts = { total: 0, active: 0, expiring: 0, expired: 0, needsAttention: 0 };
  let validUntil: string | null = null;
  const changesOn = (day: string) => {
    if (validUntil === null || day < validUntil) validUntil = day;
  };
  for (const license of licenses) {
    counts.total++;
    const standing = licenseStanding(license, today, expiringWithinDays);
    if (standing === 'attention') counts.needsAttention++;
    else if (standing === 'expired') counts.expired++;
    else counts.active++;
    if (standing === 'expiring') counts.expiring++;
    // Only a board-active license in date moves by the calendar: into expiring, then expired.
    if (license.expiryDate !== null && (standing === 'active' || standing === 'expiring'))
      changesOn(standing === 'active' ? addDays(license.expiryDate, -expiringWithinDays) : license.expiryDate);
  }
  return { ...counts, validUntil };
}
