import { sql } from 'drizzle-orm';
import { apiKey } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/deps.ts';
import { type ApiKeySecrets, apiKeyLookupHmac, encryptApiKey, generateApiKey } from './api-key-crypto.ts';

/**
 * Replaces the user's API key and returns the new one. Regenerations of one user run one at a
 * time (a transaction-scoped lock on the user), so the key returned is the key stored when this
 * transaction commits — an answer never shows a key another regeneration wrote meanwhile. The
 * single row is overwritten, so the old key stops working at that moment. An upsert, so an
 * account without a key gets one.
 */
export async function regenerateApiKey(
  { db, apiKeySecrets }: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  userId: string,
): Promise<string> {
  const key = generateApiKey();
  const ciphertext = encryptApiKey(apiKeySecrets, key, userId);
  const lookupHmac = apiKeyLookupHmac(apiKeySecrets, key);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM "user" WHERE id = ${userId} FOR UPDATE`);
    await tx
      .insert(apiKey)
      .values({ userId, ciphertext, lookupHmac })
      .onConflictDoUpdate({ target: apiKey.userId, set: { ciphertext, lookupHmac, updatedAt: sql`now()` } });
  });
  return key;
}
