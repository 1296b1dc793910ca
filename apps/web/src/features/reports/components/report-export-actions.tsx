import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useReportExports } from '../../../session/get-app-settings';
import { reportExportUrl } from '../api/export-report';

function openExport(url: string | null, unavailable: string) {
  if (!url) {
    toast.warning(unavailable);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * A report's exports: its Google Sheet and Airtable base, each only where the server is set up for
 * it (a report whose sheet is not made yet says so), and the CSV and Excel downloads, which stay
 * enabled on an expired plan: exports are always available, and an expired plan disables only
 * delete, sheet and table view (docs/product-rules.md, Plan expiry and Exports).
 */
export function ReportExportActions({ report, disabled }: { report: Report; disabled: boolean }) {
  const who = report.name;
  const exports = useReportExports();
  const download = buttonClasses('secondary', 'sm', 'whitespace-nowrap');
  // The copies the server keeps at Google and Airtable, each offered only where it is set up.
  const copies = [
    {
      on: exports.google_sheets,
      name: `Open Google Sheet for ${who}`,
      label: 'Sheet',
      url: report.google_sheet_url,
      missing: MESSAGES.reports.sheetUnavailable,
    },
    {
      on: exports.airtable,
      name: `Open Airtable base for ${who}`,
      label: 'Table view',
      url: report.airtable_base_url,
      missing: MESSAGES.reports.airtableUnavailable,
    },
  ];
  return (
    <>
      {copies
        .filter((copy) => copy.on)
        .map((copy) => (
          <Button
            key={copy.label}
            variant="secondary"
            size="sm"
            className="whitespace-nowrap"
            disabled={disabled}
            aria-label={copy.name}
            onClick={() => openExport(copy.url, copy.missing)}
          >
            {copy.label}
          </Button>
        ))}
      <a href={reportExportUrl(report.id, 'csv')} download className={download} aria-label={`Download CSV for ${who}`}>
        CSV
      </a>
      <a
        href={reportExportUrl(report.id, 'xlsx')}
        download
        className={download}
        aria-label={`Download Excel for ${who}`}
      >
        Excel
      </a>
    </>
  );
}
