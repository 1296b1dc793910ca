import { describe, expect, it } from 'vitest';
import { describeAuditChange } from './describe-audit-change';

describe('describeAuditChange', () => {
  it('names each field with its value before and after', () => {
    expect(describeAuditChange({ is_active: true }, { is_active: false })).toEqual(['is active: true → false']);
    expect(describeAuditChange({ temp_report_credits: 0 }, { temp_report_credits: 3 })).toEqual([
      'temp report credits: 0 → 3',
    ]);
  });

  it('shows a field only one side has, and plain values as "value"', () => {
    expect(describeAuditChange({ plan_name: 'basic', reports: 2 }, null)).toEqual(['plan name: basic', 'reports: 2']);
    expect(describeAuditChange('LicenseWatch', 'Acme')).toEqual(['value: LicenseWatch → Acme']);
    expect(describeAuditChange(null, { value: true })).toEqual(['value: - → true']);
  });
});
