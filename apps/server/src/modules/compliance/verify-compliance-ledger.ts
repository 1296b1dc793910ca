import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { GENESIS_HASH, hashComplianceEntry } from './hash-compliance-entry.ts';
import { ENTRY_LINE, ENTRY_MONTH, LINE_ENTRY } from './ledger-months.ts';
import { complianceEntry } from './tables.ts';

export type LedgerVerification = { ok: true; entries: number } | { ok: false; brokenAtSeq: number; reason: string };

/** Entries read per statement: the walk holds one page and the last hash, however long the ledger. */
const PAGE = 1_000;

/**
 * Walks a workspace's ledger in seq order and recomputes its chain (ADR 040): each entry must follow
 * the previous one's seq, carry its hash as prev_hash, and hash to what it stores. The first entry
 * that does not is where the chain is broken: a changed field, a missing entry (a deleted one: the
 * seq it should have had), or a prev_hash that is not the previous entry's. An empty ledger is whole.
 * Then the month lines the monthly record reads are recounted from the entries.
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
    if (page.length < PAGE) break;
  }
  return (await recountMonthLines(db, workspaceId)) ?? { ok: true, entries: seq };
}

/**
 * The month lines the monthly record reads are a copy (tables.ts): each must be the last entry of
 * its line and month, as the entries say now. A line edited, added or left behind is reported
 * with the entry it names (or should name).
 */
async function recountMonthLines(db: Platform['db'], workspaceId: string): Promise<LedgerVerification | null> {
  const { rows } = await db.execute<{
    month: string;
    line: string;
    stored_seq: string | null;
    ledger_seq: string | null;
  }>(sql`
    WITH ledger AS (
      SELECT DISTINCT ON (2, 3, 4, 5) workspace_id, ${ENTRY_MONTH} AS month, report_id, kind, ${ENTRY_LINE} AS line,
        seq AS last_seq, source, method, result, checked_at
      FROM compliance_entry WHERE workspace_id = ${workspaceId} AND ${LINE_ENTRY}
      ORDER BY 2, 3, 4, 5, checked_at DESC, seq DESC
    ),
    stored AS (
      SELECT workspace_id, month, report_id, kind, line, last_seq, source, method, result, checked_at
      FROM compliance_month_line WHERE workspace_id = ${workspaceId}
    )
    SELECT coalesce(s.month, l.month)::text AS month, coalesce(s.line, l.line) AS line,
      s.last_seq AS stored_seq, l.last_seq AS ledger_seq
    FROM stored s FULL JOIN ledger l USING (month, report_id, kind, line)
    WHERE s.last_seq IS DISTINCT FROM l.last_seq OR s.source IS DISTINCT FROM l.source
      OR s.method IS DISTINCT FROM l.method OR s.result IS DISTINCT FROM l.result
      OR s.checked_at IS DISTINCT FROM l.checked_at
    ORDER BY 1, 2 LIMIT 1`);
  const [wrong] = rows;
  if (!wrong) return null;
  return {
    ok: false,
    brokenAtSeq: Number(wrong.ledger_seq ?? wrong.stored_seq),
    reason: `the monthly record's line ${wrong.line} of ${wrong.month.slice(0, 7)} does not match the ledger's last check of it`,
  };
}
