import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';

/** Records that the "verify again" news of these verifications by hand went out, so it goes once. */
export async function markVerificationsDueTold(tx: Tx, ids: string[]): Promise<void> {
  await tx.execute(
    sql`UPDATE manual_verification SET due_alerted_at = now() WHERE id = ANY(${sql.param(ids)}::text[])`,
  );
}
