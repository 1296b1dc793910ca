import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { ExclusionRejection } from '../../exclusions/tables.ts';

type FileRow = {
  source: string;
  kind: string;
  period: string | null;
  status: string;
  started_at: Date | string;
  rows_read: number;
  rows_rejected: number;
  error: string | null;
  rejections: ExclusionRejection[] | null;
  last_success_at: Date | string | null;
};
type Counts = { entries_listed: number; matches_confirmed: number; matches_to_review: number };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
// Enough to see what is wrong with a file; the run keeps the first hundred.
const REJECTIONS_SHOWN = 5;

/**
 * The exclusion lists' health (docs/exclusions.md): the latest read of the LEIE full file, of
 * each kind of supplement and of the SAM.gov exclusions extract — its status, rows, the malformed rows it counted (the first few with their
 * reasons) and the error of a failed one — beside its last success; and what screening found.
 */
export async function readExclusionLists(db: Db): Promise<AdminDashboard['exclusions']> {
  const [files, counts] = await Promise.all([
    db.execute<FileRow>(sql`
      SELECT DISTINCT ON (r.source, r.file_kind) r.source, r.file_kind AS kind, r.period, r.status, r.started_at, r.rows_read,
        r.rows_rejected, r.error, r.rejections,
        (SELECT max(ok.finished_at) FROM exclusion_ingest_run ok
         WHERE ok.source = r.source AND ok.file_kind = r.file_kind AND ok.status IN ('succeeded', 'warned')) AS last_success_at
      FROM exclusion_ingest_run r
      ORDER BY r.source, r.file_kind, r.started_at DESC`),
    db.execute<Counts>(sql`
      SELECT (SELECT count(*) FROM exclusion WHERE listed AND rein_date IS NULL)::int AS entries_listed,
        count(*) FILTER (WHERE m.status = 'confirmed')::int AS matches_confirmed,
        count(*) FILTER (WHERE m.status = 'possible')::int AS matches_to_review
      FROM exclusion_match m`),
  ]);
  const order = ['full', 'exclusions', 'reinstatements'];
  const sources = ['leie', 'sam'];
  return {
    files: files.rows
      .sort(
        (a, b) =>
          sources.indexOf(a.source) - sources.indexOf(b.source) || order.indexOf(a.kind) - order.indexOf(b.kind),
      )
      .map((f) => ({
        source: f.source,
        kind: f.kind,
        period: f.period,
        status: f.status,
        started_at: iso(f.started_at) as string,
        rows_read: f.rows_read,
        rows_rejected: f.rows_rejected,
        error: f.error,
        rejections: (f.rejections ?? []).slice(0, REJECTIONS_SHOWN),
        last_success_at: iso(f.last_success_at),
      })),
    entries_listed: counts.rows[0]?.entries_listed ?? 0,
    matches_confirmed: counts.rows[0]?.matches_confirmed ?? 0,
    matches_to_review: counts.rows[0]?.matches_to_review ?? 0,
  };
}
