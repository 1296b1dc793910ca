import type { LicenseType } from '@licensewatch/shared/licenses';
import type { BoardSourceInput } from './board-config.ts';

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
    url: `${simUrl}/files/${boardId}/roster.txt`,
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
    url: `${simUrl}/files/${boardId}/roster.zip`,
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

/** The simulator's source for a board, per the contract's table of styles; every other board is an HTML look-up. */
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

export function simulatorNppesBaseUrl(simUrl: string): string {
  return `${simUrl.replace(/\/+$/, '')}/nppes/api/`;
}
