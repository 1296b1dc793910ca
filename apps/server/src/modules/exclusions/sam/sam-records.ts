import { createHash } from 'node:crypto';
import { z } from 'zod';
import { normalizeNamePart } from '../../licensing/normalize-name.ts';
import type { StagedExclusion } from '../ingest/merge-exclusion-rows.ts';

/** One SAM.gov exclusion, reduced to what screening reads. */
export type SamExclusionRecord = {
  /**
   * Stable identity of the SAM record for storage. SAM's public answer carries no record id, so this is
   * `sam-` and the first 24 hex digits of a SHA-256 over the fields that do not change while the record
   * lives: classification, UEI, CAGE code, NPI, the name parts, the entity name, the excluding agency
   * code, the exclusion program and the activation date (trimmed, upper-cased). Left out on purpose:
   * the termination date and record status (they change when the exclusion ends), the exclusion type
   * (pending becomes completed), the address and the create/update dates.
   */
  samId: string;
  /** 'Individual', 'Firm', 'Vessel', 'Special Entity Designation'. */
  classification: string;
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  entityName: string | null;
  npi: string | null;
  /** e.g. 'Ineligible (Proceedings Completed)'. */
  exclusionType: string;
  /** 'Reciprocal', 'Procurement', 'NonProcurement'. */
  exclusionProgram: string | null;
  /** Excluding agency name (its code when SAM gives no name). */
  agency: string | null;
  /** YYYY-MM-DD. */
  activeDate: string | null;
  /** YYYY-MM-DD; null when the exclusion is indefinite. */
  terminationDate: string | null;
  city: string | null;
  /** Two-letter US state or territory code; null for a foreign province. */
  state: string | null;
};

// SAM fills fields it has not migrated yet with this placeholder rather than null.
const PLACEHOLDER = 'currently not available';

/** Trimmed text; blank, null and SAM's placeholder become null. */
export function samText(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text || text.toLowerCase() === PLACEHOLDER) return null;
  return text;
}

/**
 * SAM answers dates as MM-DD-YYYY; MM/DD/YYYY (its query format) and ISO are read too. Returns the ISO
 * date, null for an absent value, or undefined for text that is not a calendar date.
 */
