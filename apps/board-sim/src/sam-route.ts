import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type SimExclusion, simExclusions } from './exclusion-list.ts';
import { sendJson } from './http-util.ts';
import type { Population } from './population.ts';
import { searchKey } from './population-index.ts';
import { hashString } from './prng.ts';
import type { SimContext } from './sim-context.ts';

// A SAM.gov Exclusions API v4 stand-in: the query parameters and answer sections our client reads, the
// same paging limits, SAM's gateway answers for a refused key and an exhausted quota, and the
// asynchronous extract (`format=csv`, then `download-exclusions?token=`; docs/exclusions.md).

/** Mounted at the real API's path under `/sam`, so a client's base URL is `${SIM_URL}/sam`. */
export const SAM_EXCLUSIONS_ROUTE = '/sam/entity-information/v4/exclusions';
/** Where an extract asked for with `format=csv` is downloaded, with its token. */
export const SAM_DOWNLOAD_ROUTE = '/sam/entity-information/v4/download-exclusions';
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
  'format',
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
  const format = query.get('format')?.trim().toLowerCase();
  if (format && format !== 'csv')
    return samError(res, ctx, `The format ${format} is not simulated.`, 'Use format=csv.');
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
  if (format) return startExtract(ctx, req, res, matches);
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

/**
 * The extract's CSV columns: the answer's fields flattened, section paths joined with ':' (a v2
 * extract's header as a client printed it; v4's own header was not seen, docs/exclusions.md).
 */
export const SAM_EXTRACT_COLUMNS = [
  'classificationType',
  'exclusionType',
  'exclusionProgram',
  'excludingAgencyCode',
  'excludingAgencyName',
  'ueiSAM',
  'ueiDUNS',
  'cageCode',
  'npi',
  'prefix',
  'firstName',
  'middleName',
  'lastName',
  'suffix',
  'entityName',
  'dnbOpenData',
  'createDate',
  'updateDate',
  'activateDate',
  'terminationDate',
  'terminationType',
  'recordStatus',
  'exclusionPrimaryAddress:addressLine1',
  'exclusionPrimaryAddress:addressLine2',
  'exclusionPrimaryAddress:city',
  'exclusionPrimaryAddress:stateOrProvinceCode',
  'exclusionPrimaryAddress:zipCode',
  'exclusionPrimaryAddress:zipCodePlus4',
  'exclusionPrimaryAddress:countryCode',
  'exclusionSecondaryAddress',
  'additionalComments',
  'ctCode',
  'evsInvestigationStatus',
  'references:exclusionName',
  'references:type',
  'moreLocations:exclusionName',
  'moreLocations:duns',
  'moreLocations:cageCode',
  'moreLocations:npi',
  'moreLocations:primaryAddress:addressLine1',
  'moreLocations:primaryAddress:addressLine2',
  'moreLocations:primaryAddress:city',
  'moreLocations:primaryAddress:stateOrProvinceCode',
  'moreLocations:primaryAddress:zipCode',
  'moreLocations:primaryAddress:zipCodePlus4',
  'moreLocations:primaryAddress:countryCode',
  'callSign',
  'type',
  'tonnage',
  'grt',
  'flag',
  'owner',
] as const;

/** SAM's public extract holds up to this many records. */
export const SAM_MAX_EXTRACT_RECORDS = 1_000_000;

/** An extract asked for and not yet handed out: its rows, and how often its download was asked. */
type Extract = { rows: SamRow[]; asked: number };
const EXTRACTS = new WeakMap<Population, Map<string, Extract>>();

/** A cell as the extract prints it: absent values as the word null, quoted only when needed. */
function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined) return 'null';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

