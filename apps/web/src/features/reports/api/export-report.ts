import { endpointPath } from '@licensewatch/shared/endpoint-path';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';

export type ReportExportFormat = 'csv' | 'xlsx';

const EXPORTS = { csv: REPORTS_ENDPOINTS.exportCsv, xlsx: REPORTS_ENDPOINTS.exportXlsx } as const;

/** The server's download of a report; the session cookie authenticates a plain link to it. */
export const reportExportUrl = (id: string, format: ReportExportFormat) => endpointPath(EXPORTS[format], { id });
