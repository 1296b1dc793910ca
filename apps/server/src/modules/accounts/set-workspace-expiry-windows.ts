import { type ExpiryWindows, sortNoticeDays } from '@licensewatch/shared/expiry-windows';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { workspace } from './tables.ts';

/** Stores a workspace's expiry windows (ADR 039), the notice days each once, the furthest first. */
export async function setWorkspaceExpiryWindows(db: Db | Tx, workspaceId: string, windows: ExpiryWindows) {
  await db
    .update(workspace)
    .set({ expiringWithinDays: windows.expiring_within_days, expiryNoticeDays: sortNoticeDays(windows.notice_days) })
    .where(eq(workspace.id, workspaceId));
}
