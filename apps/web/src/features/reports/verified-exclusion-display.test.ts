import { describe, expect, it } from 'vitest';
import {
  VERIFIED_STANDING,
  type VerifiedExclusionMatch,
  verifiedCheckText,
  verifiedMatchBasis,
  verifiedMatchRows,
} from './verified-exclusion-display';

const TYPE = '1128(b)(4) License revocation, suspension or surrender';

const match = (overrides: Partial<VerifiedExclusionMatch> = {}): VerifiedExclusionMatch => ({
  source: 'LEIE',
  basis: 'npi',
  status: 'confirmed',
  name: 'VINCENT R LIM',
  npi: '1234567893',
  state: 'CO',
  excluded_on: '2024-01-02',
  reinstated_on: null,
  type_label: TYPE,
  ...overrides,
});

describe('verifiedMatchBasis', () => {
  it('names equal NPIs, a reviewer, or a name and state alone', () => {
    expect(verifiedMatchBasis(match())).toBe('same NPI');
    expect(verifiedMatchBasis(match({ basis: 'name', npi: null }))).toBe('confirmed by a reviewer');
    expect(verifiedMatchBasis(match({ basis: 'name', npi: null, status: 'possible' }))).toBe('name and state only');
  });
});

describe('verifiedMatchRows', () => {
  it('lists the entry as the document printed it', () => {
    expect(verifiedMatchRows(match())).toEqual([
      ['Name on the list', 'VINCENT R LIM (CO)'],
      ['Excluded since', 'Jan 2, 2024'],
      ['Type', TYPE],
      ['Matched by', 'same NPI'],
    ]);
  });

  it('adds the reinstatement, and says when the list gives no state or date', () => {
    expect(
      verifiedMatchRows(match({ state: null, excluded_on: null, reinstated_on: '2026-03-03', basis: 'name' })),
    ).toEqual([
      ['Name on the list', 'VINCENT R LIM'],
      ['Excluded since', 'date not published'],
      ['Reinstated', 'Mar 3, 2026'],
      ['Type', TYPE],
      ['Matched by', 'confirmed by a reviewer'],
    ]);
  });
});

describe('verifiedCheckText', () => {
  it("words each list's check as the report page does, with the time and its zone", () => {
    // Midday UTC: the same calendar day in every time zone a test machine runs in.
    expect(verifiedCheckText({ name: 'LEIE', state: 'checked', checked_at: '2026-11-27T12:00:00.000Z' })).toMatch(
      /^LEIE checked Nov 27, 2026, \d{1,2}:\d{2} [AP]M [A-Z][A-Za-z0-9+:-]+$/,
    );
    expect(verifiedCheckText({ name: 'SAM', state: 'not_configured', checked_at: null })).toBe('SAM not configured');
    expect(verifiedCheckText({ name: 'SAM', state: 'never', checked_at: null })).toBe('SAM not checked yet');
  });
});

describe('VERIFIED_STANDING', () => {
  it('never calls an unread list clear', () => {
    expect(VERIFIED_STANDING.not_checked).toMatch(/^Not checked/);
    expect(VERIFIED_STANDING.possible_match).toMatch(/not confirmed/);
  });
});
