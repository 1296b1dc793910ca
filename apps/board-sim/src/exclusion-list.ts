import type { StateCode } from '@licensewatch/shared/states';
import { ENGLISH_MIDDLES, ORIGINS } from './names.ts';
import { isoDateFormatter, type Population, type SimPerson } from './population.ts';
import { hash32, intBetween, mulberry32, pick, pickWeighted, type Random, weighted } from './prng.ts';

export type SimExclusionKind = 'excluded' | 'reinstated' | 'namesake' | 'other';

export type SimExclusion = {
  /** Stable for a seed: `LEIE-000123`. */
  id: string;
  /**
   * excluded: a physician of the population, excluded now (listed in UPDATED.csv);
   * reinstated: a physician of the population excluded earlier and reinstated in the last 12 months
   *   (listed only in a REIN supplement, not in UPDATED.csv);
   * namesake: NOT a population physician but someone (e.g. a nurse) with the same first and last name
   *   and state as a population physician, NPI absent — the case that must give a "possible match";
   * other: filler rows (nurses, pharmacies, businesses…) unrelated to the population.
   */
  kind: SimExclusionKind;
  /** The population physician (excluded/reinstated), or the physician a namesake shares a name with; null for other. */
  personId: string | null;
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  /** Entities (pharmacies, clinics) have a business name and no person name. */
  businessName: string | null;
  /** LEIE GENERAL, e.g. 'IND- LIC HC SERV PRO', 'BUSINESS'. */
  general: string;
  /** LEIE SPECIALTY, e.g. 'INTERNAL MEDICINE', 'NURSE/NURSES AIDE'. */
  specialty: string;
  upin: string | null;
  /** Ten digits; null when LEIE prints 0000000000 (most older rows). */
  npi: string | null;
  /** YYYY-MM-DD. */
  dob: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  /** An LEIE EXCLTYPE code, e.g. '1128a1', '1128b4', 'BRCH SA'. */
  exclType: string;
  /** YYYY-MM-DD. */
  exclDate: string;
  /** YYYY-MM-DD, reinstated rows only. */
  reinDate: string | null;
  waiverDate: string | null;
  waiverState: string | null;
  /** Also listed by the SAM-style exclusions API (SAM carries OIG exclusions reciprocally). */
  onSam: boolean;
};

const DAY_MS = 86_400_000;

/** The smallest full file, whatever the population: an ingest must cope with a realistic bulk of strangers. */
const MIN_FILE_ROWS = 2000;
/** The real LEIE lists roughly 80k rows against about a million US physicians. */
const FILE_ROWS_PER_PHYSICIAN = 0.08;

const EXCLUDED_SHARE = 0.005;
const REINSTATED_SHARE = 0.002;
const NAMESAKE_SHARE = 0.002;
/** Tiny populations still get enough of each kind for a test to see every case. */
const SMALL_POPULATION = 50;
const MIN_EXCLUDED = 3;
const MIN_REINSTATED = 2;
const MIN_NAMESAKES = 2;

const NPI_SHARE = 0.6;
const GOLDEN = 0.618_033_988_749_895;

// Salts keep the selection, each kind's rows and the filler rows on separate random streams,
// so padding the file with more filler never changes a physician's row.
const SALT_SELECT = 0x1e1e;
const SALT_PHYSICIAN = 0x1e1f;
const SALT_NAMESAKE = 0x1e20;
const SALT_FILLER = 0x1e21;

/** Ordered from the most common, roughly as the live list's EXCLTYPE column is distributed. */
const EXCL_TYPES = weighted(
  [
    '1128b4',
    '1128a1',
    '1128a3',
    '1128b7',
    '1128a4',
    '1128b5',
    '1128a2',
    '1128b1',
    '1128b14',
    '1128Aa',
    '1156',
    'BRCH SA',
  ],
  [38, 22, 10, 8, 6, 5, 4, 2.5, 1.5, 1, 0.6, 0.4],
);

