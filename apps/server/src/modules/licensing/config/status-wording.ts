import type { LicenseStatus } from '@licensewatch/shared/licenses';

/**
 * The one table of board status wording → normalised status (docs/license-engine.md, Statuses).
 * Every source reads its rows through it; a source's own `statuses` are laid over it, only for a
 * word that means something else at that board. Matched like every board vocabulary: case-insensitive,
 * trimmed, inner spaces collapsed. Wording in none of them is stored as status 'unknown' with the
 * board's text in raw_status, and the ingest run records it (never silently).
 *
 * Decisions: retired and deceased end a license without discipline, so they read as `inactive`
 * (the board's word stays in raw_status); a surrender — often made in lieu of discipline — is its
 * own status, `surrendered`, never active.
 */
export const STATUS_WORDING: Readonly<Record<string, LicenseStatus>> = {
  // active
  Active: 'active',
  'Active - Clear': 'active',
  Current: 'active',
  Clear: 'active',
  'CLEAR/ACTIVE': 'active', // Florida
  'License Renewed & Current': 'active', // California
  // probation
  Probation: 'probation',
  'Active - Probation': 'probation', // Colorado
  'PROBATION/ACTIVE': 'probation', // Florida
  'License Probation': 'probation', // California
  // expired
  Expired: 'expired',
  Lapsed: 'expired',
  Delinquent: 'expired',
  // Florida: delinquent = not renewed by the expiry date, may not practise; null and void = lapsed for good.
  'DELINQUENT/ACTIVE': 'expired',
  'NULL AND VOID': 'expired',
  'License Expired': 'expired', // California
  // inactive
  Inactive: 'inactive',
  'License Inactive': 'inactive', // California
  Retired: 'inactive',
  'License Retired': 'inactive',
  Deceased: 'inactive',
  // suspended
  Suspended: 'suspended',
  'License Suspended': 'suspended', // California
  // revoked
  Revoked: 'revoked',
  'License Revoked': 'revoked', // California
  // surrendered
  Surrendered: 'surrendered',
  'License Surrendered': 'surrendered', // California
  'Voluntary Surrender': 'surrendered',
  'Voluntarily Surrendered': 'surrendered',
  Relinquished: 'surrendered',
};
