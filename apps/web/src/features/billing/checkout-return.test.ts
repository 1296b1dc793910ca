import { describe, expect, it } from 'vitest';
import {
  CONFIRM_POLL_MS,
  checkoutReturnUrls,
  confirmationPollInterval,
  confirmationState,
  readCheckoutReturn,
  SLOW_POLL_MS,
  withoutCheckoutReturn,
} from './checkout-return';

describe('checkoutReturnUrls', () => {
  it('marks the dashboard with the plan bought and pricing with the cancellation', () => {
    expect(checkoutReturnUrls('https://app.example', 'premium')).toEqual({
      successUrl: 'https://app.example/dashboard?checkout=success&plan=premium',
      cancelUrl: 'https://app.example/pricing?checkout=cancelled',
    });
  });

  it('reads back what it wrote', () => {
    const { successUrl, cancelUrl } = checkoutReturnUrls('http://localhost:4000', 'basic');
    expect(readCheckoutReturn(new URL(successUrl).searchParams)).toEqual({ outcome: 'success', plan: 'basic' });
    expect(readCheckoutReturn(new URL(cancelUrl).searchParams)).toEqual({ outcome: 'cancelled' });
  });
});

describe('readCheckoutReturn', () => {
  it('ignores an address without the marker', () => {
    expect(readCheckoutReturn(new URLSearchParams('tab=business'))).toBeNull();
  });

  it('ignores a success that names no plan we sell: there would be nothing to confirm', () => {
    expect(readCheckoutReturn(new URLSearchParams('checkout=success'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('checkout=success&plan=free'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('checkout=success&plan=platinum'))).toBeNull();
    expect(readCheckoutReturn(new URLSearchParams('checkout=maybe&plan=basic'))).toBeNull();
  });
});

describe('withoutCheckoutReturn', () => {
  it('drops the marker and keeps everything else', () => {
    const rest = withoutCheckoutReturn(new URLSearchParams('checkout=success&plan=basic&tab=business'));
    expect(rest.toString()).toBe('tab=business');
  });
});

describe('confirmationState', () => {
  it('is confirmed only when the server says the plan bought is the current one', () => {
    expect(confirmationState('premium', 'premium', false)).toBe('confirmed');
    expect(confirmationState('premium', 'premium', true)).toBe('confirmed');
  });

  it('keeps confirming while the plan is unread or still the old one', () => {
    expect(confirmationState('premium', undefined, false)).toBe('confirming');
    expect(confirmationState('premium', 'free', false)).toBe('confirming');
    expect(confirmationState('premium', 'basic', false)).toBe('confirming');
  });

  it('says it is slow after the timeout, still without claiming the plan', () => {
    expect(confirmationState('premium', 'free', true)).toBe('slow');
    expect(confirmationState('premium', undefined, true)).toBe('slow');
  });
});

describe('confirmationPollInterval', () => {
  it('polls quickly, then slowly, and stops once confirmed', () => {
    expect(confirmationPollInterval('confirming')).toBe(CONFIRM_POLL_MS);
    expect(confirmationPollInterval('slow')).toBe(SLOW_POLL_MS);
    expect(confirmationPollInterval('confirmed')).toBe(false);
  });
});
