import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import {
  type ApiKeySeat,
  type ApiKeySecrets,
  apiKeyLookupHmac,
  apiKeyOwner,
  encryptApiKey,
  generateApiKey,
} from './api-key-crypto.ts';
import { apiKey } from './tables.ts';

/**
 * Replaces the user's API key for the workspace and returns the new one — the user's own
 * regeneration, or an organisation admin's reset of a member's seat (ADR 022). Regenerations of
 * one user run one at a time (a transaction-scoped lock on the user), so the key returned is the
 * key stored when this transaction commits — an answer never shows a key another regeneration
 * wrote meanwhile. The row is overwritten, so the old key stops working at that moment. An upsert,
 * so a seat without a key gets one.
 */
export async function regenerateApiKey(
  { db, apiKeySecrets }: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  seat: ApiKeySeat,
): Promise<string> {
  const key = generateApiKey();
  const ciphertext = encryptApiKey(apiKeySecrets, key, apiKeyOwner(seat));
  const lookupHmac = apiKeyLookupHmac(apiKeySecrets, key);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM "user" WHERE id = ${seat.userId} FOR UPDATE`);
    await tx
      .insert(apiKey)
      .values({ ...seat, ciphertext, lookupHmac })
      .onConflictDoUpdate({
        target: [apiKey.userId, apiKey.workspaceId],
        set: { ciphertext, lookupHmac, updatedAt: sql`now()` },
      });
  });
  return key;
}
