import { API_KEY_MESSAGES, type ApiKeyScope } from '@licensewatch/shared/api-keys';
import type { OrganisationRole } from '@licensewatch/shared/organisations';
import { ENTITLEMENTS, type PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import { ASYNC_COMMIT } from '../../platform/db/async-commit.ts';
import { createBatchedCallPer } from '../../platform/db/batched-lookup.ts';
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
  /** The first 12 characters of the key's look-up HMAC (base64url): tells keys apart without keeping them. */
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
/** Characters of the look-up HMAC that name a key in its limit and usage rows (ApiCaller.keyId). */
const KEY_ID_LENGTH = 12;

const invalidKey = (detail: string) => new AppError('INVALID_API_KEY', detail, 401);
const NOT_A_KEY = 'This API key is not valid. Copy your current key from the Overview page.';

type CallerRow = {
  user_id: string;
  workspace_id: string;
  scopes: ApiKeyScope[];
  organisation_name: string | null;
  organisation_role: OrganisationRole | null;
  plan_name: PlanName | null;
  credits: number | null;
  /** The key's hits in the window, this call's included. */
  count: number;
  retry_after: number;
};

/**
 * The callers of a batch of calls, each call's key given by its look-up HMAC (a key once per call
 * that presents it), counting every call against its key's per-minute limit; in one round trip,
 * prepared (on every call's path, and planning this statement costs more than running it), and
 * committed without waiting for the disk (a limit hit lost in a crash costs nothing). A key hit n
 * times by the batch has its count raised by n, and its calls, in the order they came, see the
 * counts they would have seen one by one: the first count − n + 1, the last the count.
 */
const callersOf = createBatchedCallPer(async (db: Db, hmacs: string[]): Promise<(CallerRow | undefined)[]> => {
  const rows = await queryPrepared<CallerRow & { lookup_hmac: string; key: string }>(
    db,
    'authenticate-api-callers',
    sql`
    WITH asked AS (
      SELECT hmac, count(*)::int AS n FROM unnest(${sql.param(hmacs)}::text[]) AS a(hmac) GROUP BY hmac
    ), caller AS (
      SELECT k.lookup_hmac, 'api-key:' || left(k.lookup_hmac, ${KEY_ID_LENGTH}) AS key, a.n,
        k.user_id, k.workspace_id, k.scopes, p.plan_name, c.api_credits AS credits,
        o.name AS organisation_name, m.role AS organisation_role
      FROM asked a
      JOIN api_key k ON k.lookup_hmac = a.hmac
      JOIN "user" u ON u.id = k.user_id AND u.is_active
      LEFT JOIN user_plan p ON p.workspace_id = k.workspace_id
      LEFT JOIN user_credit c ON c.workspace_id = k.workspace_id
      LEFT JOIN organisation_member m ON m.organisation_id = k.workspace_id AND m.user_id = k.user_id
      LEFT JOIN organisation o ON o.id = m.organisation_id
      WHERE k.workspace_id = k.user_id OR m.user_id IS NOT NULL
    ), hit AS (${rateLimitHitSql(sql`SELECT key, sum(n)::int FROM caller GROUP BY key`, WINDOW_SECONDS)}
    )
    SELECT caller.*, hit.count, hit.retry_after FROM caller JOIN hit USING (key), ${ASYNC_COMMIT}`,
  );
  const byHmac = new Map(rows.map((row) => [row.lookup_hmac, row]));
  // The batch's last call of a key sees the key's count, each earlier one one less.
  const counts = new Map(rows.map((row) => [row.key, row.count]));
  const callers: (CallerRow | undefined)[] = [];
  for (let index = hmacs.length - 1; index >= 0; index--) {
    const row = byHmac.get(hmacs[index] as string);
    if (!row) continue;
    const count = counts.get(row.key) ?? row.count;
    counts.set(row.key, count - 1);
    callers[index] = { ...row, count };
  }
  return hmacs.map((_, index) => callers[index]);
});

/**
 * The owner of an API key, found while counting the call against the key's per-minute limit
 * (docs/product-rules.md, Search API), in one round trip shared with the calls of the same turn of
 * the event loop (callersOf; ADR 050). The key is found by its HMAC; a regenerated key's HMAC is gone and a deactivated
 * owner is filtered out, so both fail at once; so does a seat's key once its owner is no longer a
 * member of the organisation.
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
  const keyId = hmac.slice(0, KEY_ID_LENGTH);
  const row = await callersOf(db)(hmac);
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
