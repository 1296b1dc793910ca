import type { AdminAction, AdminTargetType } from '@licensewatch/shared/admin';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns.ts';
import { user } from '../accounts/tables.ts';

/**
 * Every administrator action (docs/product-rules.md, Admin area), written in the same transaction
 * as its effect. No route edits or deletes a row; deleting an account only anonymises the rows
 * about it (target_label), so the record of who did what stays.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: generatedId(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    // The administrator's email at the time, kept if their account goes.
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AdminAction>().notNull(),
    targetType: text('target_type').$type<AdminTargetType>().notNull(),
    // A user's id (no foreign key: the row outlives the account) or a setting's key.
    targetId: text('target_id').notNull(),
    // What an operator reads: the user's email, or the setting's key; 'Deleted user' once deleted.
    targetLabel: text('target_label').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    // Why the administrator did it, as they typed it in the confirmation (deactivation, credits).
    reason: text('reason'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_target_idx').on(t.targetType, t.targetId),
    index('admin_audit_actor_idx').on(t.actorId, t.createdAt),
  ],
);
