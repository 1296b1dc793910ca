import {
  API_KEY_MESSAGES,
  type ApiKeyScope,
  sortApiKeyScopes,
  VIEWER_API_KEY_SCOPES,
} from '@licensewatch/shared/api-keys';
import type { OrganisationRole } from '@licensewatch/shared/organisations';
import { and, eq, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiKeySecrets } from './api-key-crypto.ts';
import { createApiKey } from './create-api-key.ts';
import { apiKey } from './tables.ts';

/**
 * Sets what the user's key for the workspace may call (docs/product-rules.md, API key scopes).
 * The key itself is unchanged, so systems using it keep working with the new scopes at their
 * next call. A viewer of an organisation may not give their seat's key a scope that changes
 * something: refused, nothing stored. A seat without a key yet gets one first.
 */
export async function setApiKeyScopes(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  seat: { userId: string; workspaceId: string; role: OrganisationRole | null },
  scopes: readonly ApiKeyScope[],
): Promise<ApiKeyScope[]> {
  if (seat.role === 'viewer' && scopes.some((scope) => !VIEWER_API_KEY_SCOPES.includes(scope))) {
    throw new AppError('VIEWER_READ_ONLY', API_KEY_MESSAGES.viewerScopes, 403);
  }
  const sorted = sortApiKeyScopes(scopes);
  const where = and(eq(apiKey.userId, seat.userId), eq(apiKey.workspaceId, seat.workspaceId));
  const set = () =>
    ctx.db
      .update(apiKey)
      .set({ scopes: sorted, updatedAt: sql`now()` })
      .where(where)
      .returning({ userId: apiKey.userId });
  if ((await set()).length === 0) {
    await createApiKey(ctx, { userId: seat.userId, workspaceId: seat.workspaceId });
    await set();
  }
  return sorted;
}
