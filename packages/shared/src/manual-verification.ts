import { z } from 'zod';
import { MANUAL_VERIFICATION_VALID_DAYS } from './license-sources.ts';
import { addDays, LICENSE_STATUSES, type LicenseStatus } from './licenses.ts';
import { STATE_NAMES, toStateCode } from './states.ts';

/**
 * Verification by hand (docs/product-rules.md, Verification by hand): what a person read on the
 * look-up of a board no machine may read, recorded on a report with the evidence they kept.
 */

/** The evidence file: a PDF or a screenshot, at most 5 MB. */
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];
/** What the file input offers: the types, and their usual extensions for pickers that filter by name. */
export const EVIDENCE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** A verification may be recorded for a check made this long ago at most. */
export const VERIFICATION_MAX_AGE_DAYS = 365;

const LICENSE_NUMBER_MAX = 40;
const BOARD_STATUS_MAX = 200;
const DISCIPLINE_MAX = 2000;
const FILE_NAME_MAX = 200;

/**
 * The file's type from its first bytes, never from its name or the type a browser claims: a file
 * named "license.pdf" that is not a PDF is refused. Null for anything but a PDF, PNG or JPEG.
 */
export function detectEvidenceType(bytes: Uint8Array): EvidenceType | null {
  const starts = (...magic: number[]) => magic.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'; // %PDF-
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  return null;
}

/** What is wrong with an evidence file of `size` bytes whose first bytes are `bytes`; null when it may be kept. */
export function checkEvidenceFile(bytes: Uint8Array, size: number): string | null {
  if (size === 0) return MANUAL_VERIFICATION_MESSAGES.evidenceEmpty;
  if (size > EVIDENCE_MAX_BYTES) return MANUAL_VERIFICATION_MESSAGES.evidenceTooLarge;
  if (detectEvidenceType(bytes) === null) return MANUAL_VERIFICATION_MESSAGES.evidenceType;
  return null;
}

// The words that name each status, strongest first: a board that says "PROBATION/ACTIVE" or
// "Active - Probation" restricts the license, so probation wins over active; "DELINQUENT/ACTIVE"
// has not been renewed, so expired wins (the same decisions as the registry's status table).
const STATUS_WORDS: readonly [LicenseStatus, RegExp][] = [
  ['revoked', /\brevoked?\b|\brevocation\b/],
  ['surrendered', /\bsurrender(ed)?\b|\brelinquish(ed)?\b/],
  ['suspended', /\bsuspen(ded|sion|d)\b/],
  ['probation', /\bprobation(ary)?\b|\brestricted\b|\bconditions?\b/],
  ['expired', /\bexpired\b|\blapsed\b|\bdelinquent\b|\bnull and void\b|\bnot renewed\b/],
  ['inactive', /\binactive\b|\bretired\b|\bdeceased\b|\bcancell?ed\b/],
  ['active', /\bactive\b|\bcurrent\b|\bclear\b|\brenewed\b|\bin good standing\b|\bvalid\b/],
];

/**
 * The status a board's words most likely mean, proposed to the person recording them (who may
 * choose another): the strongest status any word names, 'unknown' when none does.
 */
export function proposeLicenseStatus(words: string): LicenseStatus {
  const text = words.toLowerCase().replace(/[^a-z]+/g, ' ');
  return STATUS_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'unknown';
}

/** Today as UTC's calendar day, YYYY-MM-DD: the day every date rule here is judged on. */
const utcToday = () => new Date().toISOString().slice(0, 10);

function isCalendarDay(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDay, `${label} is not a real date`);

/** An optional date: empty or absent is none. */
const optionalDay = (label: string) =>
  z
    .union([z.literal(''), day(label)])
    .nullish()
    .transform((v) => v || null);

/**
 * POST /api/v2/reports/{id}/manual-verifications: what the person read on the board's look-up, the
 * day they checked, and the evidence (base64 in JSON: the API takes JSON only; docs/security.md).
 */
