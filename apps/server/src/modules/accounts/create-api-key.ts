import { apiKey } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/deps.ts';
import { type ApiKeySecrets, apiKeyLookupHmac, encryptApiKey, generateApiKey } from './api-key-crypto.ts';

/**
 * Gives the user an API key unless they have one (docs/security.md, API keys). Runs when an account
 * is created and, for accounts older than keys or whose hook failed, when their credentials are
 * first read. Returns the new key, or null when the user already had one (a concurrent call may
 * have won).
 */
export async function createApiKey(
  { db, apiKeySecrets }: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  userId: string,
): Promise<string | null> {
  const key = generateApiKey();
  const created = await db
    .insert(apiKey)
    .values({
      userId,
      ciphertext: encryptApiKey(apiKeySecrets, key, userId),
      lookupHmac: apiKeyLookupHmac(apiKeySecrets, key),
    })
    // Only the user's row may conflict: a look-up HMAC collision must fail loudly, not be skipped.
    .onConflictDoNothing({ target: apiKey.userId })
    .returning({ userId: apiKey.userId });
  return created.length > 0 ? key : null;
}
