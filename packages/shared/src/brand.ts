// The product's name lives here only: rename it in this one place.
export const BRAND = {
  name: 'LicenseWatch',
  tagline: 'Simplifying medical license verification and tracking.',
  supportEmail: 'support@licensewatch.example',
} as const;
