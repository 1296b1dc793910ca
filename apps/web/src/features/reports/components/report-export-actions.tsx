import { MESSAGES } from '@licensewatch/shared/messages';
import type { Report } from '@licensewatch/shared/reports';
import { Button, buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { reportExportUrl } from '../api/export-report';

function openExport(url: string | null, unavailable: string) {
  if (!url) {
    toast.warning(unavailable);
    return;
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * The spreadsheet (Google Sheet) and table-view (Airtable) links of a report, and its CSV download
 * — which stays enabled on an expired plan: exports are always available, and an expired plan
 * disables only delete, sheet and table view (docs/product-rules.md, Plan expiry and Exports).
 */
export function ReportExportActions({ report, disabled }: { report: Report; disabled: boolean }) {
  const who = report.name;
  return (
    <>
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
      <a
        href={reportExportUrl(report.id, 'csv')}
        download
        className={buttonClasses('secondary', 'sm', 'whitespace-nowrap')}
        aria-label={`Download CSV for ${who}`}
      >
        CSV
      </a>
    </>
  );
}
