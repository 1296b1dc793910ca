import { describe, expect, it } from 'vitest';
import { addDays } from './licenses.ts';
import {
  checkEvidenceFile,
  detectEvidenceType,
  EVIDENCE_MAX_BYTES,
  proposeLicenseStatus,
  recordManualVerificationSchema,
} from './manual-verification.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
// ASCII only: each character its own byte (the shared package's types know no TextEncoder).
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

describe('the evidence file', () => {
  it('is told by its first bytes: PDF, PNG, JPEG', () => {
    expect(detectEvidenceType(text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(detectEvidenceType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectEvidenceType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
  });

  it('is nothing else: a GIF, text, HTML named .pdf, a truncated signature, nothing', () => {
    expect(detectEvidenceType(text('GIF89a'))).toBeNull();
    expect(detectEvidenceType(text('<html>%PDF-'))).toBeNull();
    expect(detectEvidenceType(text('%PDF'))).toBeNull();
    expect(detectEvidenceType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectEvidenceType(bytes())).toBeNull();
  });

  it('is refused empty, over 5 MB, or of another type, naming the field', () => {
    const pdf = text('%PDF-1.4');
    expect(checkEvidenceFile(pdf, pdf.length)).toBeNull();
    expect(checkEvidenceFile(pdf, EVIDENCE_MAX_BYTES)).toBeNull();
    expect(checkEvidenceFile(pdf, EVIDENCE_MAX_BYTES + 1)).toBe('evidence: The evidence file is larger than 5 MB');
    expect(checkEvidenceFile(bytes(), 0)).toBe('evidence: The evidence file is empty');
    expect(checkEvidenceFile(text('hello'), 5)).toBe('evidence: The evidence must be a PDF, PNG or JPEG file');
  });
});

describe('the status proposed from the board’s words', () => {
  it.each([
    ['Active', 'active'],
    ['CLEAR/ACTIVE', 'active'],
    ['License Renewed & Current', 'active'],
    ['Active - Probation', 'probation'],
    ['PROBATION/ACTIVE', 'probation'],
    ['DELINQUENT/ACTIVE', 'expired'],
    ['Lapsed', 'expired'],
    ['NULL AND VOID', 'expired'],
    ['Retired', 'inactive'],
    ['License Suspended', 'suspended'],
    ['Revoked', 'revoked'],
    ['Voluntarily Surrendered', 'surrendered'],
    ['Relinquished', 'surrendered'],
    ['Pending review', 'unknown'],
    ['', 'unknown'],
  ] as const)('%s → %s', (words, status) => {
    expect(proposeLicenseStatus(words)).toBe(status);
  });

  it('reads "inactive" as inactive, not active', () => {
    expect(proposeLicenseStatus('INACTIVE')).toBe('inactive');
  });
});

describe('the dates of a verification', () => {
  const today = new Date().toISOString().slice(0, 10);
  const body = (overrides: Record<string, unknown>) => ({
    state: 'Hawaii',
    license_number: 'MD-1',
    board_status_text: 'Active',
    status: 'active',
    checked_on: today,
    evidence: { file_name: 'a.pdf', content: 'JVBERi0=' },
    ...overrides,
  });
  const messages = (overrides: Record<string, unknown>) => {
    const parsed = recordManualVerificationSchema.safeParse(body(overrides));
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('takes today, a year ago, and empty optional dates as none', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ checked_on: addDays(today, -365), issued: '', expires: null })).toEqual([]);
    expect(recordManualVerificationSchema.parse(body({ issued: '', discipline: '  ' }))).toMatchObject({
      issued: null,
      expires: null,
      discipline: null,
    });
  });

  it('refuses a check in the future, over a year old, before the issue, and an expiry before the issue', () => {
    expect(messages({ checked_on: addDays(today, 1) })).toEqual([
      'checked_on: The date checked cannot be in the future',
    ]);
    expect(messages({ checked_on: addDays(today, -366) })).toEqual([
      'checked_on: The date checked must be within the last year',
    ]);
    expect(messages({ issued: addDays(today, 1), expires: today })).toEqual([
      'checked_on: The date checked cannot be before the license was issued',
      'expires: The expiry date cannot be before the issue date',
    ]);
    expect(messages({ expires: '2027-13-01' })).toEqual(['expires: Expiry date is not a real date']);
  });
});
