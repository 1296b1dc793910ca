import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ComplianceEntryFields,
  canonicalComplianceEntry,
  GENESIS_HASH,
  hashComplianceEntry,
} from './hash-compliance-entry.ts';

const entry: ComplianceEntryFields = {
  workspaceId: 'ws-1',
  seq: 1,
  reportId: 'rep-1',
  subject: 'Ada B. Lovelace',
  kind: 'license',
  state: 'TX',
  licenseNumber: 'Q1234',
  source: 'Texas Medical Board',
  sourceUrl: 'https://example.test/lookup',
  method: 'lookup',
  result: { found: true, status: 'active', expires: '2027-01-31' },
  evidenceSha256: null,
  checkedAt: new Date('2026-03-01T12:34:56.789+02:00'),
};

describe('canonicalComplianceEntry', () => {
  it('names every field in a fixed order, the time in UTC', () => {
    expect(canonicalComplianceEntry(entry)).toBe(
      '{"workspace_id":"ws-1","seq":1,"report_id":"rep-1","subject":"Ada B. Lovelace","kind":"license",' +
        '"state":"TX","license_number":"Q1234","source":"Texas Medical Board",' +
        '"source_url":"https://example.test/lookup","method":"lookup",' +
        '"result":{"expires":"2027-01-31","found":true,"status":"active"},"evidence_sha256":null,' +
        '"checked_at":"2026-03-01T10:34:56.789Z"}',
    );
  });

  it('is the same whatever order the fields or the result’s keys come in (jsonb reorders them)', () => {
    const reordered = Object.fromEntries(Object.entries(entry).reverse()) as ComplianceEntryFields;
    reordered.result = { status: 'active', found: true, expires: '2027-01-31' };
    expect(canonicalComplianceEntry(reordered)).toBe(canonicalComplianceEntry(entry));
  });
});

describe('hashComplianceEntry', () => {
  it('is the SHA-256 of the previous hash followed by the canonical entry', () => {
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonicalComplianceEntry(entry))
      .digest('hex');
    expect(hashComplianceEntry(GENESIS_HASH, entry)).toBe(expected);
    expect(GENESIS_HASH).toBe('0'.repeat(64));
  });

  it('changes with any field, the result and the previous hash', () => {
    const base = hashComplianceEntry(GENESIS_HASH, entry);
    expect(hashComplianceEntry(GENESIS_HASH, { ...entry, seq: 2 })).not.toBe(base);
    expect(hashComplianceEntry(GENESIS_HASH, { ...entry, result: { ...entry.result, status: 'expired' } })).not.toBe(
      base,
    );
    expect(
      hashComplianceEntry(GENESIS_HASH, { ...entry, checkedAt: new Date(entry.checkedAt.getTime() + 1) }),
    ).not.toBe(base);
    expect(hashComplianceEntry('f'.repeat(64), entry)).not.toBe(base);
  });
});
