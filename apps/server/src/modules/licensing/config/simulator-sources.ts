import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardInput, BoardSourceInput } from './board-config.ts';

// Source configurations for the board simulator (apps/board-sim), written from docs/license-engine.md
// ("Board simulator HTTP contract"). Each mirrors the contract's formats exactly; the real boards'
// configurations live in jurisdictions.ts.

// The simulator answers from the same process or machine: fail fast and retry quickly.
const SIM_OPTIONS = { timeoutMs: 10_000, retries: 2, backoffMs: 200 } as const;

const WA_TYPES = {
  MD: 'Physician And Surgeon License',
  DO: 'Osteopathic Physician And Surgeon License',
} as const;

const CO_TYPES = { MD: 'Physician', DO: 'Osteopathic Physician' } as const;

function washington(simUrl: string, boardId: string, type: LicenseType): BoardSourceInput {
  return {
    kind: 'socrata',
    baseUrl: `${simUrl}/socrata/${boardId}`,
    datasetId: 'qxh8-f4bd',
    fieldMap: {
      licenseNumber: 'credentialnumber',
      lastName: 'lastname',
      firstName: 'firstname',
      middleName: 'middlename',
      licenseType: 'credentialtype',
      status: 'status',
      issueDate: 'firstissuedate',
      expiryDate: 'expirationdate',
      discipline: 'actiontaken',
    },
    licenseTypes: { [WA_TYPES.MD]: 'MD', [WA_TYPES.DO]: 'DO' },
    dateFormat: 'iso',
    pageSize: 5000,
    // Both boards share one dataset, told apart by credential type.
    where: { [type]: `credentialtype='${WA_TYPES[type]}'` },
    ...SIM_OPTIONS,
  };
}

function colorado(simUrl: string, boardId: string): BoardSourceInput {
  return {
    kind: 'socrata',
    baseUrl: `${simUrl}/socrata/${boardId}`,
    datasetId: '7s5z-vewr',
    fieldMap: {
      licenseNumber: 'licensenumber',
      lastName: 'lastname',
      firstName: 'firstname',
      middleName: 'middlename',
      suffix: 'suffix',
      licenseType: 'licensetype',
      status: 'licensestatusdescription',
      issueDate: 'licensefirstissuedate',
      expiryDate: 'licenseexpirationdate',
      discipline: 'disciplinaryaction',
    },
    licenseTypes: { [CO_TYPES.MD]: 'MD', [CO_TYPES.DO]: 'DO' },
    dateFormat: 'iso',
    pageSize: 5000,
    where: { MD: `licensetype='${CO_TYPES.MD}'`, DO: `licensetype='${CO_TYPES.DO}'` },
    ...SIM_OPTIONS,
  };
}

function florida(simUrl: string, boardId: string): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: `${simUrl}/files/${boardId}/licensees.txt`,
    delimiter: '|',
    quote: false,
    columns: {
      licenseNumber: 'LICENSE_NUMBER',
      lastName: 'LAST_NAME',
      firstName: 'FIRST_NAME',
      middleName: 'MIDDLE_NAME',
      suffix: 'SUFFIX',
      licenseType: 'PROFESSION',
      status: 'STATUS',
      issueDate: 'ORIGINAL_ISSUE_DATE',
      expiryDate: 'EXPIRATION_DATE',
      discipline: 'DISCIPLINE',
    },
    licenseTypes: { 'MEDICAL DOCTOR': 'MD', 'OSTEOPATHIC PHYSICIAN': 'DO' },
    dateFormat: 'mm/dd/yyyy',
    ...SIM_OPTIONS,
  };
}

function missouri(simUrl: string, boardId: string): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: `${simUrl}/files/${boardId}/licensees.zip`,
    delimiter: '\t',
    quote: false,
    zip: { entry: 'physicians.txt' },
    columns: {
      firstName: 'prc_first_name',
      middleName: 'prc_middle_name',
      lastName: 'prc_last_name',
      suffix: 'prc_suffix',
      licenseType: 'lic_profession',
      licenseNumber: 'lic_number',
      status: 'lst_description',
      issueDate: 'lic_orig_issue_date',
      expiryDate: 'lic_exp_date',
    },
    licenseTypes: { 'PHYSICIAN AND SURGEON (MD)': 'MD', 'PHYSICIAN AND SURGEON (DO)': 'DO' },
    dateFormat: 'mm/dd/yyyy',
    ...SIM_OPTIONS,
  };
}

function california(simUrl: string, boardId: string): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: `${simUrl}/files/${boardId}/licensees.csv`,
    delimiter: ',',
    quote: '"',
    columns: {
      licenseNumber: 'License Number',
      lastName: 'Last Name',
      firstName: 'First Name',
      middleName: 'Middle Name',
      suffix: 'Name Suffix',
      licenseType: 'License Type',
      status: 'License Status',
      issueDate: 'Original Issue Date',
      expiryDate: 'Expiration Date',
    },
    licenseTypes: { 'Physician and Surgeon A': 'MD', 'Osteopathic Physician and Surgeon': 'DO' },
    dateFormat: 'iso',
    ...SIM_OPTIONS,
  };
}

