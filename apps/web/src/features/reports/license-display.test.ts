import { describe, expect, it } from 'vitest';
import { boardStatusNote, daysToExpiryText, physicianName } from './license-display';

describe('boardStatusNote', () => {
  it('adds the board status when it says more than Active/Expired', () => {
    expect(boardStatusNote({ status: 'Active', board_status: 'suspended' })).toBe('Suspended');
    expect(boardStatusNote({ status: 'Active', board_status: 'probation' })).toBe('Probation');
    // An in-date license the physician surrendered is shown as such, never as plainly active.
    expect(boardStatusNote({ status: 'Active', board_status: 'surrendered' })).toBe('Surrendered');
    expect(boardStatusNote({ status: 'Expired', board_status: 'active' })).toBe('Active');
  });

  it('says nothing when the board agrees or does not know', () => {
    expect(boardStatusNote({ status: 'Active', board_status: 'active' })).toBeNull();
    expect(boardStatusNote({ status: 'Expired', board_status: 'expired' })).toBeNull();
    expect(boardStatusNote({ status: 'Expired', board_status: 'unknown' })).toBeNull();
  });
});

describe('daysToExpiryText', () => {
  it('words future, past, today and missing expiry dates', () => {
    expect(daysToExpiryText(30)).toBe('30 days');
    expect(daysToExpiryText(1)).toBe('1 day');
    expect(daysToExpiryText(0)).toBe('Today');
    expect(daysToExpiryText(-3)).toBe('3 days ago');
    expect(daysToExpiryText(null)).toBe('-');
  });
});

describe('physicianName', () => {
  it('joins the parts and skips an empty middle name', () => {
    expect(physicianName({ first_name: 'Jane', middle_name: 'A.', last_name: 'Doe' })).toBe('Jane A. Doe');
    expect(physicianName({ first_name: 'Jane', middle_name: null, last_name: 'Doe' })).toBe('Jane Doe');
    expect(physicianName({ first_name: 'Jane', middle_name: ' ', last_name: 'Doe' })).toBe('Jane Doe');
  });
});
