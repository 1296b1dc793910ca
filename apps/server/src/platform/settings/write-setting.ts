import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { appSetting } from './tables.ts';

/** Stores a setting's new value (as text, like every setting); the row as it now is, or null if no such setting. */
export async function writeSetting(tx: Tx, key: string, value: string): Promise<typeof appSetting.$inferSelect | null> {
  const [after] = await tx
    .update(appSetting)
    .set({ value, updatedAt: sql`now()` })
    .where(eq(appSetting.key, key))
    .returning();
  return after ?? null;
}
