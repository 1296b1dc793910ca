import type { WebhookEvent } from '@licensewatch/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

// Namespace of pg_advisory_xact_lock(ns, hashtext(workspace_id)) for numbering a workspace's feed.
const FEED_LOCK_NAMESPACE = 7_214_405;

export type FeedEvent = { cursor: string; payload: Record<string, unknown> };

/**
 * A workspace's events after `after`, in order (docs/product-rules.md, Events feed). Events are
 * recorded by many transactions that commit in any order, so they are numbered here, when read:
 * under the workspace's lock, the events recorded since the last read get the next numbers in the
 * order they were recorded. An event committed later gets a later number than any already read,
 * so a system that reads on from its cursor never misses one.
 */
export async function listEvents(
  db: Db,
  workspaceId: string,
  { after, limit, type }: { after?: string | undefined; limit: number; type?: WebhookEvent | undefined },
): Promise<{ events: FeedEvent[]; nextCursor: string | null }> {
  return db.transaction(async (tx) => {
    // A statement of its own: the numbering below must read what committed while this waited.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FEED_LOCK_NAMESPACE}, hashtext(${workspaceId}))`);
    await tx.execute(sql`
      UPDATE webhook_event e SET feed_seq = n.seq
      FROM (
        SELECT id, coalesce((SELECT max(feed_seq) FROM webhook_event WHERE workspace_id = ${workspaceId}), 0)
          + row_number() OVER (ORDER BY created_at, id) AS seq
        FROM webhook_event WHERE workspace_id = ${workspaceId} AND feed_seq IS NULL
      ) n
      WHERE e.id = n.id`);
    const { rows } = await tx.execute<{ feed_seq: string; payload: Record<string, unknown> }>(sql`
      SELECT feed_seq::text AS feed_seq, payload FROM webhook_event
      WHERE workspace_id = ${workspaceId} AND feed_seq > ${after ?? '0'}::bigint
        ${type === undefined ? sql`` : sql`AND type = ${type}`}
      ORDER BY feed_seq
      LIMIT ${limit}`);
    const events = rows.map((r) => ({ cursor: r.feed_seq, payload: r.payload }));
    return { events, nextCursor: events.at(-1)?.cursor ?? after ?? null };
  });
}
