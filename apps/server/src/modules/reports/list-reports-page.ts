import type { ReportPageQuery } from '@licensewatch/shared/report-monitoring';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { listReports, type ReportSummary } from './list-reports.ts';
import { utcToday } from './recount-reports.ts';

const STANDING_COUNT = {
  active: 'active',
  expiring: 'expiring',
  expired: 'expired',
  attention: 'needsAttention',
} as const;

/** A page's place: the last report's creation and id, newest first (the list's own order). */
const encodeCursor = (r: ReportSummary) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = Date.parse(at);
  if (!id || Number.isNaN(createdAt)) {
    throw AppError.validation('cursor: not a cursor this list gave; start again without one');
  }
  return { createdAt, id };
}

const needsAttention = (r: ReportSummary) =>
  r.attention.excluded ||
  r.attention.exclusionReviews + r.counts.needsAttention + r.attention.matches + r.attention.verificationsDue > 0;

/**
 * The workspace's reports a page at a time for a system that polls (docs/product-rules.md, Reports
 * by API key), newest first, with the same counts as the list (listReports). The filters on a
 * report's counts and attention are read from those; the two on its licenses' dates and changes
 * ask the database which reports qualify.
 */
export async function listReportsPage(
  db: Db,
  workspaceId: string,
  query: ReportPageQuery,
): Promise<{ reports: ReportSummary[]; nextCursor: string | null }> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  const [all, byLicenses] = await Promise.all([
    listReports(db, workspaceId),
    reportsByLicenses(db, workspaceId, query),
  ]);
  const wanted = all.filter(
    (r) =>
      (byLicenses === null || byLicenses.has(r.id)) &&
      (query.external_id === undefined || r.externalId === query.external_id) &&
      (query.standing === undefined || r.counts[STANDING_COUNT[query.standing]] > 0) &&
      (query.needs_attention === undefined || needsAttention(r) === query.needs_attention) &&
      (query.verification_due === undefined || r.attention.verificationsDue > 0 === query.verification_due) &&
      (after === null ||
        r.createdAt.getTime() < after.createdAt ||
        (r.createdAt.getTime() === after.createdAt && r.id < after.id)),
  );
  const page = wanted.slice(0, query.limit);
  const last = page.at(-1);
  return { reports: page, nextCursor: wanted.length > query.limit && last ? encodeCursor(last) : null };
}

/** The reports that pass the filters on their tracked licenses; null when none is asked for. */
async function reportsByLicenses(db: Db, workspaceId: string, query: ReportPageQuery): Promise<Set<string> | null> {
  const { expiring_within_days: within, changed_since: since } = query;
  if (within === undefined && since === undefined) return null;
  const today = utcToday();
  const { rows } = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM report r
    WHERE r.workspace_id = ${workspaceId}
      ${
        within === undefined
          ? sql``
          : sql`AND EXISTS (SELECT 1 FROM report_license rl JOIN license l ON l.id = rl.license_id
              WHERE rl.report_id = r.id AND rl.hidden_at IS NULL
                AND l.expiry_date BETWEEN ${today}::date AND ${today}::date + ${within}::int)`
      }
      ${
        since === undefined
          ? sql``
          : sql`AND (r.created_at > ${since}::timestamptz
              OR EXISTS (SELECT 1 FROM report_license rl WHERE rl.report_id = r.id AND rl.hidden_at IS NULL
                AND (rl.created_at > ${since}::timestamptz
                  OR EXISTS (SELECT 1 FROM license_event e WHERE e.license_id = rl.license_id AND e.occurred_at > ${since}::timestamptz))))`
      }`);
  return new Set(rows.map((r) => r.id));
}
