import type { InvitedRole, OrganisationRole } from '@licensewatch/shared/organisations';
import type { RosterImportStatus, RosterRow, RosterRowFailure } from '@licensewatch/shared/roster-import';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, generatedId } from '../../platform/db/columns.ts';
import { organisation, user, workspace } from '../accounts/tables.ts';

/** A user's seat in an organisation. Exactly one owner per organisation (a partial unique index). */
export const organisationMember = pgTable(
  'organisation_member',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.userId] }),
    index('organisation_member_user_idx').on(t.userId),
    uniqueIndex('organisation_member_owner_idx').on(t.organisationId).where(sql`role = 'owner'`),
    check('organisation_member_role_check', sql`${t.role} IN ('owner', 'admin', 'viewer')`),
  ],
);

/**
 * An invitation by email. The link carries the id and an HMAC of it (organisations/invitation-link.ts),
 * so nothing secret is stored; it works until `expires_at`, once, unless revoked.
 */
export const organisationInvitation = pgTable(
  'organisation_invitation',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisation.id, { onDelete: 'cascade' }),
    // Lower case, as typed by the inviter; the invitee must sign in with this address.
    email: text('email').notNull(),
    role: text('role').$type<InvitedRole>().notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_invitation_org_idx').on(t.organisationId, t.createdAt),
    check('organisation_invitation_role_check', sql`${t.role} IN ('admin', 'viewer')`),
  ],
);

/**
 * One roster upload being imported (roster-import): the rows the start endpoint validated, the
 * job's progress (`processed_rows`, a checkpoint a retried job resumes from) and per-row failures.
 */
export const rosterImport = pgTable(
  'roster_import',
  {
    id: generatedId(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspace.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<RosterImportStatus>().default('queued').notNull(),
    totalRows: integer('total_rows').default(0).notNull(),
    processedRows: integer('processed_rows').default(0).notNull(),
    // Rows of the file left out because the check found errors in them.
    skippedRows: integer('skipped_rows').default(0).notNull(),
    createdCount: integer('created_count').default(0).notNull(),
    updatedCount: integer('updated_count').default(0).notNull(),
    unchangedCount: integer('unchanged_count').default(0).notNull(),
    failedCount: integer('failed_count').default(0).notNull(),
    // The file's row numbers whose outcome is counted, each written in the transaction that made
    // the row's change: a run resumed after a crash skips them and counts nothing twice.
    doneRows: integer('done_rows').array().default(sql`'{}'::integer[]`).notNull(),
    error: text('error'),
    rows: jsonb('rows').$type<RosterRow[]>().notNull(),
    failures: jsonb('failures').$type<RosterRowFailure[]>().default([]).notNull(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('roster_import_workspace_idx').on(t.workspaceId, t.createdAt)],
);
