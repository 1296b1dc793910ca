import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import type { LockedLicense } from './lock-license-by-key.ts';
import { normalizeNamePart } from './normalize-name.ts';

export type LicenseReadByHand = {
  /** The row as it stood, locked (lockLicenseByKey), or null for a license not yet recorded. */
  current: LockedLicense | null;
  /** False for an older check recorded late: it is history, and the license keeps the newest check's data. */
  newest: boolean;
  workspaceId: string;
  board: { id: string; jurisdiction: StateCode; licenseType: LicenseType };
  recordKey: string;
  person: { firstName: string; middleName: string | null; lastName: string };
  licenseNumber: string;
  rawStatus: string;
  status: LicenseStatus;
  issued: string | null;
  expires: string | null;
  discipline: string | null;
  /** When the person read the board, as SQL (a date at midnight UTC). */
  checkedAt: SQL;
};

/**
 * A workspace's private license row (source 'manual', never matched for anyone else) for what a
 * person read on a board's look-up: made on the first check, and given a later check's data with a
 * license_event (source 'manual') for each changed status, expiry or discipline. Its id.
 */
export async function recordLicenseByHand(tx: Tx, read: LicenseReadByHand): Promise<string> {
  const { current, person } = read;
  if (!current) {
    const { rows } = await tx.execute<{ id: string }>(sql`
      INSERT INTO license (jurisdiction, board_id, license_type, license_number, record_key,
        first_name, middle_name, last_name, first_norm, middle_norm, last_norm,
        raw_status, status, issue_date, expiry_date, discipline, source_kind, workspace_id,
        first_seen_at, last_seen_at)
      VALUES (${read.board.jurisdiction}, ${read.board.id}, ${read.board.licenseType}, ${read.licenseNumber},
        ${read.recordKey}, ${person.firstName}, ${person.middleName}, ${person.lastName},
        ${normalizeNamePart(person.firstName)}, ${normalizeNamePart(person.middleName)},
        ${normalizeNamePart(person.lastName)},
        ${read.rawStatus}, ${read.status}, ${read.issued}, ${read.expires}, ${read.discipline},
        'manual', ${read.workspaceId}, now(), ${read.checkedAt})
      RETURNING id`);
    return (rows[0] as { id: string }).id;
  }
  if (!read.newest) return current.id;
  const changes: [string, string | null, string | null][] = [
    ['status', current.status, read.status],
    ['expiry', current.expiry_date, read.expires],
    ['discipline', current.discipline, read.discipline],
  ];
  for (const [kind, before, after] of changes) {
    if (before === after) continue;
    await tx.execute(sql`
      INSERT INTO license_event (license_id, kind, before, after, source)
      VALUES (${current.id}, ${kind}, ${before}, ${after}, 'manual')`);
  }
  await tx.execute(sql`
    UPDATE license SET license_number = ${read.licenseNumber}, raw_status = ${read.rawStatus},
      status = ${read.status}, issue_date = ${read.issued}, expiry_date = ${read.expires},
      discipline = ${read.discipline}, last_seen_at = ${read.checkedAt}, updated_at = now()
    WHERE id = ${current.id}`);
  return current.id;
}
