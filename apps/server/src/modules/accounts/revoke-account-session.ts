import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { session } from './tables.ts';

/**
 * Signs one of the user's sessions out at once: its row goes, so its next request is signed out
 * (sessions are read from the database on every request). Another user's session id answers
 * like a missing one: no oracle.
 */
export async function revokeAccountSession(db: Db, userId: string, sessionId: string) {
  const gone = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (gone.length === 0) throw AppError.notFound(ACCOUNT_MESSAGES.security.sessionNotFound);
  return { id: sessionId, revoked: true as const };
}
