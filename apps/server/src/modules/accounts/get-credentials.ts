import { type ApiKeyScope, sortApiKeyScopes } from '@licensewatch/shared/api-keys';
import type { Credentials } from '@licensewatch/shared/credentials';
import { reportsPlanEndDate } from '@licensewatch/shared/plans';
import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { reportCreditsLeft } from '../plans/count-report-credits.ts';
import { ensureUserPlan } from '../plans/ensure-user-plan.ts';
import { userCredit } from '../plans/tables.ts';
import { type ApiKeySeat, type ApiKeySecrets, apiKeyOwner, decryptApiKey } from './api-key-crypto.ts';
import { createApiKey } from './create-api-key.ts';
import { apiKey } from './tables.ts';

/**
 * The credentials record (docs/product-rules.md, API key and credentials): the acting workspace's
 * plan end and report credits left (an organisation's, when the session works in one: ADR 019),
 * the user's API key for that workspace and its scopes — a seat's key bills the organisation (ADR 022) — and
 * the workspace's API credits, which every key on it spends.
 * Served on an expired plan too: the dashboard needs it to grey itself out and to offer renewal.
 * end_date is always set for a plan in force, so a client applies the rule of docs/product-rules.md, Plan expiry, as written
 * (missing or past → expired): Free's trial end, then its monthly renewal (ADR 026).
 */
export async function getCredentials(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  { userId, workspaceId }: { userId: string; workspaceId: string },
  /** The key the caller just stored (a concurrent regeneration may have replaced the stored one). */
  knownKey?: string,
): Promise<Credentials> {
  const { db } = ctx;
  const plan = await ensureUserPlan(db, workspaceId);
  const [credits] = await db
    .select({
      reportCredits: userCredit.reportCredits,
      tempReportCredits: userCredit.tempReportCredits,
      apiCredits: userCredit.apiCredits,
    })
    .from(userCredit)
    .where(eq(userCredit.workspaceId, workspaceId));
  const remaining = reportCreditsLeft(credits);
  const key = await readApiKey(ctx, { userId, workspaceId });
  return {
    reports_plan: {
      end_date: reportsPlanEndDate(plan)?.toISOString() ?? null,
      remain_report_number: remaining,
      plan_name: plan.planName,
    },
    credential_key: knownKey ?? key.key,
    credential_scopes: sortApiKeyScopes(key.scopes),
    amount: credits?.apiCredits ?? 0,
  };
}

/** The seat's key and its scopes as stored now, created first for a seat that has none. */
async function readApiKey(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  seat: ApiKeySeat,
): Promise<{ key: string; scopes: ApiKeyScope[] }> {
  const read = async () =>
    (
      await ctx.db
        .select({ ciphertext: apiKey.ciphertext, scopes: apiKey.scopes })
        .from(apiKey)
        .where(and(eq(apiKey.userId, seat.userId), eq(apiKey.workspaceId, seat.workspaceId)))
    )[0];
  let row = await read();
  if (!row) {
    // Read back rather than use the returned key: a concurrent create or regenerate may have won.
    await createApiKey(ctx, seat);
    row = await read();
  }
  if (!row) throw new Error(`No API key for user ${seat.userId} in workspace ${seat.workspaceId}`);
  return { key: decryptApiKey(ctx.apiKeySecrets, row.ciphertext, apiKeyOwner(seat)), scopes: row.scopes };
}
