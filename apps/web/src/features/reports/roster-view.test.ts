import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, readRosterView, sortBy, writeRosterView } from './roster-view';

describe('the roster view in the URL', () => {
  it('reads what the API takes and drops the rest', () => {
    expect(
      readRosterView(new URLSearchParams('status=expiring&state=tx&expiring_within=60&physician=%20ada%20&page=2')),
    ).toEqual({
      status: 'expiring',
      state: 'TX',
      expiringWithin: 60,
      physician: 'ada',
      sort: 'expiry',
      order: 'asc',
      page: 2,
    });
    expect(
      readRosterView(new URLSearchParams('status=nope&state=ZZ&expiring_within=999&sort=x&page=-1&physician_status=x')),
    ).toEqual(DEFAULT_VIEW);
    expect(readRosterView(new URLSearchParams('physician_status=excluded')).physicianStatus).toBe('excluded');
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(writeRosterView(DEFAULT_VIEW).toString()).toBe('');
    const view = {
      ...DEFAULT_VIEW,
      expiringWithin: 60,
      physicianStatus: 'needs_attention' as const,
      sort: 'physician' as const,
      order: 'desc' as const,
      page: 3,
    };
    expect(writeRosterView(view).toString()).toBe(
      'expiring_within=60&physician_status=needs_attention&sort=physician&order=desc&page=3',
    );
    expect(readRosterView(writeRosterView(view))).toEqual(view);
  });

  it('sorts a column ascending first, then turns it round, back on page 1', () => {
    const byPhysician = sortBy({ ...DEFAULT_VIEW, page: 4 }, 'physician');
    expect(byPhysician).toMatchObject({ sort: 'physician', order: 'asc', page: 1 });
    expect(sortBy(byPhysician, 'physician').order).toBe('desc');
    expect(sortBy(sortBy(byPhysician, 'physician'), 'physician').order).toBe('asc');
  });
});