/** NPPES taxonomy code → the SPECIALTY the LEIE prints for such a physician. */
const TAXONOMY_SPECIALTY: Record<string, string> = {
  '207R00000X': 'INTERNAL MEDICINE',
  '207Q00000X': 'FAMILY PRACTICE',
  '208000000X': 'PEDIATRICS',
  '207P00000X': 'EMERGENCY MEDICINE',
  '207L00000X': 'ANESTHESIOLOGY',
  '2084P0800X': 'PSYCHIATRY',
  '207V00000X': 'OBSTETRICS/GYNECOLOGY',
  '208600000X': 'GENERAL SURGERY',
  '2085R0202X': 'DIAGNOSTIC RADIOLOGY',
  '207RC0000X': 'CARDIOLOGY',
  '207X00000X': 'ORTHOPEDIC SURGERY',
  '208M00000X': 'INTERNAL MEDICINE',
  '2084N0400X': 'NEUROLOGY',
  '207N00000X': 'DERMATOLOGY',
  '207W00000X': 'OPHTHALMOLOGY',
  '207RG0100X': 'GASTROENTEROLOGY',
};
const PHYSICIAN_GENERAL = 'IND- LIC HC SERV PRO';

const NAMESAKE_SPECIALTIES = weighted(
  ['NURSE/NURSES AIDE', 'PHARMACIST', 'CHIROPRACTOR', 'PHYSICAL THERAPIST', 'SOCIAL WORKER', 'DENTIST'],
  [60, 12, 8, 8, 7, 5],
);

type FillerKind = { general: string; specialty: string; business: boolean; weight: number };
const FILLER_KINDS: FillerKind[] = [
  { general: 'IND- LIC HC SERV PRO', specialty: 'NURSE/NURSES AIDE', business: false, weight: 34 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'PHARMACIST', business: false, weight: 6 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'CHIROPRACTOR', business: false, weight: 4 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'DENTIST', business: false, weight: 3 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'PHYSICAL THERAPIST', business: false, weight: 2 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'PSYCHOLOGIST', business: false, weight: 2 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'SOCIAL WORKER', business: false, weight: 2 },
  { general: 'IND- LIC HC SERV PRO', specialty: 'PODIATRIST', business: false, weight: 1 },
  { general: 'OTHER BUSINESS', specialty: 'HEALTH CARE AIDE', business: false, weight: 14 },
  { general: 'OTHER BUSINESS', specialty: 'EMPLOYEE - PRIVATE SEC', business: false, weight: 8 },
  { general: 'OTHER BUSINESS', specialty: 'BUSINESS OWNER/EXEC', business: false, weight: 6 },
  { general: 'BUSINESS', specialty: 'PHARMACY', business: true, weight: 5 },
  { general: 'BUSINESS', specialty: 'HOME HEALTH AGENCY', business: true, weight: 4 },
  { general: 'BUSINESS', specialty: 'DME COMPANY', business: true, weight: 3 },
  { general: 'BUSINESS', specialty: 'MEDICAL PRACTICE, MD', business: true, weight: 2 },
  { general: 'BUSINESS', specialty: 'AMBULANCE CO', business: true, weight: 2 },
  { general: 'BUSINESS', specialty: 'NURSING FACILITIES/NH', business: true, weight: 2 },
];
const FILLER_KIND_LIST = weighted(
  FILLER_KINDS,
  FILLER_KINDS.map((k) => k.weight),
);

