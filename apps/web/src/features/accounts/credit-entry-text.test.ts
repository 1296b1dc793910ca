import type { CreditHistoryEntry } from '@licensewatch/shared/credentials';
import { describe, expect, it } from 'vitest';
import { describeCreditEntry, formatCreditDelta } from './credit-entry-text';

const entry = (over: Partial<CreditHistoryEntry>): CreditHistoryEntry => ({
  id: 'x',
  date: '2026-01-02T03:04:05.000Z',
  kind: 'report',
  reason: 'plan-start',
  delta: 1,
  balance_after: 1,
  count: 1,
  report_name: null,
  plan_name: null,
  ...over,
});

describe('describeCreditEntry', () => {
  it('names the plan a plan row moved to, and says less when it is not known', () => {
    expect(describeCreditEntry(entry({ plan_name: 'free' }))).toBe('Plan started: Free');
    expect(describeCreditEntry(entry({ reason: 'trial-switch', plan_name: 'premium' }))).toBe(
      'Trial switched to Premium',
    );
    expect(describeCreditEntry(entry({ reason: 'plan-change' }))).toBe('Plan changed');
  });

  it('names the report a credit paid for, or says it was deleted', () => {
    expect(describeCreditEntry(entry({ reason: 'report-created', report_name: 'Jane Doe' }))).toBe(
      'Report created: Jane Doe',
    );
    expect(describeCreditEntry(entry({ reason: 'report-created' }))).toBe('Report created: deleted report');
  });

  it('counts the API calls of a day and words the grants', () => {
    expect(describeCreditEntry(entry({ kind: 'api', reason: 'api-call', count: 12 }))).toBe('API calls (12)');
    expect(describeCreditEntry(entry({ kind: 'temp_report', reason: 'admin-grant' }))).toBe(
      'Credits granted by an administrator',
    );
  });
});

describe('formatCreditDelta', () => {
  it('writes the sign out, so the change never rests on colour alone', () => {
    expect(formatCreditDelta(4)).toBe('+4');
    expect(formatCreditDelta(-1200)).toBe('\u22121,200');
    expect(formatCreditDelta(0)).toBe('0');
  });
});
