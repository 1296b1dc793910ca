import type { ReportLicense } from '@licensewatch/shared/reports';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  filterLicenses,
  matchesSearch,
  nextSort,
  SORT_KEYS,
  type SortKey,
  sortLicenses,
  statusOptions,
} from './license-table-view';
import { reportLicenseFixture } from './report-license-fixture';

const license = reportLicenseFixture;

const ids = (list: ReportLicense[]) => list.map((l) => l.id);

// Three licenses per key, in ascending order of that key.
const ASCENDING: Record<SortKey, ReportLicense[]> = {
  state: [
    license('1', { state: 'Alabama' }),
    license('2', { state: 'Washington' }),
    license('3', { state: 'Washington, DC' }),
  ],
  type: [
    license('1', { license_type: 'DO' }),
    license('2', { license_type: 'MD' }),
    license('3', { license_type: 'MD', state: 'Utah' }),
  ],
  number: [
    license('1', { license_number: 'MD9' }),
    license('2', { license_number: 'MD10' }),
    license('3', { license_number: 'MD100' }),
  ],
  status: [
    license('1', { standing: 'active' }),
    license('2', { standing: 'expired', status: 'Expired' }),
    license('3', { standing: 'attention', status: 'Suspended' }),
  ],
  issued: [
    license('1', { issued: '2001-05-01' }),
    license('2', { issued: '2010-01-01' }),
    license('3', { issued: '2019-12-31' }),
  ],
  expires: [
    license('1', { expired: '2024-01-01' }),
    license('2', { expired: '2026-06-30' }),
    license('3', { expired: '2031-01-01' }),
  ],
  days: [
    license('1', { days_to_expiry: -30 }),
    license('2', { days_to_expiry: 0 }),
    license('3', { days_to_expiry: 400 }),
  ],
  verified: [
    license('1', { verified_at: '2025-12-31T23:59:00Z' }),
    license('2', { verified_at: '2026-01-01T00:00:00Z' }),
    license('3', { verified_at: '2026-02-01T08:00:00Z' }),
  ],
};