const BUSINESS_SUFFIXES: Record<string, string[]> = {
  PHARMACY: ['PHARMACY, INC', 'DRUGS', 'PHARMACY LLC', 'APOTHECARY'],
  'HOME HEALTH AGENCY': ['HOME HEALTH CARE, INC', 'HOME CARE SERVICES LLC', 'NURSING SERVICES'],
  'DME COMPANY': ['MEDICAL SUPPLY, INC', 'DURABLE MEDICAL EQUIPMENT LLC', 'MEDICAL EQUIPMENT'],
  'MEDICAL PRACTICE, MD': ['MEDICAL CLINIC, PA', 'FAMILY MEDICINE PC', 'MEDICAL GROUP'],
  'AMBULANCE CO': ['AMBULANCE SERVICE, INC', 'MEDICAL TRANSPORT LLC'],
  'NURSING FACILITIES/NH': ['NURSING HOME', 'REHABILITATION CENTER', 'CARE CENTER'],
};
const BUSINESS_WORDS = [
  'SUNRISE',
  'HERITAGE',
  'GOLDEN',
  'ALLIANCE',
  'PREMIER',
  'FIRST CHOICE',
  'COMMUNITY',
  'UNITED',
  'LIBERTY',
  'PIONEER',
  'SUMMIT',
  'CORNERSTONE',
  'GRACE',
  'EVERGREEN',
  'ADVANCED',
  'CAPITAL',
  'RELIABLE',
  'GOOD SHEPHERD',
  'TRINITY',
  'ACE',
];

/**
 * Surnames for filler individuals. Any a population physician could carry are dropped below:
 * a stranger sharing a physician's name would be an unplanned "possible match" that no ground
 * truth accounts for (namesakes are the planned ones).
 */
const FILLER_SURNAME_CANDIDATES = `ABERNATHY ACKERMAN ADKINS ALDRIDGE ALVARADO ASHWORTH ATKINSON BABCOCK BALDWIN BARLOW
  BARRETT BATES BEASLEY BECKETT BLACKWELL BOWMAN BOYD BRADSHAW BRANTLEY BRENNAN BRIGGS BUCKLEY BURGESS BURKE CALDWELL
  CANNON CARLSON CARVER CHANDLER CHAPMAN COCHRAN CONLEY CONRAD CROWLEY CUNNINGHAM DALTON DAUGHERTY DAWSON DECKER
  DUNCAN DURHAM EATON ELLISON EMERSON ENGLAND FARLEY FERGUSON FINCH FLEMING FLOYD FORBES FOWLER FRAZIER FULLER GARNER
  GENTRY GILBERT GOODWIN GRIFFIN HALE HAMMOND HANCOCK HARDIN HARMON HASTINGS HAWKINS HAYDEN HENDRICKS HOBBS HOLLAND
  HOLT HOOVER HORTON HOUSTON HUFFMAN INGRAM JARVIS JENNINGS KEMP KIRBY KNOX LAMBERT LANCASTER LANGLEY LARSON LINDSEY
  LOWERY LYNCH MADDOX MALONE MANNING MARSH MAYNARD MCBRIDE MCCALL MCCOY MEADOWS MERCER MERRITT MOODY MORROW NASH NEWMAN
  NOBLE NORRIS OSBORNE PACE PARSONS PATTON PEARSON PENNINGTON PITTMAN POTTER PRESTON PRUITT QUINLAN RAMSEY RANDALL
  REESE RHODES RICHMOND RIDDLE ROWE SAWYER SHEPPARD SHERMAN SIMMS SKINNER SLOAN SPARKS STAFFORD STANTON STEELE STOKES
  STRICKLAND SUTTON SWEENEY TALLEY TATE THORNTON TOWNSEND TRAVIS VANCE VAUGHN WADE WALLER WALSH WARNER WATKINS WEBSTER
  WHITLEY WILKERSON WINSLOW WOLFE WOODARD WYATT YATES YORK`
  .split(/\s+/)
  .filter(Boolean);
const POPULATION_SURNAMES = new Set(ORIGINS.flatMap((o) => o.last.map((l) => l.toUpperCase())));
const FILLER_SURNAMES = FILLER_SURNAME_CANDIDATES.filter((s) => !POPULATION_SURNAMES.has(s));
const FILLER_FIRST = {
  male: [...new Set(ORIGINS.flatMap((o) => o.male.slice(0, 25)).map((n) => n.toUpperCase()))],
  female: [...new Set(ORIGINS.flatMap((o) => o.female.slice(0, 25)).map((n) => n.toUpperCase()))],
};
const FILLER_MIDDLE = {
  male: ENGLISH_MIDDLES.male.map((n) => n.toUpperCase()),
  female: ENGLISH_MIDDLES.female.map((n) => n.toUpperCase()),
};

