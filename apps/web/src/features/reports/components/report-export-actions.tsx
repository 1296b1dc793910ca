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
  return (
    <>
      {exports.google_sheets ? (
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          disabled={disabled}
          aria-label={`Open Google Sheet for ${who}`}
          onClick={() => openExport(report.google_sheet_url, MESSAGES.reports.sheetUnavailable)}
        >
          Sheet
        </Button>
      ) : null}
      {exports.airtable ? (
        <Button
          variant="secondary"
          size="sm"
          className="whitespace-nowrap"
          disabled={disabled}
          aria-label={`Open Airtable base for ${who}`}
          onClick={() => openExport(report.airtable_base_url, MESSAGES.reports.airtableUnavailable)}
        >
          Table view
        </Button>
      ) : null}
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
