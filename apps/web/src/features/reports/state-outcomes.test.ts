import type { ReportStates } from '@licensewatch/shared/reports';
import { describe, expect, it } from 'vitest';
import { describeStateOutcome, summarizeStates } from './state-outcomes';

type Row = ReportStates['states'][number];
const row = (
  state: Row['state'],
  outcome: Row['outcome'],
  licenses = 0,
  retry_at: string | null = null,
  to_review = 0,
): Row => ({
  state,
  outcome,
  licenses,
  hidden: 0,
  to_review,
  checked_at: outcome === 'searching' ? null : '2026-11-26T10:00:00Z',
  retry_at,
  board: { board_id: 'xx-med', name: 'A board', method: 'lookup', detail: null, lookup_url: 'https://board.example/' },
  verification_due_on: null,
});
/** A state whose board no machine may read, with its verification due date when one is recorded. */
const byHand = (state: Row['state'], outcome: Row['outcome'], licenses = 0, due: string | null = null): Row => ({
  ...row(state, outcome, licenses),
  board: {
    board_id: 'xx-med',
    name: 'A board',
    method: 'manual',
    detail: 'The board guards its look-up with a CAPTCHA: reCAPTCHA v2.',
    lookup_url: 'https://board.example/',
  },
  verification_due_on: due,
});
const time = (iso: string) => `at(${iso})`;

describe('summarizeStates', () => {
  it('accounts for every state once the search is done', () => {
    const states = [
      row('Ohio', 'found', 2),
      row('Texas', 'found', 1),
      row('Utah', 'none_found'),
      row('Iowa', 'unavailable', 0, '2026-11-26T10:10:00Z'),
    ];
    expect(summarizeStates(states)).toBe('4 states searched · 3 licenses in 2 states · 1 board unavailable');
  });

  it('says how far the search has got while it runs, and when nothing was found', () => {
    expect(summarizeStates([row('Ohio', 'searching'), row('Utah', 'none_found')])).toBe(
      '1 of 2 states searched · no licenses found',
    );
    expect(summarizeStates([row('Ohio', 'found', 1)])).toBe('1 state searched · 1 license in 1 state');
  });

  it('counts the possible matches waiting for review, wherever they are', () => {
    const states = [
      row('Ohio', 'found', 1, null, 1),
      row('Utah', 'to_review', 0, null, 2),
      row('Iowa', 'unavailable', 0, '2026-11-26T10:10:00Z'),
    ];
    expect(summarizeStates(states)).toBe(
      '3 states searched · 1 license in 1 state · 3 to review · 1 board unavailable',
    );
    // Nothing tracked is not nothing found.
    expect(summarizeStates([row('Utah', 'to_review', 0, null, 2)])).toBe(
      '1 state searched · no licenses tracked · 2 to review',
    );
  });
});

describe('states verified by hand', () => {
  it('are not counted as searched: they wait for a person, and the summary says how many', () => {
    const states = [
      row('Ohio', 'found', 2),
      byHand('Hawaii', 'verify_by_hand'),
      byHand('Utah', 'verification_due', 1, '2026-11-01'),
      byHand('Georgia', 'found', 1, '2026-12-20'),
    ];
    expect(summarizeStates(states)).toBe('1 state searched · 4 licenses in 3 states · 2 to verify by hand');
    expect(summarizeStates([byHand('Hawaii', 'verify_by_hand')])).toBe('no licenses found · 1 to verify by hand');
  });

  it('say what a person must do, and when a verification is due again', () => {
    const day = (d: string) => `day(${d})`;
    expect(describeStateOutcome(byHand('Hawaii', 'verify_by_hand'), time, day)).toBe(
      'Verify by hand: no machine may read this board',
    );
    const off = byHand('Florida', 'verify_by_hand');
    expect(describeStateOutcome({ ...off, board: off.board && { ...off.board, method: 'off' } }, time, day)).toBe(
      'Verify by hand: no source is read for this board now',
    );
    expect(describeStateOutcome(byHand('Utah', 'verification_due', 1, '2026-11-01'), time, day)).toBe(
      'Verification due since day(2026-11-01)',
    );
    expect(describeStateOutcome(byHand('Georgia', 'found', 1, '2026-12-20'), time, day)).toBe(
      '1 license; verified by hand, due again day(2026-12-20)',
    );
  });
});

describe('describeStateOutcome', () => {
  it('names each outcome, with the retry time of an unavailable board', () => {
    expect(describeStateOutcome(row('Ohio', 'found', 2), time)).toBe('2 licenses');
    expect(describeStateOutcome(row('Ohio', 'none_found'), time)).toBe('None found');
    // Found and hidden by the user is not "none found".
    expect(describeStateOutcome({ ...row('Ohio', 'none_found'), hidden: 1 }, time)).toBe('1 hidden');
    expect(describeStateOutcome({ ...row('Ohio', 'found', 2), hidden: 1 }, time)).toBe('2 licenses; 1 hidden');
    expect(describeStateOutcome(row('Ohio', 'to_review', 0, null, 2), time)).toBe('2 possible matches to review');
    expect(describeStateOutcome(row('Ohio', 'found', 1, null, 1), time)).toBe('1 license; 1 possible match to review');
    expect(describeStateOutcome(row('Ohio', 'searching'), time)).toBe('Searching…');
    expect(describeStateOutcome(row('Ohio', 'unavailable', 0, '2026-11-26T10:10:00Z'), time)).toBe(
      'Board unavailable, searched again at at(2026-11-26T10:10:00Z)',
    );
    expect(describeStateOutcome(row('Ohio', 'unavailable', 1), time)).toBe(
      'Board unavailable, searched again by the daily refresh; 1 license from earlier searches',
    );
  });
});
