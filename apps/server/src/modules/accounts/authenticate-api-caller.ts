import { API_KEY_MESSAGES, type ApiKeyScope } from '@licensewatch/shared/api-keys';
import type { OrganisationRole } from '@licensewatch/shared/organisations';
import { ENTITLEMENTS, type PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import { ASYNC_COMMIT } from '../../platform/db/async-commit.ts';
import type { Db } from '../../platform/db/client.ts';
import { queryPrepared } from '../../platform/db/query-prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { rateLimitHitSql } from '../../platform/security/consume-rate-limit.ts';
import { type ApiKeySecrets, apiKeyLookupHmac, looksLikeApiKey } from './api-key-crypto.ts';

/** Who is calling with an API key, with what their key and plan allow. */
export type ApiCaller = {
  userId: string;
  /** The workspace the key bills: its owner's own, or the organisation of the seat (ADR 022). */
  workspaceId: string;
  /** The first 12 hex characters of the key's look-up HMAC: tells keys apart without keeping them. */
  keyId: string;
  /** What the key may call (api-keys.ts). */
  scopes: ApiKeyScope[];
  /** A seat's organisation as its member sees it (their role counts at once, as a session's does); null: their own workspace. */
  organisation: { id: string; name: string; role: OrganisationRole } | null;
  planName: PlanName;
  /** API credits before this call. */
  credits: number;
  /** Set when this call is over the plan's per-minute limit: the refusal to answer, for the caller to throw. */
  overLimit: AppError | null;
};

/** The limit window: a minute, so a burst the plan allows is never refused within it. */
const WINDOW_SECONDS = 60;

const invalidKey = (detail: string) => new AppError('INVALID_API_KEY', detail, 401);
const NOT_A_KEY = 'This API key is not valid. Copy your current key from the Overview page.';

/**
 * The owner of an API key, in one round trip that also counts the call against the key's
 * per-minute limit (docs/product-rules.md, Search API). The key is found by its HMAC; a
 * regenerated key's HMAC is gone and a deactivated owner is filtered out, so both fail at once; so
 * does a seat's key once its owner is no longer a member of the organisation.
 * An unknown key answers the same 401 whatever the reason (no oracle). A key over its plan's
 * limit comes back with the 429 to answer (Retry-After), so the call is still recorded as its
 * owner's before it is refused — and before any search runs or credit is taken.
 */
export async function authenticateApiCaller(
  { db, apiKeySecrets }: { db: Db; apiKeySecrets: ApiKeySecrets },
  key: string | undefined,
): Promise<ApiCaller> {
  if (!key) {
    throw invalidKey('An API key is required: send it as "Authorization: Bearer <key>" or as credential_key.');
  }
  if (!looksLikeApiKey(key)) throw invalidKey(NOT_A_KEY);
  const hmac = apiKeyLookupHmac(apiKeySecrets, key);
  const keyId = hmac.slice(0, 12);
  // Prepared: on every call's path, and planning this statement costs more than running it.
  // Committed without waiting for the disk: a limit hit lost in a crash costs nothing.
  const rows = await queryPrepared<{
    user_id: string;
    workspace_id: string;
    scopes: ApiKeyScope[];
    organisation_name: string | null;
    organisation_role: OrganisationRole | null;
    plan_name: PlanName | null;
    credits: number | null;
    count: number;
    retry_after: number;
  }>(
    db,
    'authenticate-api-caller',
    sql`
    WITH caller AS (
      SELECT k.user_id, k.workspace_id, k.scopes, p.plan_name, c.api_credits AS credits,
        o.name AS organisation_name, m.role AS organisation_role
      FROM api_key k
      JOIN "user" u ON u.id = k.user_id AND u.is_active
      LEFT JOIN user_plan p ON p.workspace_id = k.workspace_id
      LEFT JOIN user_credit c ON c.workspace_id = k.workspace_id
      LEFT JOIN organisation_member m ON m.organisation_id = k.workspace_id AND m.user_id = k.user_id
      LEFT JOIN organisation o ON o.id = m.organisation_id
      WHERE k.lookup_hmac = ${hmac} AND (k.workspace_id = k.user_id OR m.user_id IS NOT NULL)
    ), hit AS (${rateLimitHitSql(sql`SELECT ${`api-key:${keyId}`}::text FROM caller`, WINDOW_SECONDS)}
    )
    SELECT caller.*, hit.count, hit.retry_after FROM caller, hit, ${ASYNC_COMMIT}`,
  );
  const row = rows[0];
  if (!row) throw invalidKey(NOT_A_KEY);
  const planName = row.plan_name ?? 'free';
  const limit = ENTITLEMENTS[planName].apiRequestsPerMinute;
  const overLimit =
    row.count > limit
      ? AppError.rateLimited(
          `This key has made more than ${limit} calls in a minute, the limit of its plan. Wait and try again.`,
          row.retry_after,
        )
      : null;
  return {
    userId: row.user_id,
    workspaceId: row.workspace_id,
    keyId,
    scopes: row.scopes,
    organisation:
      row.organisation_role && row.organisation_name !== null
        ? { id: row.workspace_id, name: row.organisation_name, role: row.organisation_role }
        : null,
    planName,
    credits: row.credits ?? 0,
    overLimit,
  };
}

/** Refuses a call its key has no scope for, naming the scope (403, after the key was counted). */
export function requireApiKeyScope(caller: Pick<ApiCaller, 'scopes'>, scope: ApiKeyScope): void {
  if (!caller.scopes.includes(scope)) {
    throw new AppError('API_KEY_SCOPE_MISSING', API_KEY_MESSAGES.scopeMissing(scope), 403);
  }
}
