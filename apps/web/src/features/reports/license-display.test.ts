import { describe, expect, it } from 'vitest';
import { boardWording, daysToExpiryText } from './license-display';

describe('boardWording', () => {
  it('gives the board’s own words when they say more than the status', () => {
    expect(boardWording({ status: 'Suspended', board_status_text: 'Suspended - Emergency Order' })).toBe(
      'Suspended - Emergency Order',
    );
    expect(boardWording({ status: 'Active', board_status_text: 'CLEAR/ACTIVE' })).toBe('CLEAR/ACTIVE');
    expect(boardWording({ status: 'Expired', board_status_text: 'Active' })).toBe('Active');
  });

  it('says nothing when the board published nothing or the same word', () => {
    expect(boardWording({ status: 'Suspended', board_status_text: 'SUSPENDED' })).toBeNull();
    expect(boardWording({ status: 'Active', board_status_text: ' active ' })).toBeNull();
    expect(boardWording({ status: 'Active', board_status_text: null })).toBeNull();
    expect(boardWording({ status: 'Active', board_status_text: '' })).toBeNull();
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
