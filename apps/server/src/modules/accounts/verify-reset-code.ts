import type { VerifyResetCodeResponse } from '@licensewatch/shared/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user, verification } from './tables.ts';

/** Checks a reset link before the page shows its form; the reset itself re-checks the code. */
export async function verifyResetCode(
  db: Db,
  { email, code }: { email: string; code: string },
): Promise<VerifyResetCodeResponse> {
  const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  if (!owner) return { valid: false, reason: 'email_not_found' };
  const [row] = await db
    .select({ userId: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${code}`));
  if (!row || row.userId !== owner.id) return { valid: false, reason: 'invalid' };
  if (row.expiresAt <= new Date()) return { valid: false, reason: 'expired' };
  return { valid: true, reason: 'ok' };
}
