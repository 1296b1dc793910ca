import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/**
 * Turns the SMS renewal notice on or off for every user who verified this number (a STOP or START
 * texted back); how many users that was.
 */
export async function setSmsNoticesByPhone(db: Db, phoneNumber: string, wanted: boolean): Promise<number> {
  const { rows } = await db.execute(sql`
    UPDATE "user" SET sms_renewal_notice = ${wanted}, updated_at = now()
    WHERE phone_number = ${phoneNumber} AND phone_verified_at IS NOT NULL
    RETURNING id`);
  return rows.length;
}
