import type { RosterPreview, RosterUpload } from '@licensewatch/shared/roster-import';
import type { Db } from '../../../platform/db/client.ts';
import { mapRosterHeaders } from './map-roster-headers.ts';
import { loadRoster, planRosterRow, type RowPlan } from './plan-roster-rows.ts';
import { readRosterFile } from './read-roster-file.ts';
import { type CheckedRow, validateRosterRows } from './validate-roster-rows.ts';

export type CheckedRoster = { preview: RosterPreview; rows: { checked: CheckedRow; plan: RowPlan | null }[] };

/**
 * Reads, validates and plans a roster file against the workspace's reports as they are now: what
 * the preview shows and what the start call re-does (it never trusts a preview the client sends).
 */
export async function checkRosterFile(db: Db, workspaceId: string, upload: RosterUpload): Promise<CheckedRoster> {
  const sheet = await readRosterFile(upload.content);
  const headers = mapRosterHeaders(sheet.headers);
  const checked = validateRosterRows(sheet, headers);
  const roster = await loadRoster(db, workspaceId);
  const rows = checked.map((c) => ({ checked: c, plan: c.value ? planRosterRow(c.value, roster) : null }));
  const counts = { total: rows.length, create: 0, update: 0, unchanged: 0, error: 0 };
  const previewRows = rows.map(({ checked: c, plan }) => {
    const action = plan?.action ?? 'error';
    counts[action] += 1;
    return {
      row: c.row,
      first_name: c.cells.firstName,
      middle_name: c.cells.middleName,
      last_name: c.cells.lastName,
      license_type: c.value?.licenseType ?? c.cells.licenseType,
      npi: c.value?.npi ?? c.cells.npi,
      states: c.value ? (c.allStates ? [] : c.value.states) : [],
      all_states: c.allStates,
      external_id: c.cells.externalId,
      department: c.cells.department,
      action,
      duplicate_of: c.duplicateOf,
      errors: [...c.errors, ...(plan?.errors ?? [])],
      changes: plan?.changes ?? [],
    };
  });
  return { preview: { file_name: upload.fileName, columns: headers.columns, counts, rows: previewRows }, rows };
}