function extractLine(entity: SamEntity): string {
  const d = entity.exclusionDetails;
  const id = entity.exclusionIdentification;
  const action = entity.exclusionActions.listOfActions[0];
  const a = entity.exclusionPrimaryAddress;
  const other = entity.exclusionOtherInformation;
  const cells: Record<(typeof SAM_EXTRACT_COLUMNS)[number], string | null | undefined> = {
    classificationType: d.classificationType,
    exclusionType: d.exclusionType,
    exclusionProgram: d.exclusionProgram,
    excludingAgencyCode: d.excludingAgencyCode,
    excludingAgencyName: d.excludingAgencyName,
    ueiSAM: id.ueiSAM,
    ueiDUNS: null,
    cageCode: id.cageCode,
    npi: id.npi,
    prefix: id.prefix,
    firstName: id.firstName,
    middleName: id.middleName,
    lastName: id.lastName,
    suffix: id.suffix,
    entityName: id.entityName,
    dnbOpenData: id.dnbOpenData,
    createDate: action?.createDate,
    updateDate: action?.updateDate,
    activateDate: action?.activateDate,
    terminationDate: action?.terminationDate,
    terminationType: action?.terminationType,
    recordStatus: action?.recordStatus,
    'exclusionPrimaryAddress:addressLine1': a.addressLine1,
    'exclusionPrimaryAddress:addressLine2': a.addressLine2,
    'exclusionPrimaryAddress:city': a.city,
    'exclusionPrimaryAddress:stateOrProvinceCode': a.stateOrProvinceCode,
    'exclusionPrimaryAddress:zipCode': a.zipCode,
    'exclusionPrimaryAddress:zipCodePlus4': a.zipCodePlus4,
    'exclusionPrimaryAddress:countryCode': a.countryCode,
    exclusionSecondaryAddress: null,
    additionalComments: other.additionalComments,
    ctCode: other.ctCode,
    evsInvestigationStatus: other.evsInvestigationStatus,
    'references:exclusionName': null,
    'references:type': null,
    'moreLocations:exclusionName': null,
    'moreLocations:duns': null,
    'moreLocations:cageCode': null,
    'moreLocations:npi': null,
    'moreLocations:primaryAddress:addressLine1': null,
    'moreLocations:primaryAddress:addressLine2': null,
    'moreLocations:primaryAddress:city': null,
    'moreLocations:primaryAddress:stateOrProvinceCode': null,
    'moreLocations:primaryAddress:zipCode': null,
    'moreLocations:primaryAddress:zipCodePlus4': null,
    'moreLocations:primaryAddress:countryCode': null,
    callSign: null,
    type: null,
    tonnage: null,
    grt: null,
    flag: null,
    owner: null,
  };
  return SAM_EXTRACT_COLUMNS.map((name) => csvCell(cells[name])).join(',');
}

/**
 * `format=csv`: SAM answers at once with the link the file will be downloaded from (its host's, the
 * key replaced by a placeholder) and generates the file asynchronously. Tokens are deterministic per
 * simulator so runs repeat.
 */
function startExtract(ctx: SimContext, req: IncomingMessage, res: ServerResponse, matches: SamRow[]): void {
  let extracts = EXTRACTS.get(ctx.population);
  if (!extracts) {
    extracts = new Map();
    EXTRACTS.set(ctx.population, extracts);
  }
  const token = `T${(hashString(`${ctx.population.seed}:${extracts.size}`) >>> 0).toString(36)}${extracts.size}`;
  extracts.set(token, { rows: matches.slice(0, SAM_MAX_EXTRACT_RECORDS), asked: 0 });
  const link = `http://${req.headers.host ?? 'localhost'}${SAM_DOWNLOAD_ROUTE}?api_key=REPLACE_WITH_API_KEY&token=${token}`;
  sendJson(res, 200, {
    message: `Extract File will be available for download with url: ${link} in some time. If you have requested for an email notification, you will receive it once the file is ready for download.`,
  });
}

/**
 * `download-exclusions?api_key=…&token=…`: "in progress" (HTTP 400, as SAM lists it among its 400
 * messages) the first time a token is asked for, then the file: a CSV with a header row, gzip-compressed.
 * An unknown token is "not found", also a 400.
 */
export async function handleSamDownload(
  ctx: SimContext,
  _req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  passFaults: () => Promise<boolean>,
): Promise<void> {
  if (!keyAccepted(ctx, res, query.get('api_key'))) return;
  if (!(await passFaults())) return;
  const extract = EXTRACTS.get(ctx.population)?.get(query.get('token')?.trim() ?? '');
  if (!extract)
    return samError(
      res,
      ctx,
      'Extract File Not Found and we are not able to process your request.',
      'Ask for a new extract.',
    );
  extract.asked++;
  if (extract.asked === 1)
    return samError(res, ctx, 'Extract File Generation is Still in Progress.', 'Try again in some time.');
  const lines = [SAM_EXTRACT_COLUMNS.join(','), ...extract.rows.map((row) => extractLine(row.entity))];
  const body = gzipSync(`${lines.join('\n')}\n`);
  res.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-disposition': `attachment; filename="SAM_Exclusions_Extract_${query.get('token')}.csv.gz"`,
    'content-length': String(body.length),
  });
  res.end(body);
}
