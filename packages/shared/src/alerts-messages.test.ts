import { describe, expect, it } from 'vitest';
import { unsubscribePurposeOf } from './alerts-messages.ts';

describe('unsubscribePurposeOf', () => {
  it('reads the purpose a token names, or null for anything else', () => {
    expect(unsubscribePurposeOf('user-1.weekly.sig')).toBe('weekly');
    expect(unsubscribePurposeOf('user-1.alerts.sig')).toBe('alerts');
    expect(unsubscribePurposeOf('user-1.everything.sig')).toBeNull();
    expect(unsubscribePurposeOf('')).toBeNull();
  });
});
