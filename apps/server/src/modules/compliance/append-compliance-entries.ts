import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { type ComplianceEntryFields, GENESIS_HASH, hashComplianceEntry } from './hash-compliance-entry.ts';
import { ENTRY_LINE, ENTRY_MONTH, LINE_ENTRY } from './ledger-months.ts';

/** A check to record: the entry's fields but its place in the chain, which the append gives it. */
export type ComplianceCheck = Omit<ComplianceEntryFields, 'seq'>;

// Namespace for pg_advisory_xact_lock(ns, hashtext(workspace_id)); any constant unused elsewhere.
const LEDGER_LOCK_NAMESPACE = 7_214_404;
// The key, in the same namespace, every append holds shared and an append of many workspaces alone.
const ALL_WORKSPACES = 0;
/**
 * Workspaces an append locks one by one at most. Each advisory lock takes a slot in the server's lock
 * table until commit (max_locks_per_transaction × connections, 6,400 by default), and a screening of
 * every report touches every workspace: above this it takes the one lock over all of them instead.
 */
const MAX_WORKSPACE_LOCKS = 256;

/**
 * Appends checks to their workspaces' ledgers (ADR 040) in the caller's transaction, so an entry
 * exists exactly when the check it records was stored. The checks may be of one workspace or many;
 * each workspace's keep their order. Appends to a workspace take turns (an advisory lock held to
 * commit): two at once would both read the same last entry and fork the chain. Then one statement
 * reads every workspace's last entry, the hashes are computed here — the one serialisation, shared
 * with the verification (hash-compliance-entry.ts) — and one statement inserts them all and files
 * them into the month tables the monthly record reads (`compliance_month_head`, `compliance_month_line`).
 */
export async function appendComplianceEntries(tx: Tx, checks: readonly ComplianceCheck[]): Promise<void> {
  if (checks.length === 0) return;
  const workspaceIds = [...new Set(checks.map((c) => c.workspaceId))].sort();
  if (workspaceIds.length > MAX_WORKSPACE_LOCKS) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK_NAMESPACE}, ${ALL_WORKSPACES})`);
  } else {
    await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${LEDGER_LOCK_NAMESPACE}, ${ALL_WORKSPACES})`);
    // In one order (sorted, one after the other as unnest yields them), so two appends cannot deadlock.
    await tx.execute(sql`
      SELECT pg_advisory_xact_lock(${LEDGER_LOCK_NAMESPACE}, hashtext(w))
      FROM unnest(${sql.param(workspaceIds)}::text[]) AS w`);
  }
  // Read after the locks: an append that committed while this one waited is in the chain it extends.
  // One index probe per workspace: a DISTINCT ON over them all would read every entry they hold.
  const { rows: heads } = await tx.execute<{ workspace_id: string; last_seq: string; hash: string }>(sql`
    SELECT w AS workspace_id, e.seq AS last_seq, e.hash
    FROM unnest(${sql.param(workspaceIds)}::text[]) AS w
    CROSS JOIN LATERAL (
      SELECT seq, hash FROM compliance_entry WHERE workspace_id = w ORDER BY seq DESC LIMIT 1
    ) e`);
  // bigint arrives as a string; a workspace's count of checks stays far below 2^53.
  const last = new Map(heads.map((h) => [h.workspace_id, { seq: Number(h.last_seq), hash: h.hash }]));
  const rows = checks.map((check) => {
    const head = last.get(check.workspaceId) ?? { seq: 0, hash: GENESIS_HASH };
    const entry = { ...check, seq: head.seq + 1 };
    const hash = hashComplianceEntry(head.hash, entry);
    last.set(check.workspaceId, { seq: entry.seq, hash });
    return { ...entry, prevHash: head.hash, hash };
  });
  // One array per column: a batch of any size is one statement with 15 parameters.
  const col = <T>(pick: (row: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  await tx.execute(sql`
    WITH appended AS (
      INSERT INTO compliance_entry (workspace_id, seq, report_id, subject, kind, state, license_number, source,
        source_url, method, result, evidence_sha256, checked_at, prev_hash, hash)
      SELECT workspace_id, seq, report_id, subject, kind, state, license_number, source,
        source_url, method, result::jsonb, evidence_sha256, checked_at, prev_hash, hash
      FROM unnest(${col((r) => r.workspaceId)}::text[], ${col((r) => r.seq)}::bigint[],
        ${col((r) => r.reportId)}::text[], ${col((r) => r.subject)}::text[], ${col((r) => r.kind)}::text[],
        ${col((r) => r.state)}::text[], ${col((r) => r.licenseNumber)}::text[], ${col((r) => r.source)}::text[],
        ${col((r) => r.sourceUrl)}::text[], ${col((r) => r.method)}::text[],
        ${col((r) => JSON.stringify(r.result))}::text[], ${col((r) => r.evidenceSha256)}::text[],
        ${col((r) => r.checkedAt.toISOString())}::timestamptz[], ${col((r) => r.prevHash)}::text[],
        ${col((r) => r.hash)}::text[])
        AS t(workspace_id, seq, report_id, subject, kind, state, license_number, source,
          source_url, method, result, evidence_sha256, checked_at, prev_hash, hash)
      RETURNING workspace_id, seq, report_id, kind, state, license_number, source, method, result, checked_at
    ),
    heads AS (
      INSERT INTO compliance_month_head (workspace_id, month, last_seq)
      SELECT workspace_id, ${ENTRY_MONTH}, max(seq) FROM appended GROUP BY 1, 2
      ON CONFLICT (workspace_id, month) DO UPDATE
        SET last_seq = greatest(compliance_month_head.last_seq, excluded.last_seq)
    )
    -- Each line's latest of this batch (one row per key: an upsert may touch a row once), kept when
    -- it is later than the month's: a verification by hand may carry an earlier day.
    INSERT INTO compliance_month_line AS m (workspace_id, month, report_id, kind, line, last_seq, source, method,
      result, checked_at)
    SELECT DISTINCT ON (1, 2, 3, 4, 5) workspace_id, ${ENTRY_MONTH}, report_id, kind, ${ENTRY_LINE}, seq, source,
      method, result, checked_at
    FROM appended WHERE ${LINE_ENTRY}
    ORDER BY 1, 2, 3, 4, 5, checked_at DESC, seq DESC
    ON CONFLICT (workspace_id, month, report_id, kind, line) DO UPDATE
      SET last_seq = excluded.last_seq, source = excluded.source, method = excluded.method,
        result = excluded.result, checked_at = excluded.checked_at
      WHERE (excluded.checked_at, excluded.last_seq) > (m.checked_at, m.last_seq)`);
}
