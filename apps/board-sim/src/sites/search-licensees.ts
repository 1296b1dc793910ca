import type { LicenseStatus } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { BOARD_INDEX, SIM_BOARDS } from '../boards.ts';
import type { BoardLicense } from '../population.ts';
import { searchKey } from '../population-index.ts';
import { hash32 } from '../prng.ts';
import type { SimContext } from '../sim-context.ts';
import { findBoardLicenses } from './search-board-licenses.ts';

// What a board's look-up page finds for a search, drawn from the simulator's population as every
// look-up draws it (findBoardLicenses): a surname and a first name matched by their beginnings,
// accents and case aside; a license number exactly. Portals that list every profession (Michigan's
// Accela, mylicense.com, Maine's ALMS) also list other professionals of the surname, whose rows a
// physician board's reader must leave out.

/** Professions other than physicians a portal also lists, by the code each page words its own way. */
export type OtherProfession = 'RN' | 'PA' | 'RPH';
export type Profession = 'MD' | 'DO' | OtherProfession;

/** One licensee as a look-up lists it. */
export type Licensee = {
  /** The physician's license; absent for another profession's licensee. */
  hit: BoardLicense | undefined;
  /** The board whose license this is (the physician's; for another profession, the physician's it stands beside). */
  boardId: string;
  personIndex: number;
  firstName: string;
  middleName: string | null;
  lastName: string;
  suffix: string | null;
  profession: Profession;
  licenseNumber: string;
  status: LicenseStatus;
  issueDate: string;
  expiryDate: string | null;
  discipline: string | null;
  city: string;
  state: StateCode;
};

export type LicenseeSearch = { lastName?: string; firstName?: string; licenseNumber?: string };

const CITIES: Partial<Record<StateCode, readonly string[]>> = {
  AR: ['Little Rock', 'Fayetteville', 'Fort Smith', 'Jonesboro', 'Conway', 'Hot Springs'],
  AZ: ['Phoenix', 'Tucson', 'Mesa', 'Scottsdale', 'Flagstaff', 'Chandler'],
  IN: ['Indianapolis', 'Fort Wayne', 'Evansville', 'South Bend', 'Carmel', 'Bloomington'],
  KY: ['Louisville', 'Lexington', 'Bowling Green', 'Owensboro', 'Covington', 'Pikeville'],
  ME: ['Portland', 'Bangor', 'Lewiston', 'Augusta', 'Biddeford', 'Waterville'],
  MI: ['Detroit', 'Grand Rapids', 'Ann Arbor', 'Lansing', 'Kalamazoo', 'Traverse City'],
  NJ: ['Newark', 'Hackensack', 'New Brunswick', 'Morristown', 'Camden', 'Princeton'],
  RI: ['Providence', 'Warwick', 'Cranston', 'Pawtucket', 'Newport', 'Westerly'],
  WY: ['Cheyenne', 'Casper', 'Laramie', 'Gillette', 'Sheridan', 'Jackson'],
};

const OTHER_FIRST_NAMES = ['Ashley', 'Brandon', 'Courtney', 'Dana', 'Erin', 'Jordan', 'Kelsey', 'Morgan'] as const;
const OTHER_PROFESSIONS: readonly OtherProfession[] = ['RN', 'PA', 'RPH'];

/**
 * The licensees of `boardIds` a search finds, ordered as boards list them (surname, first name, number).
 * `others`: the portal lists every profession, so another professional of a found surname is listed too
 * (never for a number search: the number is a physician's).
 */
