import { sql } from 'drizzle-orm';
import { apiKeyLookupHmac, encryptApiKey, generateApiKey } from '../auth/api-key-crypto.ts';
import type { AppContext } from '../context.ts';
import { apiKey } from '../db/schema.ts';

/**
 * Replaces the user's API key and returns the new one. One statement overwrites the single row, so
 * the old key stops working the moment it commits, and concurrent regenerations serialise on the
 * row lock: the last write is the one valid key. An upsert, so an account without a key gets one.
 */
export async function regenerateApiKey(
  { db, apiKeySecrets }: Pick<AppContext, 'db' | 'apiKeySecrets'>,
  userId: string,
): Promise<string> {
  const key = generateApiKey();
  const ciphertext = encryptApiKey(apiKeySecrets, key, userId);
  const lookupHmac = apiKeyLookupHmac(apiKeySecrets, key);
  await db
    .insert(apiKey)
    .values({ userId, ciphertext, lookupHmac })
    .onConflictDoUpdate({ target: apiKey.userId, set: { ciphertext, lookupHmac, updatedAt: sql`now()` } });
  return key;
}
