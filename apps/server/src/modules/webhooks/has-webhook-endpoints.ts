import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** Whether the workspace has an enabled endpoint: only then is there anything to dispatch at once. */
export async function hasWebhookEndpoints(db: Db, workspaceId: string): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM webhook_endpoint WHERE workspace_id = ${workspaceId} AND enabled) AS any`,
  );
  return rows[0]?.any === true;
}
