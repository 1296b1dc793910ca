import { type ExpiryWindows, sortNoticeDays } from '@licensewatch/shared/expiry-windows';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { workspace } from './tables.ts';

/**
 * Stores a workspace's expiry windows (ADR 039, 046), the notice days each once, the furthest first.
 * A change without `expired_after_days` (a caller that predates it) keeps the stored one.
 */
export async function setWorkspaceExpiryWindows(db: Db | Tx, workspaceId: string, windows: ExpiryWindows) {
  await db
    .update(workspace)
    .set({
      expiringWithinDays: windows.expiring_within_days,
      expiryNoticeDays: sortNoticeDays(windows.notice_days),
      ...(windows.expired_after_days === undefined ? {} : { expiredAfterDays: windows.expired_after_days }),
    })
    .where(eq(workspace.id, workspaceId));
}
