import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';

/** Records that these matches' news went out — of the match (added) or of its exclusion's end (reinstated). */
export async function markMatchesTold(tx: Tx, { added, reinstated }: { added: string[]; reinstated: string[] }) {
  if (added.length > 0)
    await tx.execute(sql`UPDATE exclusion_match SET alerted_at = now() WHERE id = ANY(${sql.param(added)}::text[])`);
  if (reinstated.length > 0)
    await tx.execute(
      sql`UPDATE exclusion_match SET reinstatement_alerted_at = now() WHERE id = ANY(${sql.param(reinstated)}::text[])`,
    );
}
