import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { userCredit } from './tables.ts';

/**
 * Report credits left: temporary ones are report credits too (spent first); the plan's own NULL
 * means unlimited, and so null. No credits row: none.
 */
export function reportCreditsLeft(
  credits: { reportCredits: number | null; tempReportCredits: number } | undefined,
): number | null {
  if (credits === undefined) return 0;
  return credits.reportCredits === null ? null : credits.reportCredits + credits.tempReportCredits;
}

/** The workspace's report credits left now (reportCreditsLeft). */
export async function countReportCredits(db: Db, workspaceId: string): Promise<number | null> {
  const [row] = await db
    .select({ tempReportCredits: userCredit.tempReportCredits, reportCredits: userCredit.reportCredits })
    .from(userCredit)
    .where(eq(userCredit.workspaceId, workspaceId));
  return reportCreditsLeft(row);
}
