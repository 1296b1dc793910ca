import type { IncomingMessage, ServerResponse } from 'node:http';
import { type SimExclusion, simExclusions } from './exclusion-list.ts';
import { sendJson } from './http-util.ts';
import type { Population } from './population.ts';
import { searchKey } from './population-index.ts';
import type { SimContext } from './sim-context.ts';

// A SAM.gov Exclusions API v4 stand-in: the query parameters and answer sections our client reads, the
// same paging limits, and SAM's gateway answers for a refused key and an exhausted quota.

/** Mounted at the real API's path under `/sam`, so a client's base URL is `${SIM_URL}/sam`. */
export const SAM_EXCLUSIONS_ROUTE = '/sam/entity-information/v4/exclusions';
/** The fault key SAM answers under ('*' covers it too). */
export const SAM_FAULT_ID = 'sam';
/** Keys the simulator treats specially; any other non-empty key is accepted. */
export const SAM_REFUSED_KEY = 'refused';
export const SAM_RATE_LIMITED_KEY = 'rate-limited';

export const SAM_MAX_PAGE = 999;
export const SAM_MAX_SIZE = 10;
/** SAM serves only the first 10,000 records of a search. */
export const SAM_MAX_RECORDS = 10_000;

const SUPPORTED = new Set([
  'api_key',
  'classification',
  'exclusionName',
  'npi',
  'recordStatus',
  'isActive',
  'page',
  'size',
]);
// The rest of the v4 parameter list: real, so not "does not exist", but not simulated.
const NOT_SIMULATED = new Set([
  'activationDate',
  'activationDateFrom',
  'activationDateTo',
  'addressLine1',
  'addressLine2',
  'cageCode',
  'city',
  'country',
  'creationDate',
  'ctCode',
  'emailId',
  'excludingAgencyCode',
  'excludingAgencyName',
  'exclusionProgram',
  'exclusionType',
  'fascsaOrder',
  'format',
  'includeSections',
  'q',
  'ssnOrTinOrEin',
  'stateProvince',
  'terminationDate',
  'ueiSAM',
  'updateDate',
  'zipCode',
]);

const HHS = { code: 'HHS', name: 'DEPT OF HEALTH AND HUMAN SERVICES' };

export type SamAction = {
  createDate: string;
  updateDate: string;
  activateDate: string;
  terminationDate: string | null;
  terminationType: 'Definite' | 'Indefinite';
  recordStatus: 'Active' | 'Inactive';
};
type SamAddress = {
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  stateOrProvinceCode: string | null;
  zipCode: string | null;
  zipCodePlus4: string | null;
  countryCode: string | null;
};
export type SamEntity = {
  exclusionDetails: {
    classificationType: 'Individual' | 'Firm';
    exclusionType: string;
    exclusionProgram: string;
    excludingAgencyCode: string;
    excludingAgencyName: string;
  };
  exclusionIdentification: {
    ueiSAM: null;
    cageCode: null;
    npi: string | null;
    prefix: null;
    firstName: string | null;
    middleName: string | null;
    lastName: string | null;
    suffix: null;
    entityName: string;
    dnbOpenData: null;
  };
  exclusionActions: { listOfActions: SamAction[] };
  exclusionPrimaryAddress: SamAddress;
  exclusionSecondaryAddress: SamAddress[];
  exclusionOtherInformation: {
    additionalComments: string | null;
    ctCode: string | null;
    evsInvestigationStatus: string | null;
    references: { referencesList: { exclusionName: string | null; type: string | null }[] };
    moreLocations: unknown[];
  };
  vesselDetails: Record<'callSign' | 'type' | 'tonnage' | 'grt' | 'flag' | 'owner', null>;
};
export type SamAnswer = {
  totalRecords: number;
  excludedEntity: SamEntity[];
  links: { selfLink: string; nextLink?: string };
};

