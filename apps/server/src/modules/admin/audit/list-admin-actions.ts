import type { AdminAuditEntry, AdminAuditQuery } from '@licensewatch/shared/admin';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { likeContains } from '../../../platform/db/like-contains.ts';
import { adminAudit } from '../tables.ts';

export type AdminActionsPage = { entries: AdminAuditEntry[]; total: number; page: number; page_size: number };

/** The audit log, newest first, one page of it with the total of the filter (admin_audit_created_idx). */
export async function listAdminActions(db: Db, query: AdminAuditQuery): Promise<AdminActionsPage> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(adminAudit.action, query.action));
  if (query.target_type) filters.push(eq(adminAudit.targetType, query.target_type));
  if (query.q) {
    const pattern = likeContains(query.q);
    const either = or(ilike(adminAudit.actorEmail, pattern), ilike(adminAudit.targetLabel, pattern));
    if (either) filters.push(either);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(adminAudit).where(where),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      actor_email: row.actorEmail,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      target_label: row.targetLabel,
      before: row.before,
      after: row.after,
      reason: row.reason,
      ip: row.ip,
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
