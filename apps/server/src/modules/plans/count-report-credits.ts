import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { userCredit } from '../../platform/db/schema.ts';

/** Report credits the workspace can spend now (temporary and its own); null when its plan's are unlimited. */
export async function countReportCredits(db: Db, workspaceId: string): Promise<number | null> {
  const [row] = await db
    .select({ temporary: userCredit.tempReportCredits, own: userCredit.reportCredits })
    .from(userCredit)
    .where(eq(userCredit.workspaceId, workspaceId));
  if (!row) return 0;
  return row.own === null ? null : row.temporary + row.own;
}