const STREETS = [
  'MAIN',
  'OAK',
  'MAPLE',
  'PINE',
  'CEDAR',
  'ELM',
  'WASHINGTON',
  'LAKE',
  'HILL',
  'PARK',
  'LINCOLN',
  'JACKSON',
  'FRANKLIN',
  'CHURCH',
  'MILL',
  'RIVER',
  'SPRING',
  'HIGHLAND',
  'MARKET',
  'BROADWAY',
  'CENTER',
  'MEADOW',
  'SUNSET',
];
const STREET_TYPES = ['ST', 'AVE', 'RD', 'DR', 'BLVD', 'LN', 'CT', 'WAY'];

/** [state, weight (population, millions ×10), lowest and highest ZIP prefix, cities]. */
const PLACES_TABLE: [StateCode, number, number, number, string][] = [
  ['AL', 50, 350, 369, 'BIRMINGHAM|MONTGOMERY|MOBILE|HUNTSVILLE'],
  ['AK', 7, 995, 999, 'ANCHORAGE|FAIRBANKS|JUNEAU'],
  ['AZ', 72, 850, 865, 'PHOENIX|TUCSON|MESA|SCOTTSDALE'],
  ['AR', 30, 716, 729, 'LITTLE ROCK|FAYETTEVILLE|FORT SMITH'],
  ['CA', 395, 900, 961, 'LOS ANGELES|SAN DIEGO|SAN JOSE|SAN FRANCISCO|FRESNO|SACRAMENTO'],
  ['CO', 58, 800, 816, 'DENVER|COLORADO SPRINGS|AURORA'],
  ['CT', 36, 60, 69, 'HARTFORD|NEW HAVEN|BRIDGEPORT|STAMFORD'],
  ['DE', 10, 197, 199, 'WILMINGTON|DOVER|NEWARK'],
  ['DC', 7, 200, 205, 'WASHINGTON'],
  ['FL', 215, 320, 349, 'MIAMI|TAMPA|ORLANDO|JACKSONVILLE|HIALEAH'],
  ['GA', 107, 300, 319, 'ATLANTA|SAVANNAH|AUGUSTA|MACON'],
  ['HI', 15, 967, 968, 'HONOLULU|HILO'],
  ['ID', 18, 832, 838, 'BOISE|IDAHO FALLS|POCATELLO'],
  ['IL', 128, 600, 629, 'CHICAGO|SPRINGFIELD|PEORIA|ROCKFORD'],
  ['IN', 68, 460, 479, 'INDIANAPOLIS|FORT WAYNE|EVANSVILLE'],
  ['IA', 32, 500, 528, 'DES MOINES|CEDAR RAPIDS|DAVENPORT'],
  ['KS', 29, 660, 679, 'WICHITA|TOPEKA|OVERLAND PARK'],
  ['KY', 45, 400, 427, 'LOUISVILLE|LEXINGTON|BOWLING GREEN'],
  ['LA', 47, 700, 714, 'NEW ORLEANS|BATON ROUGE|SHREVEPORT'],
  ['ME', 14, 39, 49, 'PORTLAND|BANGOR|LEWISTON'],
  ['MD', 62, 206, 219, 'BALTIMORE|ROCKVILLE|SILVER SPRING'],
  ['MA', 70, 10, 27, 'BOSTON|WORCESTER|SPRINGFIELD'],
  ['MI', 101, 480, 499, 'DETROIT|GRAND RAPIDS|LANSING'],
  ['MN', 57, 550, 567, 'MINNEAPOLIS|SAINT PAUL|ROCHESTER|DULUTH'],
  ['MS', 30, 386, 397, 'JACKSON|GULFPORT|HATTIESBURG'],
  ['MO', 62, 630, 658, 'KANSAS CITY|SAINT LOUIS|SPRINGFIELD'],
  ['MT', 11, 590, 599, 'BILLINGS|MISSOULA|GREAT FALLS'],
  ['NE', 20, 680, 693, 'OMAHA|LINCOLN'],
  ['NV', 31, 889, 898, 'LAS VEGAS|RENO|HENDERSON'],
  ['NH', 14, 30, 38, 'MANCHESTER|NASHUA|CONCORD'],
  ['NJ', 93, 70, 89, 'NEWARK|JERSEY CITY|PATERSON|TRENTON'],
  ['NM', 21, 870, 884, 'ALBUQUERQUE|SANTA FE|LAS CRUCES'],
  ['NY', 202, 100, 149, 'NEW YORK|BROOKLYN|BRONX|BUFFALO|ROCHESTER'],
  ['NC', 104, 270, 289, 'CHARLOTTE|RALEIGH|GREENSBORO|DURHAM'],
  ['ND', 8, 580, 588, 'FARGO|BISMARCK'],
  ['OH', 118, 430, 459, 'COLUMBUS|CLEVELAND|CINCINNATI|TOLEDO'],
  ['OK', 40, 730, 749, 'OKLAHOMA CITY|TULSA|NORMAN'],
  ['OR', 42, 970, 979, 'PORTLAND|EUGENE|SALEM'],
  ['PA', 130, 150, 196, 'PHILADELPHIA|PITTSBURGH|ALLENTOWN'],
  ['RI', 11, 28, 29, 'PROVIDENCE|WARWICK|CRANSTON'],
  ['SC', 51, 290, 299, 'COLUMBIA|CHARLESTON|GREENVILLE'],
  ['SD', 9, 570, 577, 'SIOUX FALLS|RAPID CITY'],
  ['TN', 69, 370, 385, 'NASHVILLE|MEMPHIS|KNOXVILLE|CHATTANOOGA'],
  ['TX', 291, 750, 799, 'HOUSTON|DALLAS|SAN ANTONIO|AUSTIN|EL PASO'],
  ['UT', 33, 840, 847, 'SALT LAKE CITY|PROVO|OGDEN'],
  ['VT', 6, 50, 59, 'BURLINGTON|RUTLAND'],
  ['VA', 86, 220, 246, 'VIRGINIA BEACH|RICHMOND|NORFOLK'],
  ['WA', 77, 980, 994, 'SEATTLE|SPOKANE|TACOMA'],
  ['WV', 18, 247, 268, 'CHARLESTON|HUNTINGTON|MORGANTOWN'],
  ['WI', 59, 530, 549, 'MILWAUKEE|MADISON|GREEN BAY'],
  ['WY', 6, 820, 831, 'CHEYENNE|CASPER'],
];
type Place = { state: StateCode; zipLow: number; zipHigh: number; cities: string[] };
const PLACES = new Map<StateCode, Place>(
  PLACES_TABLE.map(([state, , zipLow, zipHigh, cities]) => [
    state,
    { state, zipLow, zipHigh, cities: cities.split('|') },
  ]),
);
const PLACE_LIST = weighted(
  PLACES_TABLE.map(([state]) => PLACES.get(state) as Place),
  PLACES_TABLE.map(([, weight]) => weight),
);

