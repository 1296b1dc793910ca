import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { user } from './tables.ts';

/** Marks the number verified if it is still the user's: a number changed meanwhile stays unverified. */
export async function markPhoneVerified(tx: Tx, userId: string, phoneNumber: string): Promise<boolean> {
  const verified = await tx
    .update(user)
    .set({ phoneVerifiedAt: sql`now()` })
    .where(sql`${user.id} = ${userId} AND ${user.phoneNumber} = ${phoneNumber}`)
    .returning({ id: user.id });
  return verified.length > 0;
}
