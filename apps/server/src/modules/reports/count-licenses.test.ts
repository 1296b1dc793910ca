import { LICENSE_STATUSES } from '@licensewatch/shared/licenses';
import { describe, expect, it } from 'vitest';
import { countLicenses } from './count-licenses.ts';

const TODAY = '2026-03-10';
/** The default window, six weeks. */
const W = 42;
const NONE = { total: 0, active: 0, expiring: 0, expired: 0, needsAttention: 0 };

describe('countLicenses', () => {
  it('counts nothing in an empty report, and no day changes that', () => {
    expect(countLicenses([], TODAY, W)).toEqual({ ...NONE, validUntil: null });
  });

  it('puts every board status in exactly one counter; only active and expired are judged by date', () => {
    for (const status of [...LICENSE_STATUSES, 'surrendered']) {
      const inDate = countLicenses([{ status, expiryDate: '2027-01-01' }], TODAY, W);
      const { validUntil: _, ...counts } = inDate;
      if (status === 'active') expect(counts).toEqual({ ...NONE, total: 1, active: 1 });
      else if (status === 'expired') expect(counts).toEqual({ ...NONE, total: 1, expired: 1 });
      else expect(counts, status).toEqual({ ...NONE, total: 1, needsAttention: 1 });
    }
  });

  it('never counts a suspended license as active, whatever its dates', () => {
    for (const expiryDate of ['2030-01-01', '2026-03-20', TODAY, '2020-01-01', null])
      expect(countLicenses([{ status: 'suspended', expiryDate }], TODAY, W)).toMatchObject({
        active: 0,
        expiring: 0,
        expired: 0,
        needsAttention: 1,
      });
  });

  it('an active license without an expiry date, or expiring today, is expired', () => {
    expect(countLicenses([{ status: 'active', expiryDate: null }], TODAY, W)).toMatchObject({ expired: 1, active: 0 });
    expect(countLicenses([{ status: 'active', expiryDate: TODAY }], TODAY, W)).toMatchObject({ expired: 1, active: 0 });
    expect(countLicenses([{ status: 'active', expiryDate: '2026-03-11' }], TODAY, W)).toMatchObject({
      active: 1,
      expiring: 1,
      expired: 0,
    });
  });

  it('expiring is active and within 42 days: day 42 is in, day 43 is not', () => {
    // 2026-03-10 + 42 days = 2026-04-21.
    expect(countLicenses([{ status: 'active', expiryDate: '2026-04-21' }], TODAY, W)).toMatchObject({
      active: 1,
      expiring: 1,
    });
    expect(countLicenses([{ status: 'active', expiryDate: '2026-04-22' }], TODAY, W)).toMatchObject({
      active: 1,
      expiring: 0,
    });
  });

  it('total is active + expired + needs attention', () => {
    const c = countLicenses(
      [
        { status: 'active', expiryDate: '2027-01-01' },
        { status: 'active', expiryDate: '2026-04-01' },
        { status: 'active', expiryDate: null },
        { status: 'expired', expiryDate: '2025-01-01' },
        { status: 'probation', expiryDate: '2027-01-01' },
        { status: 'unknown', expiryDate: null },
      ],
      TODAY,
      W,
    );
    expect(c).toMatchObject({ total: 6, active: 2, expiring: 1, expired: 2, needsAttention: 2 });
    expect(c.total).toBe(c.active + c.expired + c.needsAttention);
  });

  it('is valid until the first day the calendar alone changes a count', () => {
    // Starts expiring on 2026-11-20 (2027-01-01 − 42 days); the other expires on 2026-04-01.
    const c = countLicenses(
      [
        { status: 'active', expiryDate: '2027-01-01' },
        { status: 'active', expiryDate: '2026-04-01' },
      ],
      TODAY,
      W,
    );
    expect(c.validUntil).toBe('2026-04-01');
    expect(countLicenses([{ status: 'active', expiryDate: '2027-01-01' }], TODAY, W).validUntil).toBe('2026-11-20');
    // On that day the counts do change, and the day before they do not.
    expect(countLicenses([{ status: 'active', expiryDate: '2027-01-01' }], '2026-11-20', W)).toMatchObject({
      expiring: 1,
    });
    expect(countLicenses([{ status: 'active', expiryDate: '2027-01-01' }], '2026-11-19', W)).toMatchObject({
      expiring: 0,
    });
    // Expired and needs-attention licenses do not move with the calendar.
    expect(
      countLicenses(
        [
          { status: 'suspended', expiryDate: '2027-01-01' },
          { status: 'active', expiryDate: '2020-01-01' },
        ],
        TODAY,
        W,
      ).validUntil,
    ).toBeNull();
  });

  it("follows the workspace's window: the same license is expiring in a 90-day window and not in a 30-day one", () => {
    const license = [{ status: 'active', expiryDate: '2026-05-10' }]; // 61 days after TODAY
    expect(countLicenses(license, TODAY, 90)).toMatchObject({ active: 1, expiring: 1, validUntil: '2026-05-10' });
    expect(countLicenses(license, TODAY, 30)).toMatchObject({ active: 1, expiring: 0, validUntil: '2026-04-10' });
  });
});