/** What every row of one population shares. */
type Setup = {
  seed: number;
  todayDay: number;
  iso: (day: number) => string;
  /** Day numbers of the first day of today's month (0) and each of the 11 months before it. */
  monthStarts: number[];
};

type Cached = { base: SimExclusion[]; fillers: number; listed: number; padded: Map<number, SimExclusion[]> };
const CACHE = new WeakMap<Population, Cached>();

/** Deterministic for the population's seed and `today`; computed once per population and cached. */
export function simExclusions(population: Population, options: { minRows?: number } = {}): SimExclusion[] {
  const cached = cachedBase(population);
  const extra = extraRowCount(cached, options.minRows ?? 0);
  if (extra === 0) return cached.base;
  let padded = cached.padded.get(extra);
  if (!padded) {
    padded = [...cached.base, ...moreExclusions(population, extra)];
    cached.padded.set(extra, padded);
  }
  return padded;
}

/**
 * How many filler rows must follow `simExclusions(population)` for the full file (every row
 * but the reinstated ones) to hold at least `minRows` rows.
 */
export function paddingNeeded(population: Population, minRows: number): number {
  return extraRowCount(cachedBase(population), minRows);
}

/**
 * The `count` filler rows `simExclusions(population, { minRows })` appends to the default list,
 * generated one at a time so a very long file can be streamed without holding them.
 */