describe('sortLicenses', () => {
  for (const key of SORT_KEYS) {
    it(`sorts by ${key} ascending and descending`, () => {
      const list = ASCENDING[key];
      const shuffled = [list[1], list[2], list[0]] as ReportLicense[];
      expect(ids(sortLicenses(shuffled, { key, direction: 'ascending' }))).toEqual(['1', '2', '3']);
      // Only two license types exist: the two MDs tie and keep the default order (Texas before Utah).
      const descending = key === 'type' ? ['2', '3', '1'] : ['3', '2', '1'];
      expect(ids(sortLicenses(shuffled, { key, direction: 'descending' }))).toEqual(descending);
    });
  }

  it('defaults to states in the list order, then numbers naturally', () => {
    const list = [
      license('a', { state: 'Texas', license_number: 'MD10' }),
      license('b', { state: 'Texas', license_number: 'MD9' }),
      license('c', { state: 'Alabama', license_number: 'Z1' }),
    ];
    expect(ids(sortLicenses(list, DEFAULT_SORT))).toEqual(['c', 'b', 'a']);
  });

  it('breaks ties by state then number in both directions', () => {
    const list = [
      license('a', { state: 'Texas', license_number: 'B2', expired: '2030-01-01' }),
      license('b', { state: 'Alabama', license_number: 'C3', expired: '2030-01-01' }),
      license('c', { state: 'Texas', license_number: 'A1', expired: '2030-01-01' }),
      license('d', { expired: '2029-01-01' }),
    ];
    expect(ids(sortLicenses(list, { key: 'expires', direction: 'ascending' }))).toEqual(['d', 'b', 'c', 'a']);
    expect(ids(sortLicenses(list, { key: 'expires', direction: 'descending' }))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('puts licenses without an expiry date last in both directions', () => {
    const list = [
      license('1', { expired: null, days_to_expiry: null }),
      license('2'),
      license('3', { expired: '2027-01-01', days_to_expiry: 5 }),
    ];
    expect(ids(sortLicenses(list, { key: 'expires', direction: 'ascending' }))).toEqual(['3', '2', '1']);
    expect(ids(sortLicenses(list, { key: 'expires', direction: 'descending' }))).toEqual(['2', '3', '1']);
    expect(ids(sortLicenses(list, { key: 'days', direction: 'descending' }))).toEqual(['2', '3', '1']);
  });

  it('does not change the list it is given', () => {
    const list = [license('2'), license('1')];
    sortLicenses(list, DEFAULT_SORT);
    expect(ids(list)).toEqual(['2', '1']);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts another ascending', () => {
    expect(nextSort({ key: 'expires', direction: 'ascending' }, 'expires')).toEqual({
      key: 'expires',
      direction: 'descending',
    });
    expect(nextSort({ key: 'expires', direction: 'descending' }, 'expires')).toEqual({
      key: 'expires',
      direction: 'ascending',
    });
    expect(nextSort({ key: 'expires', direction: 'descending' }, 'state')).toEqual({
      key: 'state',
      direction: 'ascending',
    });
  });
});

const MIXED = [
  license('active', { standing: 'active' }),
  license('expiring', { standing: 'expiring', days_to_expiry: 10 }),
  license('expired', { standing: 'expired', status: 'Expired' }),
  license('attention', { standing: 'attention', status: 'Suspended', board_status: 'suspended' }),
];

describe('filterLicenses', () => {
  it('filters by each status; Active includes the expiring ones, as the counter does', () => {
    const by = (status: Parameters<typeof filterLicenses>[1]['status']) =>
      ids(filterLicenses(MIXED, { status, search: '' }));
    expect(by('all')).toEqual(['active', 'expiring', 'expired', 'attention']);
    expect(by('active')).toEqual(['active', 'expiring']);
    expect(by('expiring')).toEqual(['expiring']);
    expect(by('expired')).toEqual(['expired']);
    expect(by('attention')).toEqual(['attention']);
  });

  it('combines the status and the search', () => {
    expect(ids(filterLicenses(MIXED, { status: 'active', search: 'mdexpiring' }))).toEqual(['expiring']);
    expect(filterLicenses(MIXED, { status: 'expired', search: 'mdactive' })).toEqual([]);
  });

  it('never lists a license without a number', () => {
    expect(filterLicenses([license('1', { license_number: '  ' })], { status: 'all', search: '' })).toEqual([]);
  });
});

describe('matchesSearch', () => {
  const texas = license('1', { license_number: 'TX-12345', state: 'Texas', name_on_license: 'DOE, JANE A' });
  it('matches the number, the state and the name on the license, case-insensitively', () => {
    expect(matchesSearch(texas, 'tx-123')).toBe(true);
    expect(matchesSearch(texas, 'TEXAS')).toBe(true);
    expect(matchesSearch(texas, 'jane')).toBe(true);
    expect(matchesSearch(texas, '  Doe ')).toBe(true);
    expect(matchesSearch(texas, 'ohio')).toBe(false);
  });
  it('matches everything when the search is blank', () => {
    expect(matchesSearch(texas, '   ')).toBe(true);
  });
});

describe('statusOptions', () => {
  it('lists All and only the statuses present, with their counts', () => {
    expect(statusOptions(MIXED.slice(0, 3), 42)).toEqual([
      { value: 'all', label: 'All statuses', count: 3 },
      { value: 'active', label: 'Active', count: 2 },
      { value: 'expiring', label: 'Expiring within 42 days', count: 1 },
      { value: 'expired', label: 'Expired', count: 1 },
    ]);
    expect(statusOptions([license('x', { standing: 'attention', status: 'Revoked' })], 42).map((o) => o.value)).toEqual(
      ['all', 'attention'],
    );
  });

  it("names the expiring filter by the workspace's window", () => {
    expect(statusOptions(MIXED.slice(0, 3), 90).find((o) => o.value === 'expiring')?.label).toBe(
      'Expiring within 90 days',
    );
  });
});
