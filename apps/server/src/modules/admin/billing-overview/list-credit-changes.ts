import { type AdminBilling, BILLING_RECENT_LIMIT } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

type Change = AdminBilling['credit_changes'][number];
type Row = Omit<Change, 'created_at'> & { created_at: Date | string };

/** Reasons of the temporary credits an administrator granted or took back. */
const ADMIN_CREDIT_REASONS = ['admin-grant', 'admin-reduce'] as const;

/**
 * The latest temporary-credit grants and reductions made by administrators, newest first, read by
 * reason (credit_ledger_reason_idx), with who made them. Kept after the account goes (workspace_id NULL).
 */
export async function listCreditChanges(db: Db): Promise<Change[]> {
  const reasons = sql.join(
    ADMIN_CREDIT_REASONS.map((r) => sql`${r}`),
    sql`, `,
  );
  const { rows } = await db.execute<Row>(sql`
    select l.id, l.created_at, u.id AS user_id, u.email, l.reason, l.delta, a.email as actor_email
    from credit_ledger l
    left join "user" u on u.id = l.workspace_id
    left join "user" a on a.id = l.actor_id
    where l.reason in (${reasons})
    order by l.created_at desc, l.id desc
    limit ${BILLING_RECENT_LIMIT}
  `);
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
}
