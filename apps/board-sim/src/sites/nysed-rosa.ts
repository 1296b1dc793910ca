import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus, LicenseType } from '@licensewatch/shared/licenses';
import { htmlPage, sendHtml, sendJson } from '../http-util.ts';
import type { BoardLicense, SimPerson } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { findBoardLicenses } from './search-board-licenses.ts';

// New York's verification page and the ROSA API behind it (BOARDS.md row 38, PSV 2026-08-18): the page
// is a script-built app with no results of its own; the API answers only a caller sending the page's
// key in `x-oapi-key`. `byProfessionAndName?professionCode=ALL|<code>&name=LAST FIRST` lists at most 10
// licences of every profession (or one), without their standing; `byProfessionAndLicenseNumber` answers
// one profession's licence in full, and refuses ALL with HTTP 408. Every field is `{value, label}`,
// names 'LAST FIRST MIDDLE', dates 'April 30, 2029', standing 'Registered' / 'Not Registered'.
// The simulator's own, where the evidence is silent: the labels, the other standings' words, the
// answer to a missing key (401) and to a number it does not hold (`{}`), MDs under 060 and DOs under
// 061, namesakes of other professions in the lists, and the page's text.

export const NEW_YORK_BOARD_ID = 'ny-med';
/** The key this simulator's page would publish: what an operator puts in NYSED_ROSA_API_KEY. */
export const NYSED_SIM_API_KEY = 'SIMULATEDROSAKEY0000000000000000';
export const ROSA_CAP = 10;

const API_HOST = 'api.nysed.gov';
const API_ROOT = ['rosa', 'V2'];
const PAGE_HOST = 'eservices.nysed.gov';
const PAGE_PATH = ['professions', 'verification-search'];

export const ROSA_PROFESSION: Record<LicenseType, string> = { MD: '060', DO: '061' };
const MEDICINE = 'Medicine';

/** Professions whose licensees the lists hold beside physicians of the same name. */
const OTHER_PROFESSIONS = [
  { code: '022', name: 'Registered Professional Nurse' },
  { code: '033', name: 'Pharmacist' },
] as const;

export const NY_STATUS: Record<LicenseStatus, string> = {
  active: 'Registered',
  expired: 'Not Registered',
  suspended: 'Suspended',
  probation: 'Probation',
  revoked: 'Revoked',
  inactive: 'Inactive',
  surrendered: 'Surrendered',
  unknown: 'Pending',
};

