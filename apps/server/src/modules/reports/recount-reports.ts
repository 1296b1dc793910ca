import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { type CountedLicense, countLicenses, type LicenseCounts } from './count-licenses.ts';

/** Today in UTC, the day every count and status is judged on. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * Counts the licenses each of `reportIds` shows (attached, not hidden, with a number) with
 * countLicenses and stores the counts on the report, with when they were taken and until which
 * day the dates leave them right. Called when an update or refresh ends, when hiding changes the
 * set, and by a read that finds stored counts stale (list-reports.ts). One read and one write
 * however many reports.
 */
export async function recountReports(
  db: Db | Tx,
  reportIds: readonly string[],
  now = new Date(),
): Promise<Map<string, LicenseCounts>> {
  const counted = new Map<string, LicenseCounts>();
  if (reportIds.length === 0) return counted;
  const ids = [...new Set(reportIds)];
  // The database's clock, read before the licenses: a change committed after this read carries a
  // later updated_at / created_at / hidden_at, so the next read sees these counts as stale.
  const { rows: clock } = await db.execute<{ taken_at: string }>(sql`SELECT statement_timestamp()::text AS taken_at`);
  const { rows } = await db.execute<{ report_id: string; status: string; expiry_date: string | null }>(sql`
    SELECT rl.report_id, l.status, l.expiry_date::text AS expiry_date
    FROM report_license rl
    JOIN license l ON l.id = rl.license_id
    WHERE rl.report_id = ANY(${sql.param(ids)}::text[]) AND rl.hidden_at IS NULL AND l.license_number IS NOT NULL`);
  // Each report's workspace's window: the counts are as "expiring" means there.
  const { rows: windows } = await db.execute<{ id: string; days: number }>(sql`
    SELECT r.id, w.expiring_within_days AS days FROM report r JOIN workspace w ON w.id = r.workspace_id
    WHERE r.id = ANY(${sql.param(ids)}::text[])`);
  const windowOf = new Map(windows.map((w) => [w.id, Number(w.days)]));
  const byReport = new Map<string, CountedLicense[]>(ids.map((id) => [id, []]));
  for (const r of rows) byReport.get(r.report_id)?.push({ status: r.status, expiryDate: r.expiry_date });
  const today = utcToday(now);
  const columns = { total: [] as number[], active: [] as number[], expiring: [] as number[], expired: [] as number[] };
  const attention: number[] = [];
  const validUntil: (string | null)[] = [];
  const countedWith: number[] = [];
  for (const id of ids) {
    const within = windowOf.get(id) ?? DEFAULT_EXPIRING_WITHIN_DAYS;
    countedWith.push(within);
    const c = countLicenses(byReport.get(id) ?? [], today, within);
    counted.set(id, {
      total: c.total,
      active: c.active,
      expiring: c.expiring,
      expired: c.expired,
      needsAttention: c.needsAttention,
    });
    columns.total.push(c.total);
    columns.active.push(c.active);
    columns.expiring.push(c.expiring);
    columns.expired.push(c.expired);
    attention.push(c.needsAttention);
    validUntil.push(c.validUntil);
  }
  await db.execute(sql`
    UPDATE report r SET total_licenses = c.total, active_licenses = c.active, expiring_licenses = c.expiring,
      expired_licenses = c.expired, needs_attention_licenses = c.attention,
      counted_at = ${clock[0]?.taken_at ?? null}::timestamptz, counts_valid_until = c.valid_until
    FROM unnest(${sql.param(ids)}::text[], ${sql.param(columns.total)}::int[], ${sql.param(columns.active)}::int[],
      ${sql.param(columns.expiring)}::int[], ${sql.param(columns.expired)}::int[], ${sql.param(attention)}::int[],
      ${sql.param(validUntil)}::date[], ${sql.param(countedWith)}::int[])
      AS c(id, total, active, expiring, expired, attention, valid_until, within)
    -- Not over a window changed since it was read (update-expiry-windows.ts marked them stale):
    -- those stay stale, and the next read counts them with the new one.
    WHERE r.id = c.id
      AND (SELECT w.expiring_within_days FROM workspace w WHERE w.id = r.workspace_id) = c.within`);
  return counted;
}

/**
 * Marks every report of `workspaceId` as needing a recount (its expiry window changed): the next
 * read recounts them (list-reports.ts), as it does when the dates move a count.
 */
export async function markWorkspaceCountsStale(db: Db | Tx, workspaceId: string): Promise<void> {
  await db.execute(sql`UPDATE report SET counted_at = NULL WHERE workspace_id = ${workspaceId}`);
}
