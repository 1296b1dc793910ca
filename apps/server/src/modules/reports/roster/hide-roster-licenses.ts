import type { RosterHideResponse } from '@licensewatch/shared/roster';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { hideReportLicense } from '../hide-report-license.ts';

/**
 * Stops tracking the selected roster rows: each is hidden exactly as on its report page
 * (hide-report-license.ts — out of the table, the counts and the plan's limit, restorable from the
 * report), one after another. A row that is not the workspace's (unknown, or another workspace's)
 * answers `missing`, as a missing one would: the answer says nothing about other workspaces.
 */
export async function hideRosterLicenses(db: Db, workspaceId: string, ids: string[]): Promise<RosterHideResponse> {
  const rows: RosterHideResponse['rows'] = [];
  for (const id of new Set(ids)) {
    try {
      await hideReportLicense(db, workspaceId, id);
      rows.push({ id, outcome: 'hidden' });
    } catch (error) {
      if (!(error instanceof AppError && error.status === 404)) throw error;
      rows.push({ id, outcome: 'missing' });
    }
  }
  return { rows, hidden: rows.filter((r) => r.outcome === 'hidden').length };
}
