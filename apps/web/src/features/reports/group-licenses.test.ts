import type { ReportLicense } from '@licensewatch/shared/reports';
import { describe, expect, it } from 'vitest';
import { groupLicensesByState } from './group-licenses';

function license(id: string, state: ReportLicense['state'], number: string): ReportLicense {
  return {
    id,
    license_number: number,
    state,
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
    source: { board_id: 'tx-med', name: 'Texas Medical Board', website: 'https://www.tmb.state.tx.us' },
    verified_at: '2026-01-01T00:00:00Z',
  };
}

describe('groupLicensesByState', () => {
  it('groups by state in the list order (Washington before Washington, DC before West Virginia)', () => {
    const groups = groupLicensesByState([
      license('1', 'West Virginia', '1'),
      license('2', 'Washington, DC', '2'),
      license('3', 'Alabama', '3'),
      license('4', 'Washington', '4'),
      license('5', 'Alabama', '5'),
    ]);
    expect(groups.map((g) => g.state)).toEqual(['Alabama', 'Washington', 'Washington, DC', 'West Virginia']);
    expect(groups[0]?.licenses.map((l) => l.id)).toEqual(['3', '5']);
  });

  it('sorts license numbers naturally within a state', () => {
    const groups = groupLicensesByState([
      license('a', 'Texas', 'MD10'),
      license('b', 'Texas', 'MD9'),
      license('c', 'Texas', 'MD100'),
    ]);
    expect(groups[0]?.licenses.map((l) => l.license_number)).toEqual(['MD9', 'MD10', 'MD100']);
  });

  it('leaves out licenses without a number and returns nothing for no licenses', () => {
    expect(groupLicensesByState([license('x', 'Ohio', '  ')])).toEqual([]);
    expect(groupLicensesByState([])).toEqual([]);
  });
});