/** SAM answers dates as MM-DD-YYYY. */
function samDate(iso: string): string {
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

/**
 * An LEIE row as SAM lists it: OIG exclusions are reciprocal HHS records, indefinite until the person is
 * reinstated. SAM keeps a terminated exclusion as an Inactive record ending on the reinstatement date.
 */
export function samEntity(row: SimExclusion): SamEntity {
  const firm = row.lastName === null && row.businessName !== null;
  const name = firm
    ? (row.businessName as string)
    : [row.firstName, row.middleName, row.lastName].filter(Boolean).join(' ');
  return {
    exclusionDetails: {
      classificationType: firm ? 'Firm' : 'Individual',
      exclusionType: 'Ineligible (Proceedings Completed)',
      exclusionProgram: 'Reciprocal',
      excludingAgencyCode: HHS.code,
      excludingAgencyName: HHS.name,
    },
    exclusionIdentification: {
      ueiSAM: null,
      cageCode: null,
      npi: row.npi,
      prefix: null,
      firstName: firm ? null : row.firstName,
      middleName: firm ? null : row.middleName,
      lastName: firm ? null : row.lastName,
      suffix: null,
      entityName: name,
      dnbOpenData: null,
    },
    exclusionActions: {
      listOfActions: [
        {
          createDate: samDate(row.exclDate),
          updateDate: samDate(row.reinDate ?? row.exclDate),
          activateDate: samDate(row.exclDate),
          terminationDate: row.reinDate === null ? null : samDate(row.reinDate),
          terminationType: row.reinDate === null ? 'Indefinite' : 'Definite',
          recordStatus: row.reinDate === null ? 'Active' : 'Inactive',
        },
      ],
    },
    exclusionPrimaryAddress: {
      addressLine1: row.address,
      addressLine2: null,
      city: row.city,
      stateOrProvinceCode: row.state,
      zipCode: row.zip,
      zipCodePlus4: null,
      countryCode: 'USA',
    },
    exclusionSecondaryAddress: [],
    exclusionOtherInformation: {
      additionalComments: null,
      ctCode: null,
      evsInvestigationStatus: null,
      references: { referencesList: [] },
      moreLocations: [],
    },
    vesselDetails: { callSign: null, type: null, tonnage: null, grt: null, flag: null, owner: null },
  };
}

type SamRow = { entity: SamEntity; nameKey: string };
const ROWS = new WeakMap<Population, SamRow[]>();

/** The list's rows SAM carries, in the list's order; built once per population. */
function samRows(population: Population): SamRow[] {
  let rows = ROWS.get(population);
  if (!rows) {
    rows = simExclusions(population)
      .filter((row) => row.onSam)
      .map((row) => {
        const entity = samEntity(row);
        return { entity, nameKey: searchKey(entity.exclusionIdentification.entityName) };
      });
    ROWS.set(population, rows);
  }
  return rows;
}

/**
 * SAM's list syntax for one parameter: `a`, `a~b` or `[a~b]` (any of them), `!a` (none of them); case is
 * ignored, and `partial` matches part of the value, as SAM does for classification.
 */
function textFilter(value: string, partial: boolean): (field: string | null) => boolean {
  const negated = value.startsWith('!');
  const options = (negated ? value.slice(1) : value)
    .replace(/^\[(.*)\]$/, '$1')
    .split('~')
    .map((option) => option.trim().toLowerCase())
    .filter(Boolean);
  return (field) => {
    const text = (field ?? '').toLowerCase();
    const hit = options.some((option) => (partial ? text.includes(option) : text === option));
    return negated ? !hit : hit;
  };
}

function samError(res: ServerResponse, ctx: SimContext, message: string, detail: string) {
  // v3 and later answer errors with these fields; the timestamp is the simulated day, for repeatable runs.
  sendJson(res, 400, { status: 400, timestamp: `${ctx.population.today}T00:00:00.000+0000`, message, detail });
}

/** The gateway in front of SAM: a key is required; `refused` and `rate-limited` act out its two refusals. */
function keyAccepted(ctx: SimContext, res: ServerResponse, key: string | null): boolean {
  if (!key?.trim()) {
    sendJson(res, 401, { code: '900902', message: 'Missing Credentials', description: 'No api_key was supplied.' });
    return false;
  }
  if (key === SAM_REFUSED_KEY) {
    sendJson(res, 401, {
      code: '900901',
      message: 'Invalid Credentials',
      description: 'An invalid API key was supplied. Please submit with a valid API key.',
    });
    return false;
  }
  if (key === SAM_RATE_LIMITED_KEY) {
    const tomorrow = new Date(Date.parse(ctx.population.today) + 86_400_000);
    const month = tomorrow.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
    const next = `${tomorrow.getUTCFullYear()}-${month}-${String(tomorrow.getUTCDate()).padStart(2, '0')} 00:00:00+0000 UTC`;
    sendJson(
      res,
      429,
      {
        code: '900804',
        message: 'Message throttled out',
        description: `You have exceeded your quota .You can access API after ${next}`,
        nextAccessTime: next,
      },
      { 'retry-after': '1' },
    );
    return false;
  }
  return true;
}

function integerParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number) {
  const raw = query.get(name);
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** `passFaults` applies the simulator's faults for SAM after the key check, as the backend sits behind the gateway. */
export async function handleSamExclusions(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  passFaults: () => Promise<boolean>,
): Promise<void> {
  if (!keyAccepted(ctx, res, query.get('api_key'))) return;
  if (!(await passFaults())) return;

  for (const name of new Set(query.keys())) {
    if (SUPPORTED.has(name)) continue;
    if (NOT_SIMULATED.has(name))
      return samError(
        res,
        ctx,
        `The search parameter ${name} is not simulated.`,
        `Use one of: ${[...SUPPORTED].join(', ')}.`,
      );
    return samError(res, ctx, `The search parameter, ${name} does not exist.`, 'Check the parameter name.');
  }
  const page = integerParam(query, 'page', 0, 0, SAM_MAX_PAGE);
  if (page === null) return samError(res, ctx, 'Invalid input', `page allows 0 to ${SAM_MAX_PAGE}.`);
  const size = integerParam(query, 'size', SAM_MAX_SIZE, 1, SAM_MAX_SIZE);
  if (size === null) return samError(res, ctx, 'Invalid input', `size allows 1 to ${SAM_MAX_SIZE}.`);

  const filters: ((row: SamRow) => boolean)[] = [];
  const classification = query.get('classification');
  if (classification) {
    const test = textFilter(classification, true);
    filters.push((row) => test(row.entity.exclusionDetails.classificationType));
  }
  // Every word must occur in the name, in any order and any case.
  const words = searchKey(query.get('exclusionName') ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length > 0) filters.push((row) => words.every((word) => row.nameKey.includes(word)));
  const npi = query.get('npi')?.trim();
  if (npi) filters.push((row) => row.entity.exclusionIdentification.npi === npi);
  const status = (row: SamRow) => row.entity.exclusionActions.listOfActions[0]?.recordStatus ?? null;
  const recordStatus = query.get('recordStatus')?.trim();
  const isActive = query.get('isActive')?.trim().toLowerCase();
  if (recordStatus) {
    const test = textFilter(recordStatus, false);
    filters.push((row) => test(status(row)));
  }
  if (isActive) {
    const wanted = { y: 'Active', true: 'Active', n: 'Inactive', false: 'Inactive' }[isActive];
    if (!wanted) return samError(res, ctx, 'Invalid input', 'isActive allows Y or N.');
    filters.push((row) => status(row) === wanted);
  }
  // Without a status filter SAM serves only records in force.
  if (!recordStatus && !isActive) filters.push((row) => status(row) === 'Active');

  const matches = samRows(ctx.population).filter((row) => filters.every((test) => test(row)));
  const start = page * size;
  const end = Math.min(start + size, SAM_MAX_RECORDS);
  const link = (pageNumber: number) => {
    const params = new URLSearchParams(query);
    params.set('api_key', 'REPLACE_WITH_API_KEY');
    params.set('page', String(pageNumber));
    params.set('size', String(size));
    return `http://${req.headers.host ?? 'localhost'}${SAM_EXCLUSIONS_ROUTE}?${params}`;
  };
  const answer: SamAnswer = {
    totalRecords: matches.length,
    excludedEntity: matches.slice(start, Math.max(start, end)).map((row) => row.entity),
    links: { selfLink: link(page) },
  };
  if (end < Math.min(matches.length, SAM_MAX_RECORDS) && page < SAM_MAX_PAGE) answer.links.nextLink = link(page + 1);
  sendJson(res, 200, answer, { 'content-type': 'application/hal+json;charset=UTF-8' });
}
