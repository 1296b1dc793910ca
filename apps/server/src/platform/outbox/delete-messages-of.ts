import { and, eq, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { outboundMessage } from './tables.ts';

/**
 * Deletes a person's messages. outbound_message has no foreign key (a message outlives a bounce or
 * a retry): theirs by user id, and those sent to their address or phone before it was theirs.
 */
export async function deleteMessagesOf(
  tx: Tx,
  { userId, email, phone }: { userId: string; email: string; phone: string | null },
): Promise<void> {
  const theirs: SQL[] = [eq(outboundMessage.userId, userId)];
  const toEmail = and(eq(outboundMessage.channel, 'email'), eq(outboundMessage.to, email));
  if (toEmail) theirs.push(toEmail);
  const toPhone = phone ? and(eq(outboundMessage.channel, 'sms'), eq(outboundMessage.to, phone)) : undefined;
  if (toPhone) theirs.push(toPhone);
  await tx.delete(outboundMessage).where(or(...theirs));
}
