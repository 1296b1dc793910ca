import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { assignPlan } from './assign-plan.ts';
import { grantTemporaryCredits } from './grant-temporary-credits.ts';
import { creditLedger } from './tables.ts';

/** Report credits on top of Premium's, so the demo can be tried many times over. */
export const DEMO_TEMPORARY_CREDITS = 25;

/**
 * The embedded demo physician tries reports across many states: Premium on trial (every state
 * per report, no tracked-license limit) plus temporary credits; the demo API customer tries the
 * search API: Small on trial, with its 1,000 API credits. Given through the same services as any
 * account, once per account, remembered in the ledger.
 */
export async function giveDemoPlan(
  db: Db,
  userId: string,
  planName: 'premium' | 'small' = 'premium',
): Promise<boolean> {
  const [given] = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.workspaceId, userId), eq(creditLedger.reason, 'demo-plan')))
    .limit(1);
  if (given) return false;
  await assignPlan(db, { userId, planName, trial: true, reason: 'plan-change' });
  await grantTemporaryCredits(db, { userId, credits: DEMO_TEMPORARY_CREDITS, reason: 'demo-plan' });
  return true;
}
