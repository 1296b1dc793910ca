import { buttonClasses } from '../../../components/ui/button';
import { reportExportUrl } from '../api/export-report';
import { VerificationDownloadButton } from './verification-download-button';

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M10 3v10m0 0l-4-4m4 4l4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * CSV and Excel downloads of a report: plain links the browser downloads with the session
 * cookie; and its verification PDF (a POST: each one is stored). Always available, also on an
 * expired plan (the server allows it).
 */
export function ReportDownloadLinks({ reportId }: { reportId: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700">Download</span>
      <a
        href={reportExportUrl(reportId, 'csv')}
        download
        className={buttonClasses('secondary', 'sm')}
        aria-label="Download CSV"
      >
        <DownloadIcon />
        CSV
      </a>
      <a
        href={reportExportUrl(reportId, 'xlsx')}
        download
        className={buttonClasses('secondary', 'sm')}
        aria-label="Download Excel (XLSX)"
      >
        <DownloadIcon />
        Excel (XLSX)
      </a>
      <VerificationDownloadButton
        reportId={reportId}
        accessibleName="Download verification (PDF) of all tracked licenses"
      />
    </div>
  );
}
