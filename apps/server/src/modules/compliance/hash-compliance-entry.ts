import { createHash } from 'node:crypto';
import type { ComplianceKind, ComplianceMethod, ComplianceResult } from './tables.ts';

/** The prev_hash of a workspace's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** An entry's fields that its hash covers: all of them but prev_hash and hash themselves. */
export type ComplianceEntryFields = {
  workspaceId: string;
  seq: number;
  reportId: string | null;
  subject: string;
  kind: ComplianceKind;
  state: string | null;
  licenseNumber: string | null;
  source: string;
  sourceUrl: string | null;
  method: ComplianceMethod;
  result: ComplianceResult;
  evidenceSha256: string | null;
  checkedAt: Date;
};

/** JSON with every object's keys sorted: jsonb gives `result` back in its own key order, not ours. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * The one serialisation the chain is computed over, by the append and by the verification alike:
 * the fields as keys in a fixed order (JSON.stringify keeps an object's order), the time as an ISO string in UTC (milliseconds, what a Date holds).
 */
export function canonicalComplianceEntry(entry: ComplianceEntryFields): string {
  return JSON.stringify({
    workspace_id: entry.workspaceId,
    seq: entry.seq,
    report_id: entry.reportId,
    subject: entry.subject,
    kind: entry.kind,
    state: entry.state,
    license_number: entry.licenseNumber,
    source: entry.source,
    source_url: entry.sourceUrl,
    method: entry.method,
    result: sortKeys(entry.result),
    evidence_sha256: entry.evidenceSha256,
    checked_at: entry.checkedAt.toISOString(),
  });
}

/** SHA-256 (hex) of the previous entry's hash followed by this entry's canonical serialisation. */
export function hashComplianceEntry(prevHash: string, entry: ComplianceEntryFields): string {
  return createHash('sha256').update(prevHash).update(canonicalComplianceEntry(entry)).digest('hex');
}
