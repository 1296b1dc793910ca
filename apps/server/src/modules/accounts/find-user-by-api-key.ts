import { and, eq } from 'drizzle-orm';
import { apiKey, user } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/deps.ts';
import { type ApiKeySecrets, apiKeyLookupHmac, looksLikeApiKey } from './api-key-crypto.ts';

/**
 * The id of the active user owning this API key, or null. Found by the key's HMAC (the key itself
 * is never stored); a deactivated user's key finds nobody, so deactivation ends API access at once
 * (docs/security.md, API keys).
 */
export async function findUserByApiKey(
  { db, apiKeySecrets }: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
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