export function* moreExclusions(population: Population, count: number): Generator<SimExclusion> {
  const cached = cachedBase(population);
  const setup = setupOf(population);
  for (let j = 0; j < count; j++) {
    yield fillerRow(setup, cached.fillers + j, exclusionId(cached.base.length + j));
  }
}

function extraRowCount(cached: Cached, minRows: number): number {
  return Math.max(0, Math.ceil(minRows) - cached.listed);
}

function cachedBase(population: Population): Cached {
  let cached = CACHE.get(population);
  if (!cached) {
    cached = buildBase(population);
    CACHE.set(population, cached);
  }
  return cached;
}

function setupOf(population: Population): Setup {
  const todayDay = Math.floor(Date.parse(population.today) / DAY_MS);
  const today = new Date(todayDay * DAY_MS);
  const monthStarts: number[] = [];
  for (let back = 0; back < 12; back++) {
    monthStarts.push(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1) / DAY_MS);
  }
  return { seed: population.seed, todayDay, iso: isoDateFormatter(), monthStarts };
}

const exclusionId = (position: number) => `LEIE-${String(position).padStart(6, '0')}`;

function kindCount(size: number, share: number, minimum: number): number {
  const count = Math.round(size * share);
  return size >= SMALL_POPULATION ? Math.max(minimum, count) : count;
}

