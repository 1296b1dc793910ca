import type { ReportLicense } from '@licensewatch/shared/reports';
import { describe, expect, it } from 'vitest';
import { groupLicensesByState } from './group-licenses';
import { reportLicenseFixture } from './report-license-fixture';

const license = (id: string, state: ReportLicense['state'], number: string) =>
  reportLicenseFixture(id, { state, license_number: number });

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
