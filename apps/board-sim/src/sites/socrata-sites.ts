import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { CO_STATUS, type SocrataRow, usDate, WA_STATUS } from '../board-records.ts';
import { streamText } from '../http-util.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { type Dataset, datasetMembers, readPaging, socrataError } from '../socrata-route.ts';

// Socrata datasets as the real portals publish them (docs/sources.md; the evidence is in the real
// boards' configuration): every profession of an agency in one dataset, each portal's own columns,
// casing, date forms and placeholders, and SoQL that compares text exactly as written. Served under
// /sites/<host>/resource/<id>.json, the path of the real portal on the simulator's origin.

/** A dataset of a real portal: the physicians of its boards, and rows of other professions among them. */
type SiteDataset = Dataset & {
  host: string;
  /** The licenses the dataset has a row for (default: every one): an actions dataset only the disciplined. */
  publishes?: (license: BoardLicense) => boolean;
  /** Further rows of the same licence, after its row (Colorado repeats a licence per disciplinary case). */
  repeats?: (license: BoardLicense) => SocrataRow[];
  /** A row of another profession, for the population's person `index` (about one in three has one). */
  filler: (person: SimPerson) => SocrataRow;
};

const title = (value: string | null) =>
  value
    ? value.toLowerCase().replace(/(^|[\s'-])([a-z])/g, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    : '';
const upper = (value: string | null) => (value ? value.toUpperCase() : '');
const floating = (isoDate: string | null) => (isoDate ? `${isoDate}T00:00:00.000` : '');
const compactDate = (isoDate: string | null) => (isoDate ? isoDate.replaceAll('-', '') : '');
const initialOf = (middle: string | null) => (middle ? middle.charAt(0) : null);

function row(entries: Record<string, string | null | undefined>): SocrataRow {
  const out: SocrataRow = {};
  // SODA leaves a null cell out of the row's JSON.
  for (const [key, value] of Object.entries(entries))
    if (value !== null && value !== undefined && value !== '') out[key] = value;
  return out;
}

/** A number of another profession that cannot collide with a physician's. */
const fillerNumber = (person: SimPerson, width: number) =>
  String(hash32(person.index, 7919) % 10 ** width).padStart(width, '0');

const pickOf = <T>(person: SimPerson, items: readonly T[]) => items[hash32(person.index, 31) % items.length] as T;

// --- Washington DOH ---------------------------------------------------------------------------------

const WA_TYPES = { MD: 'Physician And Surgeon License', DO: 'Osteopathic Physician & Surgeon License' } as const;

const WASHINGTON: SiteDataset = {
  host: 'data.wa.gov',
  id: 'qxh8-f4bd',
  boardIds: ['wa-md', 'wa-do'],
  columns: [
    'credentialnumber',
    'lastname',
    'firstname',
    'middlename',
    'birthyear',
    'credentialtype',
    'status',
    'firstissuedate',
    'lastissuedate',
    'expirationdate',
    'actiontaken',
  ],
  row: ({ person, license }: BoardLicense) =>
    row({
      credentialnumber: license.licenseNumber,
      lastname: title(license.lastNameAsPublished),
      firstname: title(person.firstName),
      middlename: title(license.middleAsPublished),
      credentialtype: WA_TYPES[license.licenseType],
      status: WA_STATUS[license.status],
      // The portal writes dates as yyyymmdd (a published row), not as floating timestamps.
      firstissuedate: compactDate(license.issueDate),
      lastissuedate: compactDate(license.renewalDate),
      expirationdate: compactDate(license.expiryDate),
      actiontaken: license.discipline ? 'Yes' : 'No',
    }),
  filler: (person) =>
    row({
      credentialnumber: `${pickOf(person, ['RN', 'PA', 'PH'])}${fillerNumber(person, 8)}`,
      lastname: title(person.lastName),
      firstname: title(person.firstName),
      credentialtype: pickOf(person, ['Registered Nurse License', 'Physician Assistant License', 'Pharmacist License']),
      status: 'ACTIVE',
      firstissuedate: '20150301',
      expirationdate: '20270301',
      actiontaken: 'No',
    }),
};

// --- Colorado DORA ------------------------------------------------------------------------------------

/** The earlier case of a Colorado licence disciplined twice. */
export const CO_EARLIER_CASE = 'Letter of Admonition';

const COLORADO: SiteDataset = {
  host: 'data.colorado.gov',
  id: '7s5z-vewr',
  boardIds: ['co-med'],
  columns: [
    'lastname',
    'firstname',
    'middlename',
    'suffix',
    'entityname',
    'city',
    'state',
    'licensetype',
    'subcategory',
    'licensenumber',
    'licensefirstissuedate',
    'licenselastreneweddate',
    'licenseexpirationdate',
    'licensestatusdescription',
    'specialty',
    'programaction',
    'disciplineeffectivedate',
    'casenumber',
  ],
  row: ({ person, license }: BoardLicense) =>
    row({
      lastname: title(license.lastNameAsPublished),
      firstname: title(person.firstName),
      middlename: title(license.middleAsPublished),
      suffix: person.suffix,
      // Physicians, MD and DO alike, hold 'DR' licenses; the number is published without its prefix.
      licensetype: 'DR',
      licensenumber: license.licenseNumber ? String(Number(license.licenseNumber.replace(/^\D+\.?/, ''))) : null,
      licensefirstissuedate: floating(license.issueDate),
      licenselastreneweddate: floating(license.renewalDate),
      licenseexpirationdate: floating(license.expiryDate),
      licensestatusdescription: CO_STATUS[license.status],
      programaction: license.discipline,
    }),
  // One row per disciplinary case: about half the disciplined licences have an earlier case too, on a
  // row of its own that repeats the licence.
  repeats: (licensed) => {
    if (!licensed.license.discipline || hash32(licensed.person.index, 71) % 2 === 1) return [];
    return [
      {
        ...(COLORADO.row(licensed) as SocrataRow),
        programaction: CO_EARLIER_CASE,
        disciplineeffectivedate: floating(licensed.license.issueDate),
        casenumber: `2019-${String(hash32(licensed.person.index, 73) % 9000).padStart(4, '0')}`,
      },
    ];
  },
  filler: (person) =>
    row({
      lastname: title(person.lastName),
      firstname: title(person.firstName),
      licensetype: pickOf(person, ['RN', 'APN', 'PDO', 'EC', 'COS']),
      licensenumber: String((hash32(person.index, 3) % 9_000_000) + 1_000_000),
      licensefirstissuedate: floating('2018-09-21'),
      licenseexpirationdate: floating('2028-04-30'),
      licensestatusdescription: 'Active',
    }),
};

// --- Texas Medical Board ------------------------------------------------------------------------------

/** What stands against a license (license_status), 'NONE' when nothing does. */
const TX_LICENSE_STATUS: Record<LicenseStatus, string> = {
  active: 'NONE',
  expired: 'NONE',
  inactive: 'NONE',
  unknown: 'NONE',
  suspended: 'Suspended',
  probation: 'Probation',
  revoked: 'Revoked',
  surrendered: 'Surrendered',
};
const TX_REGISTRATION_STATUS: Record<LicenseStatus, string> = {
  active: 'Active',
  probation: 'Active',
  suspended: 'Active',
  expired: 'Expired',
  inactive: 'Inactive',
  revoked: 'Cancelled',
  surrendered: 'Cancelled',
  unknown: 'Pending',
};

const TEXAS: SiteDataset = {
  host: 'data.texas.gov',
  id: 'tm3v-pfq9',
  boardIds: ['tx-med'],
  columns: [
    'license_type',
    'license_number',
    'first_name',
    'last_name',
    'license_issue_date',
    'license_expiration_date',
    'registration_status',
    'registration_status_date',
    'disciplinary_status',
    'license_status',
    'currently_licensed',
    'current_board_action_date',
    'current_board_action_description',
    'degree',
    'specialties',
    'practice_city',
  ],
  row: ({ person, license }: BoardLicense) => {
    const initial = initialOf(license.middleAsPublished);
    return row({
      license_type: 'Physician License',
      license_number: license.licenseNumber,
      // No middle-name column: the initial, when published, follows the first name.
      first_name: upper(initial ? `${person.firstName} ${initial}` : person.firstName),
      last_name: upper(license.lastNameAsPublished),
      license_issue_date: floating(license.issueDate),
      license_expiration_date: floating(license.expiryDate),
      registration_status: TX_REGISTRATION_STATUS[license.status],
      registration_status_date: floating(license.renewalDate),
      disciplinary_status: license.discipline ? 'Board Order' : 'NONE',
      license_status: TX_LICENSE_STATUS[license.status],
      currently_licensed: ['active', 'probation'].includes(license.status) ? 'Y' : 'N',
      current_board_action_description: license.discipline,
      // Foreign graduates' degrees are allopathic: a few MDs are published with theirs.
      degree: license.licenseType === 'DO' ? 'DO' : hash32(person.index, 11) % 20 === 0 ? 'MBBS' : 'MD',
    });
  },
  filler: (person) =>
    row({
      license_type: pickOf(person, [
        'Physician Assistant License',
        'Respiratory Care Practitioner',
        'Medical Radiologic Technologist',
      ]),
      license_number: `${pickOf(person, ['PA', 'RCP', 'GMR'])}${fillerNumber(person, 6)}`,
      first_name: upper(person.firstName),
      last_name: upper(person.lastName),
      license_issue_date: floating('2016-05-01'),
      license_expiration_date: floating('2027-05-31'),
      registration_status: 'Active',
      disciplinary_status: 'NONE',
      license_status: 'NONE',
      degree: pickOf(person, ['PA', 'BS', 'AAS']),
    }),
};

// --- Illinois IDFPR -----------------------------------------------------------------------------------

/** Illinois writes its statuses in upper case, as Washington does. */
const IL_STATUS = WA_STATUS;

/** Illinois writes 'None' for an empty text cell and '/ /' for an empty date. */
const orNone = (value: string | null) => (value ? value : 'None');

const ILLINOIS: SiteDataset = {
  host: 'data.illinois.gov',
  id: 'pzzh-kp68',
  boardIds: ['il-med'],
  columns: [
    'license_type',
    'description',
    'license_number',
    'license_status',
    'business',
    'first_name',
    'middle',
    'last_name',
    'suffix',
    'business_name',
    'businessdba',
    'original_issue_date',
    'effective_date',
    'expiration_date',
    'city',
    'state',
    'zip',
    'county',
    'ever_disciplined',
    'specialty_qualifier',
    'case_number',
    'action',
    'discipline_start_date',
    'discipline_end_date',
    'discipline_reason',
  ],
  row: ({ person, license }: BoardLicense) =>
    row({
      license_type: 'MEDICAL BOARD',
      description: 'LICENSED PHYSICIAN AND SURGEON',
      license_number: license.licenseNumber,
      license_status: IL_STATUS[license.status],
      business: 'N',
      first_name: upper(person.firstName),
      middle: orNone(upper(license.middleAsPublished)),
      last_name: upper(license.lastNameAsPublished),
      suffix: orNone(upper(person.suffix)),
      original_issue_date: usDate(license.issueDate),
      effective_date: usDate(license.renewalDate),
      expiration_date: license.expiryDate ? usDate(license.expiryDate) : '/ /',
      ever_disciplined: license.discipline ? 'Y' : 'N',
      action: orNone(license.discipline),
    }),
  filler: (person) => {
    // The Medical Board licenses chiropractors too: same board, another description.
    const [type, description] = pickOf(person, [
      ['MEDICAL BOARD', 'LICENSED CHIROPRACTIC PHYSICIAN'],
      ['NURSING BOARD', 'REGISTERED PROFESSIONAL NURSE'],
      ['PHYSICIAN ASSISTANT', 'PHYSICIAN ASSISTANT'],
    ] as const);
    return row({
      license_type: type,
      description,
      license_number: `0${pickOf(person, ['38', '41', '85'])}.${fillerNumber(person, 6)}`,
      license_status: 'ACTIVE',
      business: 'N',
      first_name: upper(person.firstName),
      middle: 'None',
      last_name: upper(person.lastName),
      suffix: 'None',
      original_issue_date: '06/01/2012',
      expiration_date: '07/31/2027',
      ever_disciplined: 'N',
      action: 'None',
    });
  },
};

// --- Delaware DPR -------------------------------------------------------------------------------------

const DE_STATUS: Record<LicenseStatus, string> = { ...CO_STATUS, probation: 'Probation' };

const DELAWARE: SiteDataset = {
  host: 'data.delaware.gov',
  id: 'pjnv-eaih',
  boardIds: ['de-med'],
  columns: [
    'license_no',
    'first_name',
    'last_name',
    'profession_id',
    'license_type',
    'license_status',
    'issue_date',
    'expiration_date',
    'disciplinary_action',
    'city',
    'state',
  ],
  row: ({ person, license }: BoardLicense) =>
    row({
      license_no: license.licenseNumber,
      first_name: title(person.firstName),
      last_name: title(license.lastNameAsPublished),
      profession_id: 'Medical Practice',
      license_type: 'Physician',
      license_status: DE_STATUS[license.status],
      expiration_date: floating(license.expiryDate),
      disciplinary_action: license.discipline ? 'Yes' : 'No',
    }),
  filler: (person) => {
    const [profession, type] = pickOf(person, [
      ['Medical Practice', 'Physician Assistant'],
      ['Medical Practice', 'Respiratory Care Practitioner'],
      ['Nursing', 'Registered Nurse'],
    ] as const);
    return row({
      license_no: `${pickOf(person, ['L2', 'L8', 'S1'])}-${fillerNumber(person, 7)}`,
      first_name: title(person.firstName),
      last_name: title(person.lastName),
      profession_id: profession,
      license_type: type,
      license_status: 'Active',
      expiration_date: floating('2027-03-31'),
      disciplinary_action: 'No',
    });
  },
};

/**
 * Delaware's disciplinary actions (dz6p-akeq), apart from the licences: one row per action, joined to
 * its licence by `license_id_l`; the action's start and its text. Actions against other professions
 * share it.
 */
const DELAWARE_ACTIONS: SiteDataset = {
  host: 'data.delaware.gov',
  id: 'dz6p-akeq',
  boardIds: ['de-med'],
  columns: ['license_id_l', 'last_name', 'first_name', 'license_type', 'disp_start', 'item_text'],
  publishes: ({ license }) => license.discipline !== null && license.licenseNumber !== null,
  row: ({ person, license }: BoardLicense) =>
    row({
      license_id_l: license.licenseNumber,
      last_name: title(license.lastNameAsPublished),
      first_name: title(person.firstName),
      license_type: 'Physician',
      disp_start: floating(license.renewalDate),
      item_text: license.discipline,
    }),
  filler: (person) =>
    row({
      license_id_l: `${pickOf(person, ['L2', 'L8', 'S1'])}-${fillerNumber(person, 7)}`,
      last_name: title(person.lastName),
      first_name: title(person.firstName),
      license_type: pickOf(person, ['Registered Nurse', 'Physician Assistant', 'Pharmacist']),
      disp_start: floating('2023-05-17'),
      item_text: 'Letter of reprimand; continuing education in record keeping',
    }),
};

// --- Connecticut eLicense -----------------------------------------------------------------------------

const CT_STATUS = WA_STATUS;

const CONNECTICUT: SiteDataset = {
  host: 'data.ct.gov',
  id: 'ngch-56tr',
  boardIds: ['ct-med'],
  columns: [
    'credentialid',
    'name',
    'type',
    'businessname',
    'dba',
    'fullcredentialcode',
    'credentialnumber',
    'credentialtype',
    'credential',
    'status',
    'statusreason',
    'issuedate',
    'effectivedate',
    'expirationdate',
    'city',
    'state',
  ],
  row: ({ person, license }: BoardLicense) =>
    row({
      credentialid: String(1_000_000 + person.index),
      // One column, first name first: 'FIRST [M] LAST [SUFFIX]'.
      name: upper(
        [person.firstName, initialOf(license.middleAsPublished), license.lastNameAsPublished, person.suffix]
          .filter(Boolean)
          .join(' '),
      ),
      type: 'INDIVIDUAL',
      fullcredentialcode: license.licenseNumber ? `001.${license.licenseNumber}` : null,
      credentialnumber: license.licenseNumber,
      credentialtype: '1',
      credential: 'Physician/Surgeon',
      status: CT_STATUS[license.status],
      issuedate: floating(license.issueDate),
      effectivedate: floating(license.renewalDate),
      expirationdate: floating(license.expiryDate),
    }),
  filler: (person) => {
    const business = hash32(person.index, 5) % 4 === 0;
    return row({
      credentialid: String(5_000_000 + person.index),
      name: business ? undefined : upper(`${person.firstName} ${person.lastName}`),
      type: business ? 'BUSINESS' : 'INDIVIDUAL',
      businessname: business ? upper(`${person.lastName} Pharmacy LLC`) : undefined,
      credentialnumber: fillerNumber(person, 6),
      credential: business ? 'Pharmacy' : pickOf(person, ['Registered Nurse', 'Physician Assistant', 'Dentist']),
      status: 'ACTIVE',
      issuedate: floating('2014-10-01'),
      expirationdate: floating('2027-09-30'),
    });
  },
};

export const SITE_DATASETS: readonly SiteDataset[] = [
  WASHINGTON,
  COLORADO,
  TEXAS,
  ILLINOIS,
  DELAWARE,
  DELAWARE_ACTIONS,
  CONNECTICUT,
];

/** The dataset a path under /sites names: `<host>/resource/<id>.json`; undefined for any other. */
export function siteDataset(parts: readonly string[]): SiteDataset | undefined {
  const [host, resource, file, extra] = parts;
  if (resource !== 'resource' || !file || extra !== undefined) return undefined;
  return SITE_DATASETS.find((d) => d.host === host && file === `${d.id}.json`);
}

type Comparison = { field: string; value: string; upper: boolean };

/**
 * The SoQL `$where` the connectors send: `field='value'` or `upper(field)='VALUE'` clauses joined by
 * AND ('' escapes a quote). Text compares exactly, as on the real portals.
 */
export function parseSoqlWhere(text: string): Comparison[] | string {
  const comparisons: Comparison[] = [];
  const pattern = /^\s*(?:upper\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)|([A-Za-z_][A-Za-z0-9_]*))\s*=\s*'((?:[^']|'')*)'\s*/i;
  let rest = text;
  for (;;) {
    const match = pattern.exec(rest);
    if (!match) return `expected field='value' or upper(field)='VALUE' at "${rest.slice(0, 30)}"`;
    const field = (match[1] ?? match[2] ?? '').toLowerCase();
    comparisons.push({ field, value: (match[3] ?? '').replaceAll("''", "'"), upper: match[1] !== undefined });
    rest = rest.slice(match[0].length);
    if (rest === '') return comparisons;
    const and = /^AND\s+/i.exec(rest);
    if (!and) return `expected AND at "${rest.slice(0, 30)}"`;
    rest = rest.slice(and[0].length);
  }
}