const CITIES = ['ALBANY', 'BUFFALO', 'ROCHESTER', 'SYRACUSE', 'BROOKLYN', 'NEW YORK', 'ITHACA', 'YONKERS'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export type RosaRoute = { kind: 'page' } | { kind: 'api'; endpoint: string };

/** Whether a path under /sites names the verification page or the API, and which endpoint. */
export function rosaRoute(parts: readonly string[]): RosaRoute | undefined {
  if (parts.length === 3 && parts[0] === PAGE_HOST && parts[1] === PAGE_PATH[0] && parts[2] === PAGE_PATH[1])
    return { kind: 'page' };
  if (parts.length === 4 && parts[0] === API_HOST && parts[1] === API_ROOT[0] && parts[2] === API_ROOT[1])
    return { kind: 'api', endpoint: parts[3] as string };
  return undefined;
}

/** The surname a name search asks for (its first word), so a fault can be scoped to one physician. */
export function rosaSearchedSurname(query: URLSearchParams): string | undefined {
  return query.get('name')?.trim().split(/\s+/)[0] || undefined;
}

const field = (value: string, label: string) => ({ value, label });

/** 'April 30, 2029'. */
export function longDate(isoDate: string | null): string {
  if (!isoDate) return '';
  const [year, month, day] = isoDate.split('-');
  return `${MONTHS[Number(month) - 1]} ${Number(day)}, ${year}`;
}

const upper = (value: string | null) => (value ? value.toUpperCase() : '');

/** 'LAST FIRST MIDDLE SUFFIX', the surname as this board prints it. */
export function rosaName(person: SimPerson, lastName: string, middle: string | null): string {
  return [upper(lastName), upper(person.firstName), upper(middle), upper(person.suffix)].filter(Boolean).join(' ');
}

function address(person: SimPerson): string {
  return `${CITIES[hash32(person.index, 4099) % CITIES.length]} ${person.homeState}`;
}

/** One line of a list: a licence of some profession, as every list row shows it. */
type Listed = {
  name: string;
  ownName: string;
  profession: string;
  code: string;
  number: string;
  person: SimPerson;
  issueDate: string;
  hit?: BoardLicense;
};

function physicianLine(hit: BoardLicense): Listed {
  const { person, license } = hit;
  const name = rosaName(person, license.lastNameAsPublished, license.middleAsPublished);
  return {
    name,
    ownName: rosaName(person, person.lastName, person.middleName),
    profession: MEDICINE,
    code: ROSA_PROFESSION[license.licenseType],
    number: license.licenseNumber ?? '',
    person,
    issueDate: license.issueDate,
    hit,
  };
}

/** About one physician in three has a namesake of another profession (a middle initial of its own). */
function namesakes(hit: BoardLicense): Listed[] {
  const { person, license } = hit;
  const draw = hash32(person.index, 6007);
  if (draw % 3 !== 0) return [];
  const other = OTHER_PROFESSIONS[(draw >>> 4) % OTHER_PROFESSIONS.length] as (typeof OTHER_PROFESSIONS)[number];
  const middle = String.fromCharCode(65 + ((draw >>> 8) % 26));
  return [
    {
      name: rosaName(person, license.lastNameAsPublished, middle),
      ownName: rosaName(person, person.lastName, middle),
      profession: other.name,
      code: other.code,
      number: String(draw % 1_000_000).padStart(6, '0'),
      person,
      issueDate: license.issueDate,
    },
  ];
}

function listedRow(line: Listed) {
  return {
    name: field(line.name, 'Name'),
    profession: field(line.profession, 'Profession'),
    professionCode: field(line.code, 'Profession Code'),
    licenseNumber: field(line.number, 'License Number'),
    address: field(address(line.person), 'Address'),
    dateOfLicensure: field(longDate(line.issueDate), 'Date of Licensure'),
  };
}

function licenceDetail(hit: BoardLicense) {
  const line = physicianLine(hit);
  return {
    ...listedRow(line),
    status: field(NY_STATUS[hit.license.status], 'Status'),
    registeredThroughDate: field(longDate(hit.license.expiryDate), 'Registered through last day of'),
    additionalQualification: field('', 'Additional Qualification'),
  };
}

/** The lines whose name begins with what was asked, as printed or as the person writes it; 10 at most. */
function searchByName(ctx: SimContext, name: string, code: string): Listed[] {
  const wanted = searchKey(name);
  const surname = wanted.split(' ')[0] ?? '';
  if (!surname) return [];
  const lines: Listed[] = [];
  for (const hit of findBoardLicenses(ctx, NEW_YORK_BOARD_ID, { lastName: surname })) {
    if (!hit.license.licenseNumber) continue;
    for (const line of [physicianLine(hit), ...namesakes(hit)]) {
      if (code !== 'ALL' && line.code !== code) continue;
      if (searchKey(line.name).startsWith(wanted) || searchKey(line.ownName).startsWith(wanted)) lines.push(line);
    }
  }
  lines.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.number < b.number ? -1 : 1));
  return lines.slice(0, ROSA_CAP);
}

function verificationPage(): string {
  return htmlPage(
    'Office of the Professions - Verification Search',
    `<div id="app"></div>
<noscript>This application requires JavaScript. Please enable JavaScript to search for a licensee.</noscript>`,
  );
}

/** GET only (server.ts admits no other method here). */
export async function handleNysedRosa(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: RosaRoute,
  query: URLSearchParams,
): Promise<void> {
  if (route.kind === 'page') {
    sendHtml(res, 200, verificationPage());
    return;
  }
  if (req.headers['x-oapi-key'] !== NYSED_SIM_API_KEY) {
    sendJson(res, 401, { httpCode: 401, message: 'Invalid or missing API key' });
    return;
  }
  const code = (query.get('professionCode') ?? '').trim().toUpperCase();
  if (route.endpoint === 'byProfessionAndName') {
    const name = (query.get('name') ?? '').trim();
    if (!code || !name) {
      sendJson(res, 400, { httpCode: 400, message: 'professionCode and name are required' });
      return;
    }
    sendJson(res, 200, { content: searchByName(ctx, name, code).map(listedRow) });
    return;
  }
  if (route.endpoint === 'byProfessionAndLicenseNumber') {
    const number = (query.get('licenseNumber') ?? '').trim();
    if (code === 'ALL') {
      sendJson(res, 408, { httpCode: 408, message: 'You must choose a specific profession' });
      return;
    }
    if (!code || !number) {
      sendJson(res, 400, { httpCode: 400, message: 'professionCode and licenseNumber are required' });
      return;
    }
    const hit = ctx.population.findByLicenseNumber(NEW_YORK_BOARD_ID, number);
    sendJson(res, 200, hit && ROSA_PROFESSION[hit.license.licenseType] === code ? licenceDetail(hit) : {});
    return;
  }
  sendJson(res, 404, { httpCode: 404, message: `No resource ${route.endpoint}` });
}
