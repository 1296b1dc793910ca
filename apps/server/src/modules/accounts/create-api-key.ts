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
 * Gives the user an API key for the workspace unless they have one (docs/security.md, API keys;
 * ADR 022). Runs when an account is created (their own workspace) and, for accounts older than
 * keys, hooks that failed and organisation seats, when their credentials are first read there.
 * Returns the new key, or null when the user already had one (a concurrent call may have won).
 */
export async function createApiKey(
  { db, apiKeySecrets }: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  seat: ApiKeySeat,
): Promise<string | null> {
  const key = generateApiKey();
  const created = await db
    .insert(apiKey)
    .values({
      ...seat,
      ciphertext: encryptApiKey(apiKeySecrets, key, apiKeyOwner(seat)),
      lookupHmac: apiKeyLookupHmac(apiKeySecrets, key),
    })
    // Only the seat's row may conflict: a look-up HMAC collision must fail loudly, not be skipped.
    .onConflictDoNothing({ target: [apiKey.userId, apiKey.workspaceId] })
    .returning({ userId: apiKey.userId });
  return created.length > 0 ? key : null;
}
