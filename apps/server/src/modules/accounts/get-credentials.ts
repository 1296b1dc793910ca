import type { Credentials } from '@licensewatch/shared/credentials';
import { eq } from 'drizzle-orm';
import { apiKey, userCredit } from '../../platform/db/schema.ts';
import type { Platform } from '../../platform/deps.ts';
import { ensureUserPlan } from '../plans/ensure-user-plan.ts';
import { type ApiKeySecrets, decryptApiKey } from './api-key-crypto.ts';
import { createApiKey } from './create-api-key.ts';

/**
 * The credentials record (docs/product-rules.md, API key and credentials): plan end, report credits
 * left, the API key and API credits.
 * Served on an expired plan too: the dashboard needs it to grey itself out and to offer renewal.
 * Free's end_date stays null (it never lapses); plan_name lets the client apply isPlanExpired.
 */
export async function getCredentials(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  userId: string,
  /** The key the caller just stored; read from the database otherwise. */
  knownKey?: string,
): Promise<Credentials> {
  const { db } = ctx;
  const plan = await ensureUserPlan(db, userId);
  const [credits] = await db
    .select({
      reportCredits: userCredit.reportCredits,
      tempReportCredits: userCredit.tempReportCredits,
      apiCredits: userCredit.apiCredits,
    })
    .from(userCredit)
    .where(eq(userCredit.userId, userId));
  // Temporary credits are report credits too (spent first); NULL plan credits = unlimited.
  const remaining =
    credits === undefined
      ? 0
      : credits.reportCredits === null
        ? null
        : credits.reportCredits + credits.tempReportCredits;
  return {
    reports_plan: {
      end_date: plan.endDate?.toISOString() ?? null,
      remain_report_number: remaining,
      plan_name: plan.planName,
    },
    credential_key: knownKey ?? (await readApiKey(ctx, userId)),
    amount: credits?.apiCredits ?? 0,
  };
}

/** The user's key as stored now, created first for an account that has none. */
async function readApiKey(
  ctx: Pick<Platform, 'db'> & { apiKeySecrets: ApiKeySecrets },
  userId: string,
): Promise<string> {
  const read = async () =>
    (await ctx.db.select({ ciphertext: apiKey.ciphertext }).from(apiKey).where(eq(apiKey.userId, userId)))[0];
  let row = await read();
  if (!row) {
    // Read back rather than use the returned key: a concurrent create or regenerate may have won.
    await createApiKey(ctx, userId);
    row = await read();
  }
  if (!row) throw new Error(`No API key for user ${userId}`);
  return decryptApiKey(ctx.apiKeySecrets, row.ciphertext, userId);
}
