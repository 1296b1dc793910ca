import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { apiKey, user } from '../../platform/db/schema.ts';
import { apiKeyLookupHmac, looksLikeApiKey } from './api-key-crypto.ts';

/**
 * The id of the active user owning this API key, or null. Found by the key's HMAC (the key itself
 * is never stored); a deactivated user's key finds nobody, so deactivation ends API access at once
 * (DESIGN §8).
 */
export async function findUserByApiKey(
  { db, apiKeySecrets }: Pick<AppContext, 'db' | 'apiKeySecrets'>,
  key: string,
): Promise<string | null> {
  if (!looksLikeApiKey(key)) return null;
  const [row] = await db
    .select({ userId: apiKey.userId })
    .from(apiKey)
    .innerJoin(user, eq(user.id, apiKey.userId))
    .where(and(eq(apiKey.lookupHmac, apiKeyLookupHmac(apiKeySecrets, key)), eq(user.isActive, true)));
  return row?.userId ?? null;
}
