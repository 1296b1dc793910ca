import type { ExpiryWindows } from '@licensewatch/shared/expiry-windows';
import type { Db } from '../../../platform/db/client.ts';
import { setWorkspaceExpiryWindows } from '../../accounts/set-workspace-expiry-windows.ts';
import { markWorkspaceCountsStale } from '../../reports/recount-reports.ts';

/**
 * Changes a workspace's expiry windows (ADR 039). The reports' stored counters were taken with the
 * old window, so they are marked for a recount in the same transaction: the next read of the
 * dashboard, a report or the inbox counts with the new one. The roster, the emails, the SMS and the
 * webhook events read the window when they run, so they follow without more.
 */
export async function updateExpiryWindows(db: Db, workspaceId: string, windows: ExpiryWindows): Promise<void> {
  await db.transaction(async (tx) => {
    await setWorkspaceExpiryWindows(tx, workspaceId, windows);
    await markWorkspaceCountsStale(tx, workspaceId);
  });
}
