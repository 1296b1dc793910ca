export type ReportExportFormat = 'csv' | 'xlsx';

/** The server's download of a report; the session cookie authenticates a plain link to it. */
export const reportExportUrl = (id: string, format: ReportExportFormat) =>
  `/api/v2/reports/${encodeURIComponent(id)}/export.${format}`;
