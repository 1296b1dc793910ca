import type { CheckUserResponse } from '@licensewatch/shared/accounts';
import { MESSAGES } from '@licensewatch/shared/messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { burnPasswordCheck, verifyPassword } from './password.ts';
import { account, user } from './tables.ts';

/** Tells the login page why a sign-in failed, so it can show the right message (docs/product-rules.md, Sign-in). */
export async function checkUserCredentials(
  db: Db,
  { email, password }: { email: string; password: string },
): Promise<CheckUserResponse> {
  const [row] = await db
    .select({ emailVerified: user.emailVerified, isActive: user.isActive, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.email, email.toLowerCase()));
  if (!row) {
    await burnPasswordCheck(password);
    return { exists: false, valid_credentials: false, message: MESSAGES.login.noAccount };
  }
  // An account without a password (Google only) costs a hash too, so timing does not tell it apart.
  if (!row.hash) await burnPasswordCheck(password);
  const valid = row.hash ? await verifyPassword({ hash: row.hash, password }) : false;
  if (!valid) return { exists: true, valid_credentials: false, message: MESSAGES.login.wrongPassword };
  if (!row.isActive) return { exists: true, valid_credentials: true, message: MESSAGES.login.deactivated };
  if (!row.emailVerified) return { exists: true, valid_credentials: true, message: MESSAGES.login.unverified };
  return { exists: true, valid_credentials: true, message: MESSAGES.login.failed };
}