export function samDate(value: string | null | undefined): string | null | undefined {
  const text = samText(value);
  if (text === null) return null;
  let parts = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(text);
  let [year, month, day] = parts ? [parts[3], parts[1], parts[2]] : [];
  if (!parts) {
    parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!parts) return undefined;
    [year, month, day] = [parts[1], parts[2], parts[3]];
  }
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T00:00:00Z`);
  // Rejects 02-30-2024 and the like, which Date would roll over into March.
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : undefined;
}

const text = z.string().nullish();
// A date SAM sends must be readable: a silently dropped termination date would read as "indefinite".
const date = text.refine((value) => samDate(value) !== undefined, { message: 'not a MM-DD-YYYY date' });

const actionSchema = z.looseObject({
  createDate: text,
  updateDate: text,
  activateDate: date,
  terminationDate: date,
  terminationType: text,
  recordStatus: text,
});

const addressSchema = z.looseObject({
  addressLine1: text,
  city: text,
  stateOrProvinceCode: text,
  zipCode: text,
  countryCode: text,
});

// Only the fields we read; SAM sends many more, and an absent optional one must not reject the answer.
export const samEntitySchema = z.looseObject({
  exclusionDetails: z.looseObject({
    classificationType: z.string().trim().min(1),
    exclusionType: z.string().trim().min(1),
    exclusionProgram: text,
    excludingAgencyCode: text,
    excludingAgencyName: text,
  }),
  exclusionIdentification: z
    .looseObject({
      ueiSAM: text,
      cageCode: text,
      npi: text,
      prefix: text,
      firstName: text,
      middleName: text,
      lastName: text,
      suffix: text,
      entityName: text,
    })
    .nullish(),
  exclusionActions: z.looseObject({ listOfActions: z.array(actionSchema).nullish() }).nullish(),
  // v1 called the section exclusionAddress; v2 and later exclusionPrimaryAddress.
  exclusionPrimaryAddress: addressSchema.nullish(),
  exclusionAddress: addressSchema.nullish(),
});
export type SamEntity = z.infer<typeof samEntitySchema>;

export const samAnswerSchema = z.looseObject({
  totalRecords: z.number().int().nonnegative(),
  excludedEntity: z.array(samEntitySchema).nullish(),
});
export type SamAnswer = z.infer<typeof samAnswerSchema>;

const NON_US_COUNTRY = (country: string | null) => country !== null && country.toUpperCase() !== 'USA';

export function samRecord(entity: SamEntity): SamExclusionRecord {
  const details = entity.exclusionDetails;
  const id = entity.exclusionIdentification ?? {};
  const actions = entity.exclusionActions?.listOfActions ?? [];
  // Records carry one action in every answer seen; if more come, the active one describes the exclusion now.
  const action = actions.find((a) => samText(a.recordStatus)?.toLowerCase() === 'active') ?? actions[0];
  const address = entity.exclusionPrimaryAddress ?? entity.exclusionAddress ?? {};
  const classification = details.classificationType.trim();
  const npi = samText(id.npi);
  const state = samText(address.stateOrProvinceCode)?.toUpperCase() ?? null;
  const indefinite = samText(action?.terminationType)?.toLowerCase() === 'indefinite';

  const identity = [
    classification,
    id.ueiSAM,
    id.cageCode,
    id.npi,
    id.prefix,
    id.firstName,
    id.middleName,
    id.lastName,
    id.suffix,
    id.entityName,
    details.excludingAgencyCode,
    details.exclusionProgram,
    action?.activateDate,
  ].map((value) => samText(value)?.toUpperCase() ?? '');

  return {
    samId: `sam-${createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 24)}`,
    classification,
    firstName: samText(id.firstName),
    middleName: samText(id.middleName),
    lastName: samText(id.lastName),
    entityName: samText(id.entityName),
    npi: npi && /^\d{10}$/.test(npi) ? npi : null,
    exclusionType: details.exclusionType.trim(),
    exclusionProgram: samText(details.exclusionProgram),
    agency: samText(details.excludingAgencyName) ?? samText(details.excludingAgencyCode),
    activeDate: samDate(action?.activateDate) ?? null,
    terminationDate: indefinite ? null : (samDate(action?.terminationDate) ?? null),
    city: samText(address.city),
    state: state && /^[A-Z]{2}$/.test(state) && !NON_US_COUNTRY(samText(address.countryCode)) ? state : null,
  };
}

/**
 * A SAM record as the exclusion table stores it (source 'sam'), the same whether a physician's search
 * or the bulk extract found it, so matching and screening read both alike. An individual's name goes
 * in the name columns (the entity name stands in for a missing last name); SAM's middle name is not
 * compared (`middle_norm` empty). `today` is YYYY-MM-DD: an end date still ahead is no reinstatement.
 */
export function samStoredEntry(r: SamExclusionRecord, today: string): StagedExclusion {
  return {
    entryKey: r.samId,
    lastName: r.lastName ?? (r.firstName ? null : r.entityName),
    firstName: r.firstName,
    middleName: r.middleName,
    businessName: r.lastName ? null : r.entityName,
    general: [r.exclusionProgram, r.agency].filter(Boolean).join(', ') || null,
    specialty: null,
    upin: null,
    npi: r.npi,
    dob: null,
    address: null,
    city: r.city,
    state: r.state,
    zip: null,
    exclType: r.exclusionType,
    exclDate: r.activeDate,
    reinDate: r.terminationDate && r.terminationDate <= today ? r.terminationDate : null,
    waiverDate: null,
    waiverState: null,
    firstNorm: normalizeNamePart(r.firstName),
    middleNorm: '',
    lastNorm: normalizeNamePart(r.lastName),
  };
}

/** The extract's cells by column name; the extract writes an absent value as the word `null`. */
export type SamExtractCells = (column: string) => string | null;

/**
 * One row of the exclusions extract (`format=csv`), whose columns are the answer's fields flattened
 * with their section paths joined by ':', as the section objects the JSON answer carries, so that
 * `samEntitySchema` and `samRecord` read it exactly as they read the API's answer.
 */
export function samExtractEntity(cell: SamExtractCells): unknown {
  const address = (field: string) => cell(`exclusionPrimaryAddress:${field}`);
  return {
    exclusionDetails: {
      classificationType: cell('classificationType'),
      exclusionType: cell('exclusionType'),
      exclusionProgram: cell('exclusionProgram'),
      excludingAgencyCode: cell('excludingAgencyCode'),
      excludingAgencyName: cell('excludingAgencyName'),
    },
    exclusionIdentification: {
      ueiSAM: cell('ueiSAM'),
      cageCode: cell('cageCode'),
      npi: cell('npi'),
      prefix: cell('prefix'),
      firstName: cell('firstName'),
      middleName: cell('middleName'),
      lastName: cell('lastName'),
      suffix: cell('suffix'),
      entityName: cell('entityName'),
    },
    exclusionActions: {
      listOfActions: [
        {
          createDate: cell('createDate'),
          updateDate: cell('updateDate'),
          activateDate: cell('activateDate'),
          terminationDate: cell('terminationDate'),
          terminationType: cell('terminationType'),
          recordStatus: cell('recordStatus'),
        },
      ],
    },
    exclusionPrimaryAddress: {
      addressLine1: address('addressLine1'),
      city: address('city'),
      stateOrProvinceCode: address('stateOrProvinceCode'),
      zipCode: address('zipCode'),
      countryCode: address('countryCode'),
    },
  };
}
