import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LicenseStatus } from '@licensewatch/shared/licenses';
import { htmlPage, readBodyText, sendHtml, sendJson } from '../http-util.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { findBoardLicenses } from './search-board-licenses.ts';

// Massachusetts' look-up, findmydoctor.mass.gov, and the Board of Registration in Medicine's search API
// behind it (BOARDS.md row 25, PSV): the page is a script-built app with no results of its own; the API
// takes a JSON POST at api-public/search, by name (`searchType` BY_PHYSICIAN_NAME, `firstName`,
// `lastName`) or by number (BY_LICENSE_NUMBER, `licenseNumber`), and answers HTTP 201
// `{results: {data: [...], totalDataCount}}`, each row with `fullName` ('First Middle Last'),
// `licenseNumber`, `licenseMetaName`, `degree`, `profileStatus`, `originalDate`, `expirationDate`,
// `businessAddress`. The request bodies and `degree` are from two public scripts outside the evidence
// keys (the real board's configuration says which). The simulator's own: the errors' words, names
// matched by their beginnings, `licenseMetaName` and the address's form, and the board's
// acupuncturists, namesakes of some physicians, whose rows a physician reader must leave out.

export const MASSACHUSETTS_BOARD_ID = 'ma-med';

const API_HOST = 'api.medboard.mass.gov';
const API_PATH = ['api-public', 'search'];
const PAGE_HOST = 'findmydoctor.mass.gov';
const MAX_BODY_BYTES = 16 * 1024;

const MA_STATUS: Record<LicenseStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  suspended: 'Suspended',
  probation: 'Probation',
  revoked: 'Revoked',
  inactive: 'Inactive',
  surrendered: 'Surrendered',
  unknown: 'Pending',
};

const CITIES = ['Boston', 'Worcester', 'Springfield', 'Cambridge', 'Lowell', 'Newton', 'Pittsfield'];
const ACUPUNCTURIST_FIRST_NAMES = ['Lin', 'Mei', 'Robin', 'Sage', 'Quinn', 'Harper'];

export type MedboardRoute = 'page' | 'api';

/** Whether a path under /sites names the look-up page or the search API. */
export function medboardRoute(parts: readonly string[]): MedboardRoute | undefined {
  if (parts.length === 1 && parts[0] === PAGE_HOST) return 'page';
  if (parts.length === 3 && parts[0] === API_HOST && parts[1] === API_PATH[0] && parts[2] === API_PATH[1]) return 'api';
  return undefined;
}

/** The search API takes a POST (server.ts admits it). */
export function isMedboardSearchPost(parts: readonly string[], method: string | undefined): boolean {
  return method === 'POST' && medboardRoute(parts) === 'api';
}

const timestamp = (isoDate: string | null) => (isoDate ? `${isoDate}T00:00:00.000Z` : null);

function physicianRow({ person, license }: BoardLicense) {
  const city = CITIES[hash32(person.index, 5113) % CITIES.length] as string;
  return {
    fullName: [person.firstName, license.middleAsPublished, license.lastNameAsPublished, person.suffix]
      .filter(Boolean)
      .join(' '),
    licenseNumber: license.licenseNumber,
    licenseMetaName: 'Full License',
    degree: license.licenseType === 'MD' ? 'M.D.' : 'D.O.',
    profileStatus: MA_STATUS[license.status],
    originalDate: timestamp(license.issueDate),
    startDate: timestamp(license.renewalDate),
    expirationDate: timestamp(license.expiryDate),
    businessAddress: `${city}, MA`,
    specialties: [person.taxonomy.desc],
    hospitals: [],
  };
}