/** GET /sites/<host>/resource/<id>.json: SODA's `$where`, `$limit`, `$offset` (`$order` is the row order). */
export async function handleSiteSocrata(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  dataset: SiteDataset,
  query: URLSearchParams,
): Promise<void> {
  const paging = readPaging(res, query);
  if (!paging) return;
  const { limit, offset } = paging;
  const where = query.get('$where');
  const comparisons = where === null || where.trim() === '' ? [] : parseSoqlWhere(where);
  if (typeof comparisons === 'string') {
    socrataError(res, 400, 'query.compiler.malformed', `Could not parse $where: ${comparisons}`);
    return;
  }
  const unknown = comparisons.find((c) => !dataset.columns.includes(c.field));
  if (unknown) {
    socrataError(res, 400, 'query.soql.no-such-column', `No such column: ${unknown.field}`);
    return;
  }
  const matches = (r: SocrataRow) =>
    comparisons.every((c) => {
      const cell = r[c.field];
      return cell !== undefined && (c.upper ? cell.toUpperCase() : cell) === c.value;
    });

  const { population } = ctx;
  function* rows(): Generator<string> {
    yield '[';
    let matched = 0;
    let written = 0;
    for (const index of datasetMembers(ctx, dataset)) {
      if (written >= (limit as number)) break;
      const person = population.person(index);
      const license = person.licenses.find((l) => dataset.boardIds.includes(l.boardId));
      const candidates: SocrataRow[] = [];
      if (license && (dataset.publishes?.({ person, license }) ?? true)) {
        candidates.push(dataset.row({ person, license }));
        candidates.push(...(dataset.repeats?.({ person, license }) ?? []));
      }
      if (hash32(index, 101) % 3 === 0) candidates.push(dataset.filler(person));
      for (const candidate of candidates) {
        if (written >= (limit as number) || !matches(candidate)) continue;
        matched++;
        if (matched <= (offset as number)) continue;
        yield (written === 0 ? '\n' : ',\n') + JSON.stringify(candidate);
        written++;
      }
    }
    yield '\n]\n';
  }
  await streamText(req, res, 200, { 'content-type': 'application/json; charset=utf-8' }, rows());
}