export function searchLicensees(
  ctx: SimContext,
  boardIds: readonly string[],
  search: LicenseeSearch,
  { others = false }: { others?: boolean } = {},
): Licensee[] {
  const first = searchKey(search.firstName ?? '');
  const number = (search.licenseNumber ?? '').trim();
  // A portal lists nobody for a search with neither a number nor a name.
  if (!number && !searchKey(search.lastName ?? '') && !first) return [];
  const found: Licensee[] = [];
  for (const hit of boardIds.flatMap((boardId) => findBoardLicenses(ctx, boardId, search))) {
    found.push(licenseeOf(hit));
    if (others && !number) {
      const other = otherLicenseeBeside(hit);
      if (other && (!first || searchKey(other.firstName).startsWith(first))) found.push(other);
    }
  }
  const key = (l: Licensee) => `${searchKey(l.lastName)}\u0000${searchKey(l.firstName)}\u0000${l.licenseNumber}`;
  return found
    .map((licensee) => ({ licensee, key: key(licensee) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.licensee.personIndex - b.licensee.personIndex))
    .map((entry) => entry.licensee);
}

/** A physician's license as a look-up lists it. */
export function licenseeOf({ person, license }: BoardLicense): Licensee {
  return {
    hit: { person, license },
    boardId: license.boardId,
    personIndex: person.index,
    firstName: person.firstName,
    middleName: license.middleAsPublished,
    lastName: license.lastNameAsPublished,
    suffix: person.suffix,
    profession: license.licenseType,
    licenseNumber: license.licenseNumber ?? '',
    status: license.status,
    issueDate: license.issueDate,
    expiryDate: license.expiryDate,
    discipline: license.discipline,
    city: cityOf(license.jurisdiction, person.index),
    state: license.jurisdiction,
  };
}

/**
 * Another professional of the physician's surname that an all-professions portal lists beside them (a
 * third of physicians have one); the same for the same physician on every request.
 */
export function otherLicenseeBeside({ person, license }: BoardLicense): Licensee | undefined {
  if (hash32(person.index, 307) % 3 !== 0) return undefined;
  const profession = OTHER_PROFESSIONS[hash32(person.index, 308) % OTHER_PROFESSIONS.length] as OtherProfession;
  const issueYear = 2005 + (hash32(person.index, 309) % 18);
  return {
    hit: undefined,
    boardId: license.boardId,
    personIndex: person.index,
    firstName: OTHER_FIRST_NAMES[hash32(person.index, 310) % OTHER_FIRST_NAMES.length] as string,
    middleName: null,
    lastName: license.lastNameAsPublished,
    suffix: null,
    profession,
    licenseNumber: `${profession}${String(hash32(person.index, 311) % 1_000_000).padStart(6, '0')}`,
    status: 'active',
    issueDate: `${issueYear}-06-30`,
    expiryDate: `${issueYear + 22}-06-30`,
    discipline: null,
    city: cityOf(license.jurisdiction, person.index + 1),
    state: license.jurisdiction,
  };
}

function cityOf(state: StateCode, index: number): string {
  const cities = CITIES[state] ?? ['Capital City'];
  return cities[hash32(index, 306) % cities.length] as string;
}

/**
 * An opaque id for a licensee's detail page, shaped as the GUIDs portals put in their links
 * (`Details.aspx?result=…`): the same licensee always gets the same id, and only a real one reads back.
 */
export function licenseeId(licensee: Licensee): string {
  const board = BOARD_INDEX.get(licensee.boardId) ?? 0;
  const payload = ((licensee.personIndex * 2 + (licensee.hit ? 0 : 1)) * 256 + board).toString(16).padStart(12, '0');
  const check = hash32(Number.parseInt(payload.slice(0, 6), 16), Number.parseInt(payload.slice(6), 16), 305);
  const hex = check.toString(16).padStart(8, '0');
  return `${hex}-${hex.slice(0, 4)}-4${hex.slice(4, 7)}-a${hex.slice(1, 4)}-${payload}`;
}

/** The licensee an id names, when it is one of `boardIds`' (else undefined: a made-up or stale id). */
export function licenseeById(ctx: SimContext, id: string, boardIds: readonly string[]): Licensee | undefined {
  const match = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-([0-9a-f]{12})$/.exec(id.toLowerCase());
  if (!match) return undefined;
  const payload = match[1] as string;
  const value = Number.parseInt(payload, 16);
  const board = SIM_BOARDS[value % 256];
  const personIndex = Math.floor(value / 512);
  const other = Math.floor(value / 256) % 2 === 1;
  if (!board || !boardIds.includes(board.boardId) || personIndex >= ctx.population.size) return undefined;
  const person = ctx.population.person(personIndex);
  const license = person.licenses.find((l) => l.boardId === board.boardId);
  if (!license) return undefined;
  const licensee = other ? otherLicenseeBeside({ person, license }) : licenseeOf({ person, license });
  return licensee && licenseeId(licensee) === id.toLowerCase() ? licensee : undefined;
}
