import type { ExpiryWindowsResponse } from '@licensewatch/shared/expiry-windows';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { workspace } from '../../accounts/tables.ts';

/**
 * A workspace's expiry windows (docs/product-rules.md, Expiry windows), as the acting member sees
 * them: `organisation` names whose they are (null: their own), `canChange` whether they may.
 */
export async function readExpiryWindows(
  db: Db,
  workspaceId: string,
  { organisation, canChange }: { organisation: string | null; canChange: boolean },
): Promise<ExpiryWindowsResponse> {
  const [row] = await db
    .select({
      days: workspace.expiringWithinDays,
      notices: workspace.expiryNoticeDays,
      expiredAfter: workspace.expiredAfterDays,
    })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  // Every user and organisation has its workspace row (migration 0015's triggers).
  if (!row) throw new Error(`workspace ${workspaceId} has no row`);
  return {
    expiring_within_days: row.days,
    notice_days: row.notices,
    expired_after_days: row.expiredAfter,
    organisation,
    can_change: canChange,
  };
}
