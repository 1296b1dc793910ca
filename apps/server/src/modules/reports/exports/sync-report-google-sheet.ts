import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { report } from '../tables.ts';
import { REPORT_EXPORT_COLUMNS } from './build-report-export-rows.ts';
import { GoogleApiError, type GoogleSheetsClient, spreadsheetIdFromUrl } from './google-sheets.ts';
import { loadReportExport } from './load-report-export.ts';

export type GoogleSheetSync = { url: string; created: boolean };

/**
 * Mirrors a report's tracked licenses into its Google Sheet: the header and one row per license,
 * written RAW. The first sync creates the spreadsheet and stores its link on the report at once
 * — so a retry after a later step failed rewrites that spreadsheet instead of creating another —
 * then shares it with the owner, with Google's notification email. Later syncs clear and rewrite
 * the same spreadsheet and share it again without an email (for an existing grantee Drive should
 * answer with the permission it has; an owner whose email changed gains access). A spreadsheet deleted at Google is replaced
 * by a new one. Null when the report no longer exists.
 */
export async function syncReportGoogleSheet(
  ctx: Pick<Platform, 'db' | 'log'>,
  client: GoogleSheetsClient,
  reportId: string,
): Promise<GoogleSheetSync | null> {
  const source = await loadReportExport(ctx.db, reportId);
  if (!source) return null;
  const rows = [REPORT_EXPORT_COLUMNS, ...source.rows];
  const existingUrl = source.report.googleSheetUrl;
  const existingId = spreadsheetIdFromUrl(existingUrl);
  if (existingUrl && existingId) {
    try {
      await client.writeRows(existingId, rows, { clear: true });
      await client.shareAsReader(existingId, source.ownerEmail, { notify: false });
      return { url: existingUrl, created: false };
    } catch (err) {
      if (!(err instanceof GoogleApiError && err.status === 404)) throw err;
      ctx.log.warn(
        { reportId, spreadsheetId: existingId },
        'the report’s spreadsheet is gone at Google; creating a new one',
      );
    }
  }
  const created = await client.createSpreadsheet(source.report.name);
  const stored = await ctx.db
    .update(report)
    .set({ googleSheetUrl: created.url })
    .where(eq(report.id, reportId))
    .returning({ id: report.id });
  if (stored.length === 0) return null;
  await client.writeRows(created.spreadsheetId, rows, { clear: false });
  await client.shareAsReader(created.spreadsheetId, source.ownerEmail, { notify: true });
  return { url: created.url, created: true };
}
