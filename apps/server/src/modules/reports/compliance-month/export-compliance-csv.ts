import { COMPLIANCE_GAP_WORDS, type ComplianceMonth } from '@licensewatch/shared/compliance';
import { type Cell, toCsv } from '../../../platform/csv.ts';

/** The CSV's columns, in order: one row per license and per list of each report. */
export const COMPLIANCE_CSV_HEADER = [
  'Physician',
  'External ID',
  'Line',
  'State',
  'License number',
  'Source',
  'Checked in month',
  'Last checked at (UTC)',
  'Method',
  'Result',
  'Gap',
] as const;

/** A month's compliance record as CSV (docs/product-rules.md, Monthly compliance record). */
export function exportComplianceCsv(view: ComplianceMonth): { filename: string; body: string } {
  const rows: Cell[][] = [];
  for (const report of view.reports) {
    const lines = [
      ...report.licenses.map((line) => ['License', line] as const),
      ...report.lists.map((line) => ['Exclusion list', line] as const),
    ];
    for (const [what, line] of lines) {
      rows.push([
        report.physician,
        report.external_id,
        what,
        line.state,
        line.license_number,
        line.source,
        line.gap ? 'no' : 'yes',
        line.last_check?.checked_at ?? null,
        line.last_check?.method ?? null,
        line.last_check?.result ?? null,
        line.gap ? COMPLIANCE_GAP_WORDS[line.gap] : null,
      ]);
    }
  }
  return { filename: `compliance-${view.month}.csv`, body: toCsv(COMPLIANCE_CSV_HEADER, rows) };
}
