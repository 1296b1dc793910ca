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

/** 'Expiring': active, and the expiry falls within six weeks (docs/product-rules.md, License status). */
export const EXPIRING_WITHIN_DAYS = 42;
