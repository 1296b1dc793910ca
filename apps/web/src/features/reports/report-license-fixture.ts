import type { ReportLicense } from '@licensewatch/shared/reports';

/** A report license for unit tests: an active Texas MD license, with `overrides` on top. */
export function reportLicenseFixture(id: string, overrides: Partial<ReportLicense> = {}): ReportLicense {
  return {
    id,
    license_number: `MD${id}`,
    state: 'Texas',
    issued: '2020-01-01',
    expired: '2030-01-01',
    updated_at: '2026-01-01T00:00:00Z',
    status: 'Active',
    standing: 'active',
    board_status: 'active',
    board_status_text: null,
    license_type: 'MD',
    name_on_license: 'Jane Doe',
    discipline: null,
    days_to_expiry: 100,
    source: {
      board_id: 'tx-med',
      name: 'Texas Medical Board',
      website: 'https://www.tmb.state.tx.us',
      method: 'bulk',
      lookup_url: 'https://profile.tmb.state.tx.us/Search.aspx',
    },
    verified_at: '2026-01-01T00:00:00Z',
    verified_by_hand: null,
    ...overrides,
  };
}
