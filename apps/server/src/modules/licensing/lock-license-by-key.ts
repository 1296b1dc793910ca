import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';

export type LockedLicense = { id: string; status: string; expiry_date: string | null; discipline: string | null };

/** The board's license row with this record key, locked for the caller's transaction; null when there is none. */
export async function lockLicenseByKey(tx: Tx, boardId: string, recordKey: string): Promise<LockedLicense | null> {
  const { rows } = await tx.execute<LockedLicense>(sql`
    SELECT id, status, expiry_date::text AS expiry_date, discipline
    FROM license
    WHERE board_id = ${boardId} AND record_key = ${recordKey}
    FOR UPDATE`);
  return rows[0] ?? null;
}
