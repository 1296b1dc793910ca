import type { ActionItem, ActionKind, ActionNeeded } from '@licensewatch/shared/action-needed';
import { ACTION_KINDS } from '@licensewatch/shared/action-needed';
import { DEFAULT_EXPIRING_WITHIN_DAYS } from '@licensewatch/shared/expiry-windows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { listReports } from './list-reports.ts';

const rank = new Map<ActionKind, number>(ACTION_KINDS.map((kind, i) => [kind, i]));

/**
 * The workspace's Action needed inbox (docs/product-rules.md, Action needed): per report, each
 * kind of open item its counts hold — the same counts the report page and dashboard show, so the
 * inbox cannot disagree with them — and the latest finished roster import when it failed or lost
 * rows. Nothing is stored: an item is gone as soon as what it points at is resolved. Worst kind
 * first, then by physician. `total` counts an import that failed whole (no count) as one thing to do.
 */
export async function listActionItems(db: Db, workspaceId: string): Promise<ActionNeeded> {
  const [reports, { rows: imports }, { rows: windows }] = await Promise.all([
    listReports(db, workspaceId),
    db.execute<{ id: string; file_name: string; status: string; failed_count: number }>(sql`
      SELECT id, file_name, status, failed_count FROM roster_import
      WHERE workspace_id = ${workspaceId} AND status IN ('done', 'failed')
      ORDER BY created_at DESC, id DESC LIMIT 1`),
    db.execute<{ days: number }>(sql`SELECT expiring_within_days AS days FROM workspace WHERE id = ${workspaceId}`),
  ]);
  const items: ActionItem[] = [];
  for (const r of reports) {
    const subject = [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ');
    const add = (kind: ActionKind, count: number) => {
      if (count > 0) items.push({ kind, subject, report_id: r.id, import_id: null, count });
    };
    add('excluded', Number(r.attention.excluded));
    add('exclusion_review', r.attention.exclusionReviews);
    add('license_status', r.counts.needsAttention);
    add('expiring', r.counts.expiring);
    add('match_review', r.attention.matches);
    add('verification_due', r.attention.verificationsDue);
  }
  const last = imports[0];
  if (last && (last.status === 'failed' || last.failed_count > 0))
    items.push({
      kind: 'import_failed',
      subject: last.file_name,
      report_id: null,
      import_id: last.id,
      count: last.status === 'failed' ? 0 : last.failed_count,
    });
  items.sort(
    (a, b) =>
      (rank.get(a.kind) ?? 0) - (rank.get(b.kind) ?? 0) ||
      a.subject.localeCompare(b.subject, 'en-US') ||
      (a.report_id ?? '').localeCompare(b.report_id ?? ''),
  );
  return {
    total: items.reduce((sum, i) => sum + Math.max(i.count, 1), 0),
    items,
    expiring_within_days: Number(windows[0]?.days ?? DEFAULT_EXPIRING_WITHIN_DAYS),
  };
}
