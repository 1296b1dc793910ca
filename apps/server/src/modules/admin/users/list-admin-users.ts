import type { AdminUserListItem, AdminUsersQuery, AdminUsersResponse } from '@licensewatch/shared/admin';
import { and, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { likeContains } from '../../../platform/db/like-contains.ts';
import { user } from '../../accounts/tables.ts';
import { userPlan } from '../../plans/tables.ts';

/**
 * The users screen's list (docs/product-rules.md, Users): every account but administrators', newest first
 * (user_created_at_idx), one page with the total of the filter — one page query and one count.
 * An account without a plan row yet is on Free (ensureUserPlan gives it one on first use), so the
 * Free filter finds it.
 */
export async function listAdminUsers(db: Db, query: AdminUsersQuery): Promise<AdminUsersResponse> {
  const filters: SQL[] = [ne(user.role, 'admin')];
  if (query.q) {
    const pattern = likeContains(query.q);
    const either = or(ilike(user.email, pattern), ilike(user.name, pattern));
    if (either) filters.push(either);
  }
  if (query.status) filters.push(eq(user.isActive, query.status === 'active'));
  if (query.plan) {
    const onPlan =
      query.plan === 'free'
        ? or(eq(userPlan.planName, 'free'), isNull(userPlan.workspaceId))
        : eq(userPlan.planName, query.plan);
    if (onPlan) filters.push(onPlan);
  }
  const where = and(...filters);
  const planName = sql<AdminUserListItem['plan_name']>`coalesce(${userPlan.planName}, 'free')`;
  const countQuery = db.select({ n: count() }).from(user);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        createdAt: user.createdAt,
        lastSignInAt: user.lastSignInAt,
        isActive: user.isActive,
        planName,
      })
      .from(user)
      .leftJoin(userPlan, eq(userPlan.workspaceId, user.id))
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    // The join only when the plan filter needs it: the plain count stays on the user table.
    (query.plan ? countQuery.leftJoin(userPlan, eq(userPlan.workspaceId, user.id)) : countQuery).where(where),
  ]);
  return {
    users: rows.map((row) => ({
      id: row.id,
      // better-auth stores '' for no name; the screen shows a dash for null.
      full_name: row.name.trim() ? row.name : null,
      email: row.email,
      role: row.role,
      created_at: row.createdAt.toISOString(),
      last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
      is_active: row.isActive,
      plan_name: row.planName,
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
