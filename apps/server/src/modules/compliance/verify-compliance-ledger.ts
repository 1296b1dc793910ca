import { and, asc, eq, gt } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { GENESIS_HASH, hashComplianceEntry } from './hash-compliance-entry.ts';
import { complianceEntry } from './tables.ts';

export type LedgerVerification = { ok: true; entries: number } | { ok: false; brokenAtSeq: number; reason: string };

/** Entries read per statement: the walk holds one page and the last hash, however long the ledger. */
const PAGE = 1_000;

/**
 * Walks a workspace's ledger in seq order and recomputes its chain (ADR 040): each entry must follow
 * the previous one's seq, carry its hash as prev_hash, and hash to what it stores. The first entry
 * that does not is where the chain is broken: a changed field, a missing entry (a deleted one: the
 * seq it should have had), or a prev_hash that is not the previous entry's. An empty ledger is whole.
 */
export async function verifyComplianceLedger(
  { db }: Pick<Platform, 'db'>,
  workspaceId: string,
): Promise<LedgerVerification> {
  let seq = 0;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const page = await db
      .select()
      .from(complianceEntry)
      .where(and(eq(complianceEntry.workspaceId, workspaceId), gt(complianceEntry.seq, seq)))
      .orderBy(asc(complianceEntry.seq))
      .limit(PAGE);
    for (const entry of page) {
      if (entry.seq !== seq + 1) {
        return { ok: false, brokenAtSeq: seq + 1, reason: `entry ${seq + 1} is missing (the next is ${entry.seq})` };
      }
      if (entry.prevHash !== prevHash) {
        return {
          ok: false,
          brokenAtSeq: entry.seq,
          reason: `its prev_hash is not the hash of entry ${seq === 0 ? '0 (the start)' : seq}`,
        };
      }
      if (hashComplianceEntry(prevHash, entry) !== entry.hash) {
        return { ok: false, brokenAtSeq: entry.seq, reason: 'its fields do not hash to its stored hash: changed' };
      }
      seq = entry.seq;
      prevHash = entry.hash;
    }
    if (page.length < PAGE) return { ok: true, entries: seq };
  }
}
