import type { ReportStates } from '@licensewatch/shared/reports';
import { describe, expect, it } from 'vitest';
import {
  earliestCheckDay,
  fieldErrors,
  knownLicenseNumber,
  latestCheckDay,
  needsVerifying,
  refusalField,
  statesVerifiedByHand,
} from './manual-verification-display';
import { reportLicenseFixture } from './report-license-fixture';

type StateRow = ReportStates['states'][number];

const state = (
  name: StateRow['state'],
  outcome: StateRow['outcome'],
  method: 'manual' | 'off' | 'lookup',
): StateRow => ({
  state: name,
  outcome,
  licenses: outcome === 'found' ? 1 : 0,
  hidden: 0,
  to_review: 0,
  checked_at: null,
  retry_at: null,
  board: { board_id: 'x', name: `${name} Board`, method, detail: null, lookup_url: 'https://example.test/look-up' },
  verification_due_on: null,
});

describe('the states verified by hand', () => {
  it('lists only boards no machine reads, due first, then never verified, then verified', () => {
    const rows = statesVerifiedByHand([
      state('Alaska', 'found', 'manual'),
      state('Georgia', 'verify_by_hand', 'off'),
      state('Texas', 'found', 'lookup'),
      state('Utah', 'verification_due', 'manual'),
    ]);
    expect(rows.map((r) => r.state)).toEqual(['Utah', 'Georgia', 'Alaska']);
    expect(rows.map(needsVerifying)).toEqual([true, true, false]);
  });

  it("offers the number of the state's most recently checked license verified by hand", () => {
    const byHand = (id: string, checked: string) =>
      reportLicenseFixture(id, {
        state: 'Hawaii',
        verified_by_hand: { checked_on: checked, verified_by: 'Jane Roe', due_on: checked, due: false },
      });
    const licenses = [byHand('1', '2026-10-01'), byHand('2', '2026-11-01'), reportLicenseFixture('3')];
    expect(knownLicenseNumber(licenses, 'Hawaii')).toBe('MD2');
    expect(knownLicenseNumber(licenses, 'Texas')).toBeNull();
  });
});

describe('the date checked', () => {
  it("is the reader's today, never past UTC's", () => {
    // 23:30 on Nov 28 in UTC: a reader in Los Angeles is still on the 28th, one in Tokyo on the 29th.
    const now = new Date('2026-11-28T23:30:00Z');
    expect(latestCheckDay(now) <= '2026-11-28').toBe(true);
    expect(earliestCheckDay(now) <= '2025-11-28').toBe(true);
  });
});

describe('the messages of the form', () => {
  it('keeps the first message of each field', () => {
    expect(
      fieldErrors([
        { path: ['checked_on'], message: 'The date checked cannot be in the future' },
        { path: ['checked_on'], message: 'later' },
        { path: ['evidence', 'content'], message: 'Attach the evidence file' },
        { path: ['state'], message: 'not a field of the form' },
      ]),
    ).toEqual({ checked_on: 'The date checked cannot be in the future', evidence: 'Attach the evidence file' });
  });

  it('puts a server refusal under the field it names, or above the form when it names none', () => {
    expect(refusalField('evidence: The evidence must be a PDF, PNG or JPEG file')).toEqual({
      field: 'evidence',
      message: 'The evidence must be a PDF, PNG or JPEG file',
    });
    expect(refusalField('evidence.content: The evidence file is larger than 5 MB')).toEqual({
      field: 'evidence',
      message: 'The evidence file is larger than 5 MB',
    });
    expect(refusalField('Your Free plan tracks up to 1 license.')).toEqual({
      field: null,
      message: 'Your Free plan tracks up to 1 license.',
    });
  });
});
