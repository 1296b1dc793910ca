import type { AdminAction, AdminTargetType } from '@licensewatch/shared/admin';
import type { Db, Tx } from '../../platform/db/client.ts';
import { adminAudit } from './tables.ts';

/** Who acted, from where: what every admin operation takes from its route. */
export type AdminActor = { id: string; email: string; ip: string | null };

export type AdminActionRecord = {
  action: AdminAction;
  targetType: AdminTargetType;
  targetId: string;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
  /** Why, as the administrator gave it in the confirmation. */
  reason?: string;
};

/**
 * Writes one audit row. Call it inside the transaction that makes the change, so the change and
 * its record commit together or not at all.
 */
export async function recordAdminAction(tx: Db | Tx, actor: AdminActor, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminAudit).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel: record.targetLabel,
    before: record.before ?? null,
    after: record.after ?? null,
    reason: record.reason ?? null,
    ip: actor.ip,
  });
}
