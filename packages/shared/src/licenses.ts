export const LICENSE_TYPES = ['MD', 'DO'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

/** Normalised license status; each source maps its own vocabulary onto these. */
export const LICENSE_STATUSES = [
  'active',
  'expired',
  'suspended',
  'revoked',
  'probation',
  'inactive',
  'unknown',
] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];
