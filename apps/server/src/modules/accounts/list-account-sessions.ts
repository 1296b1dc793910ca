import type { AccountSession } from '@licensewatch/shared/accounts';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { session } from './tables.ts';

/**
 * The user's live sessions, most recently active first (docs/product-rules.md, Password and
 * sessions): where and when, and which one is asking — never a token, which is the session.
 */
export async function listAccountSessions(
  db: Db,
  userId: string,
  currentToken: string,
): Promise<{ sessions: AccountSession[] }> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id));
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      last_active_at: row.updatedAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
      ip_address: row.ipAddress,
      user_agent: row.userAgent,
      current: row.token === currentToken,
    })),
  };
}
