import { describe, expect, it } from 'vitest';
import { EXCLUSION_TYPES, exclusionTypeCode, exclusionTypeLabel, setReportNpiSchema } from './exclusions.ts';
import { describeExclusionCheck } from './exclusions-messages.ts';

describe('exclusion types', () => {
  it('knows the LEIE codes as printed, whatever their case or spacing', () => {
    expect(exclusionTypeCode('1128a1')).toBe('1128a1');
    expect(exclusionTypeCode('1128Aa')).toBe('1128aa');
    expect(exclusionTypeCode(' BRCH  SA ')).toBe('brch sa');
    expect(exclusionTypeCode('1128b8A')).toBe('1128b8a');
    expect(exclusionTypeCode('9999z')).toBeNull();
    expect(exclusionTypeCode('constructor')).toBeNull();
  });

  it('labels a code with its section and meaning, and passes other wording through', () => {
    expect(exclusionTypeLabel('1128b4')).toBe('1128(b)(4) License revocation, suspension or surrender');
    expect(exclusionTypeLabel('Ineligible (Proceedings Completed)')).toBe('Ineligible (Proceedings Completed)');
    for (const { section, meaning } of Object.values(EXCLUSION_TYPES)) expect(section && meaning).toBeTruthy();
  });
});

describe('setReportNpiSchema', () => {
  it('takes a valid NPI with spaces or dashes, or null, and refuses a wrong check digit', () => {
    expect(setReportNpiSchema.parse({ npi: '1234-56789 3' })).toEqual({ npi: '1234567893' });
    expect(setReportNpiSchema.parse({ npi: null })).toEqual({ npi: null });
    expect(setReportNpiSchema.safeParse({ npi: '1234567890' }).success).toBe(false);
  });
});

describe('describeExclusionCheck', () => {
  const date = (iso: string) => iso.slice(0, 10);
  it('names each state of a list’s check, never as clear when it was not checked', () => {
    const at = '2026-11-20T05:00:00.000Z';
    expect(describeExclusionCheck({ name: 'LEIE', state: 'checked', checked_at: at }, date)).toBe(
      'LEIE checked 2026-11-20',
    );
    expect(describeExclusionCheck({ name: 'SAM', state: 'stale', checked_at: at }, date)).toBe(
      'SAM stale, last checked 2026-11-20',
    );
    expect(describeExclusionCheck({ name: 'SAM', state: 'stale', checked_at: null }, date)).toBe(
      'SAM not reachable yet',
    );
    expect(describeExclusionCheck({ name: 'SAM', state: 'not_configured', checked_at: null }, date)).toBe(
      'SAM not configured',
    );
    expect(describeExclusionCheck({ name: 'LEIE', state: 'never', checked_at: null }, date)).toBe(
      'LEIE not checked yet',
    );
  });
});