function lookup(simUrl: string, boardId: string): BoardSourceInput {
  return {
    kind: 'html-lookup',
    searchUrl: `${simUrl}/lookup/${boardId}/search`,
    method: 'GET',
    params: {
      lastName: 'last_name',
      firstName: 'first_name',
      licenseNumber: 'license_number',
      licenseType: 'license_type',
      page: 'page',
    },
    licenseTypeValues: { MD: 'MD', DO: 'DO' },
    selectors: {
      row: 'table#results tr.result',
      licenseNumber: 'td.license-number',
      name: 'td.name',
      licenseType: 'td.license-type',
      status: 'td.status',
      issueDate: 'td.issue-date',
      expiryDate: 'td.expiry-date',
      nextPage: 'a.next-page',
      noResults: 'p.no-results',
    },
    licenseTypes: { MD: 'MD', DO: 'DO' },
    dateFormat: 'mm/dd/yyyy',
    pageSize: 20,
    maxPages: 10,
    ...SIM_OPTIONS,
    // Two at a time keeps a 51-state report inside its budget at 200 ms simulated latency.
    concurrency: 2,
  };
}

/**
 * The simulator's source for a board in the contract's own shapes (docs/license-engine.md, Board
 * simulator HTTP contract); every other board is an HTML look-up. Boards whose real layout the
 * simulator serves (REAL_LAYOUT_BOARDS) are read through their real configuration instead; their
 * shapes here remain for the connectors' own tests.
 */
export function simulatorSource(board: { id: string }, simUrl: string): BoardSourceInput {
  const base = simUrl.replace(/\/+$/, '');
  switch (board.id) {
    case 'wa-md':
      return washington(base, board.id, 'MD');
    case 'wa-do':
      return washington(base, board.id, 'DO');
    case 'co-med':
      return colorado(base, board.id);
    case 'fl-md':
    case 'fl-do':
      return florida(base, board.id);
    case 'mo-med':
      return missouri(base, board.id);
    case 'ca-md':
    case 'ca-do':
      return california(base, board.id);
    default:
      return lookup(base, board.id);
  }
}

/**
 * A real address as the simulator serves it: the host becomes the first path segment under `/sites`
 * (`https://data.texas.gov/resource/tm3v-pfq9.json` → `${sim}/sites/data.texas.gov/resource/tm3v-pfq9.json`),
 * so a connector meets the real path, query and layout, only on another origin. A `#/route` fragment
 * stays: a browser keeps it in the page, where a single-page app routes on it.
 */
export function simulatedUrl(realUrl: string, simUrl: string): string {
  const url = new URL(realUrl);
  return `${simUrl.replace(/\/+$/, '')}/sites/${url.host}${url.pathname}${url.search}${url.hash}`;
}

/** Every absolute http(s) address in a configuration value, pointed at the simulator. */
export function simulateAddresses<T>(value: T, simUrl: string): T {
  if (typeof value === 'string') return (/^https?:\/\//.test(value) ? simulatedUrl(value, simUrl) : value) as T;
  if (Array.isArray(value)) return value.map((v) => simulateAddresses(v, simUrl)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simulateAddresses(v, simUrl)])) as T;
  return value;
}

/**
 * Boards the simulator serves in their real layout (apps/board-sim/src/sites/): their real
 * configuration is read there unchanged but for its addresses. The others of simulatorSource keep the
 * simulator's own shapes.
 */
const REAL_LAYOUT_BOARDS = new Set<string>([
  'wa-md',
  'wa-do',
  'co-med',
  'tx-med',
  'il-med',
  'de-med',
  'ct-med',
  'md-med',
  'al-med',
  'wv-md',
  // New York's ROSA API answers only with the key an operator sets (NYSED_ROSA_API_KEY): like Florida's
  // account, simulator mode keeps the generic page, and a contract test reads the real layout with the
  // simulator's key (sources/json-api-layouts.test.ts).
  'ma-med',
  'ks-med',
  'va-med',
  'wv-do',
  // Single-page boards read in Chromium keep the generic page in simulator mode: a browser page per
  // search made the warm-up, the accuracy suite and the daily refresh minutes slower, and simulator
  // mode must run where no Chromium is installed. Their real layouts are served and read by their
  // real configuration in their contract tests (sources/browser-layouts.test.ts,
  // sources/pennsylvania-pals.test.ts).
  // ASP.NET WebForms look-ups (apps/board-sim/src/sites/aspnet-page.ts and its platforms' pages).
  'ar-med',
  'ky-med',
  'me-md',
  'me-do',
  'mi-md',
  'mi-do',
  'az-md',
  'wy-med',
  'in-med',
  'nj-med',
  'ri-med',
]);

/**
 * A real board as simulator mode reads it: its source pointed at the simulator, and its look-up link at
 * the simulator's page for people. A board no machine may read stays verified by hand: the simulator
 * mirrors what the product can read, not more.
 */
export function simulatorBoard(board: BoardInput, simUrl: string): BoardInput {
  const base = simUrl.replace(/\/+$/, '');
  const lookupUrl = `${base}/lookup/${board.id}/search`;
  if (board.source.kind === 'manual') return { ...board, lookupUrl };
  if (REAL_LAYOUT_BOARDS.has(board.id))
    return { ...board, lookupUrl, source: { ...simulateAddresses(board.source, simUrl), ...SIM_OPTIONS } };
  // The board's probe name (one the board surely lists) stays: the simulator's page lists the same people.
  const probe = 'probe' in board.source ? board.source.probe : undefined;
  return { ...board, lookupUrl, source: { ...simulatorSource(board, simUrl), ...(probe ? { probe } : {}) } };
}

export function simulatorNppesBaseUrl(simUrl: string): string {
  return `${simUrl.replace(/\/+$/, '')}/nppes/api/`;
}