/** About one physician in four shares a surname with one of the board's acupuncturists. */
function acupuncturistBeside({ person, license }: BoardLicense) {
  const draw = hash32(person.index, 7211);
  if (draw % 4 !== 0) return undefined;
  return {
    fullName: `${ACUPUNCTURIST_FIRST_NAMES[(draw >>> 3) % ACUPUNCTURIST_FIRST_NAMES.length]} ${license.lastNameAsPublished}`,
    licenseNumber: `AC${String(draw % 100_000).padStart(5, '0')}`,
    licenseMetaName: 'Acupuncturist',
    degree: 'L.Ac.',
    profileStatus: 'Active',
    originalDate: timestamp(license.issueDate),
    startDate: timestamp(license.renewalDate),
    expirationDate: timestamp(license.expiryDate),
    businessAddress: 'Boston, MA',
    specialties: [],
    hospitals: [],
  };
}

type Row = ReturnType<typeof physicianRow> | NonNullable<ReturnType<typeof acupuncturistBeside>>;

function searchByName(ctx: SimContext, lastName: string, firstName: string): Row[] {
  const first = searchKey(firstName);
  const rows: { row: Row; index: number }[] = [];
  // The surname finds the physicians and the acupuncturists beside them; each is then asked the first name.
  for (const hit of findBoardLicenses(ctx, MASSACHUSETTS_BOARD_ID, { lastName })) {
    const index = hit.person.index;
    if (!first || searchKey(hit.person.firstName).startsWith(first)) rows.push({ row: physicianRow(hit), index });
    const other = acupuncturistBeside(hit);
    if (other && (!first || searchKey(other.fullName).startsWith(first))) rows.push({ row: other, index });
  }
  // By the name as printed, last word first; namesakes in the population's order.
  const key = ({ row }: { row: Row }) => searchKey(row.fullName.split(' ').reverse().join(' '));
  return rows
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.index - b.index))
    .map((entry) => entry.row);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBodyText(req, MAX_BODY_BYTES);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function findMyDoctorPage(): string {
  return htmlPage(
    'Find My Doctor - Board of Registration in Medicine',
    `<div id="root"></div>
<noscript>You need to enable JavaScript to run this app.</noscript>`,
  );
}

const badRequest = (res: ServerResponse, message: string) =>
  sendJson(res, 400, { statusCode: 400, message, error: 'Bad Request' });

/**
 * The page, or one search. `pass`: the board's faults, met once the body has said which surname is
 * asked (a fault can be scoped to one); false when it answered instead.
 */
export async function handleMedboard(
  ctx: SimContext,
  req: IncomingMessage,
  res: ServerResponse,
  route: MedboardRoute,
  pass: (lastName: string | undefined) => Promise<boolean>,
): Promise<void> {
  if (route === 'page') {
    if (await pass(undefined)) sendHtml(res, 200, findMyDoctorPage());
    return;
  }
  if (req.method !== 'POST') {
    if (await pass(undefined))
      sendJson(res, 404, { statusCode: 404, message: 'Cannot GET /api-public/search', error: 'Not Found' });
    return;
  }
  const body = (await readJson(req)) as Record<string, unknown> | undefined;
  const lastName = typeof body?.lastName === 'string' ? body.lastName : '';
  if (!(await pass(lastName || undefined))) return;
  if (!body || typeof body !== 'object') return badRequest(res, 'The body must be a JSON search');
  let data: Row[];
  if (body.searchType === 'BY_PHYSICIAN_NAME') {
    const firstName = typeof body.firstName === 'string' ? body.firstName : '';
    if (!searchKey(lastName) && !searchKey(firstName)) return badRequest(res, 'Enter a first or a last name');
    data = searchByName(ctx, lastName, firstName);
  } else if (body.searchType === 'BY_LICENSE_NUMBER') {
    const number = typeof body.licenseNumber === 'string' ? body.licenseNumber.trim() : '';
    if (!number) return badRequest(res, 'Enter a license number');
    const hit = ctx.population.findByLicenseNumber(MASSACHUSETTS_BOARD_ID, number);
    data = hit ? [physicianRow(hit)] : [];
  } else {
    return badRequest(res, 'searchType must be BY_PHYSICIAN_NAME or BY_LICENSE_NUMBER');
  }
  sendJson(res, 201, { results: { data, totalDataCount: data.length } });
}