export const recordManualVerificationSchema = z
  .object({
    /** The report's state whose board is verified by hand, as the UI names it ('Washington, DC') or its code. */
    state: z
      .string({ error: 'State is required' })
      .refine((v) => toStateCode(v) !== null, 'State must be one of the 50 states or Washington, DC'),
    license_number: z
      .string({ error: 'License number is required' })
      .trim()
      .min(1, 'License number is required')
      .max(LICENSE_NUMBER_MAX, `License number must be at most ${LICENSE_NUMBER_MAX} characters`),
    /** The board's words, as read ('Active - Clear'). */
    board_status_text: z
      .string({ error: "Enter the status as the board's page words it" })
      .trim()
      .min(1, "Enter the status as the board's page words it")
      .max(BOARD_STATUS_MAX, `The board's status must be at most ${BOARD_STATUS_MAX} characters`),
    /** What those words mean, normalised; the form proposes it (proposeLicenseStatus). */
    status: z.enum(LICENSE_STATUSES, { error: 'Choose the status the board gives' }),
    issued: optionalDay('Issue date'),
    expires: optionalDay('Expiry date'),
    discipline: z
      .string({ error: 'Discipline must be text' })
      .trim()
      .max(DISCIPLINE_MAX, `Discipline must be at most ${DISCIPLINE_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
    /** The day the person read the board's look-up. */
    checked_on: day('Date checked'),
    evidence: z.object(
      {
        file_name: z
          .string({ error: 'The evidence file needs a name' })
          .trim()
          .min(1, 'The evidence file needs a name')
          .max(FILE_NAME_MAX, `The evidence file's name must be at most ${FILE_NAME_MAX} characters`),
        content: z
          .string({ error: 'Attach the evidence file' })
          .min(1, 'Attach the evidence file')
          .max(Math.ceil((EVIDENCE_MAX_BYTES * 4) / 3) + 4, 'The evidence file is larger than 5 MB')
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The evidence file must be sent in base64'),
      },
      { error: 'Attach the evidence file (a PDF or a screenshot)' },
    ),
  })
  .superRefine((v, ctx) => {
    const today = utcToday();
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.checked_on > today) issue('checked_on', 'The date checked cannot be in the future');
    else if (v.checked_on < addDays(today, -VERIFICATION_MAX_AGE_DAYS))
      issue('checked_on', 'The date checked must be within the last year');
    if (v.issued && v.checked_on < v.issued)
      issue('checked_on', 'The date checked cannot be before the license was issued');
    if (v.issued && v.expires && v.expires < v.issued)
      issue('expires', 'The expiry date cannot be before the issue date');
  });
export type RecordManualVerificationInput = z.input<typeof recordManualVerificationSchema>;

/** One verification by hand, as its history and the record call answer it. */
export const manualVerificationSchema = z.object({
  id: z.string(),
  state: z.enum(STATE_NAMES),
  license_number: z.string(),
  board_status_text: z.string(),
  status: z.enum(LICENSE_STATUSES),
  issued: z.string().nullable(),
  expires: z.string().nullable(),
  discipline: z.string().nullable(),
  /** The day the person read the board's look-up (YYYY-MM-DD). */
  checked_on: z.string(),
  /** When it was recorded here. */
  recorded_at: z.string(),
  /** Who verified, by name (or email when the account has no name). */
  verified_by: z.string(),
  /** When it is due again: MANUAL_VERIFICATION_VALID_DAYS after `checked_on`. */
  due_on: z.string(),
  evidence: z.object({
    file_name: z.string(),
    type: z.enum(EVIDENCE_TYPES),
    size: z.number().int(),
    /** SHA-256 (hex) of the file as stored, computed on the server. */
    sha256: z.string(),
  }),
});
export type ManualVerification = z.infer<typeof manualVerificationSchema>;

export const recordManualVerificationResponseSchema = z.object({
  /** The report-license id of the license the verification is now the data of (a row of the licenses call). */
  report_license_id: z.string(),
  verification: manualVerificationSchema,
});
export type RecordedManualVerification = z.infer<typeof recordManualVerificationResponseSchema>;

/** A report license's verifications by hand, newest first. */
export const manualVerificationsResponseSchema = z.array(manualVerificationSchema);

export const manualEvidenceParamsSchema = z.object({ id: z.string(), verificationId: z.string() });

/** The day a verification checked on `checkedOn` is due again. */
export const verificationDueOn = (checkedOn: string) => addDays(checkedOn, MANUAL_VERIFICATION_VALID_DAYS);

/** Every user-visible string of verification by hand. */
export const MANUAL_VERIFICATION_MESSAGES = {
  evidenceEmpty: 'evidence: The evidence file is empty',
  evidenceTooLarge: 'evidence: The evidence file is larger than 5 MB',
  evidenceType: 'evidence: The evidence must be a PDF, PNG or JPEG file',
  readByMachine: (state: string) =>
    `A machine reads the licensing board of ${state}: its licenses come from the board, not from a verification by hand.`,
  stateNotInReport: (state: string) => `This report does not cover ${state}.`,
  noBoard: (state: string) => `No licensing board of ${state} is configured for this license type.`,
  verificationNotFound: 'Verification not found',
  recorded: (state: string) => `Verification of ${state} recorded`,
  recordFailed: (message: string) => `The verification was not recorded: ${message}`,
  copied: (what: string) => `${what} copied`,
  copyFailed: 'Could not copy: select the text and copy it instead.',
  due: 'Verification due',
  byHand: (day: string, name: string) => `By hand on ${day} by ${name}`,
} as const;