function buildBase(population: Population): Cached {
  const setup = setupOf(population);
  const { size, seed } = population;
  const counts = {
    excluded: kindCount(size, EXCLUDED_SHARE, MIN_EXCLUDED),
    reinstated: kindCount(size, REINSTATED_SHARE, MIN_REINSTATED),
    namesake: kindCount(size, NAMESAKE_SHARE, MIN_NAMESAKES),
  };
  // Distinct people across the three kinds: a namesake never shadows an excluded physician.
  const select = mulberry32(hash32(seed, SALT_SELECT));
  const taken = new Set<number>();
  const draw = (count: number): number[] => {
    const chosen: number[] = [];
    while (chosen.length < count && taken.size < size) {
      const index = Math.floor(select() * size);
      if (taken.has(index)) continue;
      taken.add(index);
      chosen.push(index);
    }
    return chosen;
  };
  const excluded = draw(counts.excluded);
  const reinstated = draw(counts.reinstated);
  const namesakes = draw(counts.namesake);

  const rows: SimExclusion[] = [];
  excluded.forEach((index, j) => {
    rows.push(physicianRow(setup, population.person(index), 'excluded', j));
  });
  reinstated.forEach((index, j) => {
    rows.push(physicianRow(setup, population.person(index), 'reinstated', j));
  });
  namesakes.forEach((index, j) => {
    rows.push(namesakeRow(setup, population.person(index), j));
  });
  const wanted = Math.max(MIN_FILE_ROWS, Math.round(size * FILE_ROWS_PER_PHYSICIAN));
  const fillers = Math.max(0, wanted - excluded.length - namesakes.length);
  for (let k = 0; k < fillers; k++) rows.push(fillerRow(setup, k, ''));

  // The live file is in name order, businesses (no last name) first; physicians hide among strangers.
  const keyed = rows.map((row, order) => ({ row, order, key: sortKey(row) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order));
  const base = keyed.map(({ row }, position) => {
    row.id = exclusionId(position);
    return row;
  });
  return { base, fillers, listed: base.length - reinstated.length, padded: new Map() };
}

function sortKey(row: SimExclusion): string {
  return `${row.lastName ?? ''}\u0000${row.firstName ?? ''}\u0000${row.middleName ?? ''}\u0000${row.businessName ?? ''}`;
}

/** A day in the month `back` months before today's (0: this month), never after today. */
function dayInRecentMonth(setup: Setup, random: Random, back: number): number {
  const start = setup.monthStarts[back % 12] as number;
  const next = back % 12 === 0 ? setup.todayDay + 1 : (setup.monthStarts[(back % 12) - 1] as number);
  return intBetween(random, start, Math.min(next, setup.todayDay + 1) - 1);
}

/** The first dozen rows of a kind land one per recent month, so every monthly supplement has some; the rest spread over ten years. */
function exclusionDay(setup: Setup, random: Random, ordinal: number): number {
  if (ordinal < 12) return dayInRecentMonth(setup, random, ordinal);
  return setup.todayDay - intBetween(random, 0, 3650);
}

function placeIn(random: Random, state: StateCode): { address: string; city: string; state: string; zip: string } {
  const place = PLACES.get(state) as Place;
  const street = `${intBetween(random, 10, 9899)} ${pick(random, STREETS)} ${pick(random, STREET_TYPES)}`;
  const suite = random() < 0.2 ? `, SUITE ${intBetween(random, 1, 9) * 100 + intBetween(random, 0, 20)}` : '';
  const zip = `${String(intBetween(random, place.zipLow, place.zipHigh)).padStart(3, '0')}${String(intBetween(random, 0, 99)).padStart(2, '0')}`;
  return { address: street + suite, city: pick(random, place.cities), state, zip };
}

function dobFor(setup: Setup, random: Random): string {
  return setup.iso(setup.todayDay - intBetween(random, 30 * 365, 78 * 365));
}

/** UPINs were retired with the NPI (2007): only a few of the oldest rows still print one. */
function upinFor(setup: Setup, random: Random, exclDay: number): string | null {
  if (setup.todayDay - exclDay < 8 * 365 || random() >= 0.15) return null;
  return `${String.fromCharCode(65 + intBetween(random, 0, 25))}${String(intBetween(random, 0, 99999)).padStart(5, '0')}`;
}

function physicianRow(setup: Setup, person: SimPerson, kind: 'excluded' | 'reinstated', ordinal: number): SimExclusion {
  const random = mulberry32(hash32(setup.seed, SALT_PHYSICIAN, person.index));
  let exclDay: number;
  let reinDay: number | null = null;
  if (kind === 'reinstated') {
    exclDay = setup.todayDay - intBetween(random, 365, 6 * 365);
    reinDay = dayInRecentMonth(setup, random, ordinal);
  } else {
    exclDay = exclusionDay(setup, random, ordinal);
  }
  // A golden-ratio sequence keeps the NPI share close to 60% even for the three rows of a tiny population.
  const hasNpi = (ordinal * GOLDEN) % 1 < NPI_SHARE;
  const upin = upinFor(setup, random, exclDay);
  return {
    id: '',
    kind,
    personId: person.personId,
    lastName: person.lastName.toUpperCase(),
    firstName: person.firstName.toUpperCase(),
    middleName: person.middleName?.toUpperCase() ?? null,
    businessName: null,
    general: PHYSICIAN_GENERAL,
    specialty: TAXONOMY_SPECIALTY[person.taxonomy.code] ?? 'GENERAL PRACTICE',
    upin,
    npi: hasNpi ? person.npi : null,
    dob: dobFor(setup, random),
    ...placeIn(random, person.homeState),
    exclType: pickWeighted(random, EXCL_TYPES),
    exclDate: setup.iso(exclDay),
    reinDate: reinDay === null ? null : setup.iso(reinDay),
    waiverDate: null,
    waiverState: null,
    onSam: random() < 0.9,
  };
}

function namesakeRow(setup: Setup, person: SimPerson, ordinal: number): SimExclusion {
  const random = mulberry32(hash32(setup.seed, SALT_NAMESAKE, person.index));
  const exclDay = exclusionDay(setup, random, ordinal);
  // A different middle name (not even the same initial), or none: the name alone cannot tell them apart.
  const own = person.middleName?.charAt(0).toUpperCase() ?? null;
  const middles = FILLER_MIDDLE[random() < 0.5 ? 'female' : 'male'].filter((m) => m.charAt(0) !== own);
  const middleName = random() < 0.3 ? null : pick(random, middles);
  return {
    id: '',
    kind: 'namesake',
    personId: person.personId,
    lastName: person.lastName.toUpperCase(),
    firstName: person.firstName.toUpperCase(),
    middleName,
    businessName: null,
    general: PHYSICIAN_GENERAL,
    specialty: pickWeighted(random, NAMESAKE_SPECIALTIES),
    upin: null,
    npi: null,
    dob: dobFor(setup, random),
    ...placeIn(random, person.homeState),
    exclType: pickWeighted(random, EXCL_TYPES),
    exclDate: setup.iso(exclDay),
    reinDate: null,
    waiverDate: null,
    waiverState: null,
    onSam: random() < 0.5,
  };
}

/** NPIs starting with 2: valid, and never one of the population's (which all start with 1). */
function fillerNpi(random: Random): string {
  const base = `2${String(intBetween(random, 0, 99_999_999)).padStart(8, '0')}`;
  // Luhn over the '80840' health-industry prefix, as NPPES computes the check digit.
  let sum = 24;
  for (let i = base.length - 1, double = true; i >= 0; i--, double = !double) {
    let digit = Number(base[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

function fillerRow(setup: Setup, k: number, id: string): SimExclusion {
  const random = mulberry32(hash32(setup.seed, SALT_FILLER, k));
  const kind = pickWeighted(random, FILLER_KIND_LIST);
  // Three a month for the last year, whatever the population, before the ten-year spread.
  const exclDay = k < 36 ? dayInRecentMonth(setup, random, k % 12) : setup.todayDay - intBetween(random, 0, 3650);
  const place = placeIn(random, pickWeighted(random, PLACE_LIST).state);
  let names: Pick<SimExclusion, 'lastName' | 'firstName' | 'middleName' | 'businessName'>;
  if (kind.business) {
    const suffixes = BUSINESS_SUFFIXES[kind.specialty] ?? ['LLC'];
    const stem = random() < 0.5 ? pick(random, BUSINESS_WORDS) : pick(random, FILLER_SURNAMES);
    names = {
      lastName: null,
      firstName: null,
      middleName: null,
      businessName: `${stem} ${pick(random, suffixes)}`,
    };
  } else {
    const sex = random() < (kind.specialty === 'NURSE/NURSES AIDE' ? 0.85 : 0.5) ? 'female' : 'male';
    const m = random();
    const middle = m < 0.3 ? null : pick(random, FILLER_MIDDLE[sex]);
    names = {
      lastName: pick(random, FILLER_SURNAMES),
      firstName: pick(random, FILLER_FIRST[sex]),
      middleName: middle !== null && m > 0.85 ? middle.charAt(0) : middle,
      businessName: null,
    };
  }
  const npi = random() < 0.35 ? fillerNpi(random) : null;
  const waived = !kind.business && random() < 0.003;
  return {
    id,
    kind: 'other',
    personId: null,
    ...names,
    general: kind.general,
    specialty: kind.specialty,
    upin: kind.business ? null : upinFor(setup, random, exclDay),
    npi,
    dob: kind.business || random() < 0.1 ? null : dobFor(setup, random),
    ...place,
    exclType: pickWeighted(random, EXCL_TYPES),
    exclDate: setup.iso(exclDay),
    reinDate: null,
    waiverDate: waived ? setup.iso(Math.min(setup.todayDay, exclDay + intBetween(random, 30, 400))) : null,
    waiverState: waived ? place.state : null,
    onSam: random() < 0.5,
  };
}
