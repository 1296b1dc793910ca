import type { ComplianceStatement } from '@licensewatch/shared/compliance';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { monthRange } from './read-compliance-month.ts';
import { renderCompliancePdf } from './render-compliance-pdf.ts';

const statement = (reports: number): ComplianceStatement => ({
  kind: 'compliance_month',
  id: 'abcdefghijklmnopqrstuvwxyz',
  issued_at: '2026-03-31T12:00:00.000Z',
  workspace: 'Clinique Zoë',
  month: '2026-03',
  head: { seq: 42, hash: 'f'.repeat(64) },
  summary: {
    reports,
    licenses_checked: reports,
    licenses_total: reports * 2,
    lists_checked: reports * 2,
    lists_total: reports * 2,
    gaps: { board_unavailable: reports, manual_overdue: 0, sam_not_configured: 0, not_checked: 0 },
  },
  reports: Array.from({ length: reports }, (_, i) => ({
    report_id: `r${i}`,
    physician: `Łukasz Physician ${i}`,
    external_id: i % 2 ? `emp-${i}` : null,
    licenses: [
      {
        state: 'Washington',
        license_number: `MD${i}`,
        source: 'Washington Medical Commission',
        last_check: {
          checked_at: '2026-03-02T04:00:00.000Z',
          source: 'Washington Medical Commission',
          method: 'bulk',
          result: 'active',
        },
        gap: null,
      },
      {
        state: 'District of Columbia',
        license_number: `DC${i}`,
        source: 'DC Board of Medicine',
        last_check: null,
        gap: 'board_unavailable',
      },
    ],
    lists: [
      {
        state: null,
        license_number: null,
        source: 'OIG LEIE',
        last_check: { checked_at: '2026-03-02T04:00:00.000Z', source: 'OIG LEIE', method: 'list', result: 'no match' },
        gap: null,
      },
      {
        state: null,
        license_number: null,
        source: 'SAM.gov',
        last_check: { checked_at: '2026-03-02T04:00:00.000Z', source: 'SAM.gov', method: 'list', result: 'no match' },
        gap: null,
      },
    ],
  })),
  simulated: false,
  sha256: 'e'.repeat(64),
});

describe('the monthly statement PDF', () => {
  it('prints every line across as many pages as it takes, whatever the names', async () => {
    const bytes = await renderCompliancePdf(
      statement(120),
      'https://licensewatch.example/verify/abcdefghijklmnopqrstuvwxyz',
    );
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Compliance statement 2026-03 abcdefghijklmnopqrstuvwxyz');
    expect(doc.getPageCount()).toBeGreaterThan(5);
  });

  it('says so when the workspace had no reports', async () => {
    const doc = await PDFDocument.load(await renderCompliancePdf(statement(0), 'https://x.example/verify/a'));
    expect(doc.getPageCount()).toBe(1);
  });
});

describe('monthRange', () => {
  it('is the UTC month, December into January', () => {
    expect(monthRange('2026-12')).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});
