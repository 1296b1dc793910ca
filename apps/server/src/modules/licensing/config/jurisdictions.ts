import type { ManualReason } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { BoardInput, BoardSourceInput, NppesSourceInput } from './board-config.ts';

// The real medical boards of the 51 jurisdictions and how to read each one. None of these sources has
// been exercised against the live board from the build environment (no internet), so every source says
// `verified: false`; an operator who confirms one flips the flag (or replaces the source) in the override
// file. Look-up page URLs are the boards' public ones as best known; their form parameters and selectors
// are educated placeholders, which is why html-lookup sources carry a note saying so.

const UNVERIFIED_LOOKUP =
  'Public look-up page of the board. Form parameter names and result selectors are placeholders: confirm them against the live page before relying on this source.';

const LOOKUP_TYPES: Record<string, LicenseType> = {
  MD: 'MD',
  'M.D.': 'MD',
  Physician: 'MD',
  'Physician and Surgeon': 'MD',
  'Medical Doctor': 'MD',
  DO: 'DO',
  'D.O.': 'DO',
  'Osteopathic Physician': 'DO',
  'Osteopathic Physician and Surgeon': 'DO',
  'Doctor of Osteopathy': 'DO',
};

type LookupOptions = {
  method?: 'GET' | 'POST';
  extraParams?: Record<string, string>;
  notes?: string;
};

function lookup(searchUrl: string, options: LookupOptions = {}): BoardSourceInput {
  return {
    kind: 'html-lookup',
    searchUrl,
    method: options.method ?? 'GET',
    params: { lastName: 'LastName', firstName: 'FirstName', licenseNumber: 'LicenseNumber' },
    extraParams: options.extraParams ?? {},
    selectors: {
      row: 'table tbody tr',
      name: 'td:nth-child(1)',
      licenseNumber: 'td:nth-child(2)',
      licenseType: 'td:nth-child(3)',
      status: 'td:nth-child(4)',
      expiryDate: 'td:nth-child(5)',
    },
    licenseTypes: LOOKUP_TYPES,
    dateFormat: 'mm/dd/yyyy',
    maxPages: 5,
    concurrency: 1,
    timeoutMs: 30_000,
    backoffMs: 2_000,
    verified: false,
    notes: options.notes ? `${UNVERIFIED_LOOKUP} ${options.notes}` : UNVERIFIED_LOOKUP,
  };
}

/**
 * A board no machine may read (docs/sources.md): a CAPTCHA, a bot wall or robots.txt stands in the way,
 * and LicenseWatch never circumvents one. A person verifies its licenses by hand on its look-up page.
 */
function manual(reason: ManualReason, detail: string): BoardSourceInput {
  return { kind: 'manual', reason, detail };
}

/** Board id per the contract: '<state>-<md|do|med>'; jurisdiction and license types follow from it. */
function board(id: string, name: string, website: string, lookupUrl: string, source: BoardSourceInput): BoardInput {
  const [state = '', role] = id.split('-');
  const licenseTypes: LicenseType[] = role === 'md' ? ['MD'] : role === 'do' ? ['DO'] : ['MD', 'DO'];
  const single = licenseTypes.length === 1 ? licenseTypes[0] : undefined;
  // A single-profession board's look-up may not print the type at all.
  const withType = source.kind === 'html-lookup' && single ? { ...source, fixedLicenseType: single } : source;
  return {
    id,
    jurisdiction: state.toUpperCase() as StateCode,
    name,
    website,
    lookupUrl,
    licenseTypes,
    source: withType,
  };
}

// --- Bulk sources -------------------------------------------------------------------------------------

/**
 * Washington DOH provider credential data: every health profession in one dataset (docs/sources.md).
 * The osteopathic type is written with '&' (live distinct values, 2026-06-22), the physician's with
 * 'And'; `actiontaken` is a Yes/No flag, not the action; dates have been seen both as floating
 * timestamps and as yyyymmdd.
 */
const WA_TYPES: Record<LicenseType, string> = {
  MD: 'Physician And Surgeon License',
  DO: 'Osteopathic Physician & Surgeon License',
};

function washingtonDoh(type: LicenseType): BoardSourceInput {
  return {
    kind: 'socrata',
    baseUrl: 'https://data.wa.gov',
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
    disciplineWords: { No: null, Yes: 'Action taken: see the Washington Department of Health record' },
    dateFormat: ['iso', 'yyyymmdd'],
    pageSize: 5000,
    where: { [type]: `credentialtype='${WA_TYPES[type].replaceAll("'", "''")}'` },
    searchCase: 'insensitive',
    verified: false,
    notes: 'Washington DOH health care provider credential data on data.wa.gov (SODA 2.1), updated daily.',
  };
}

/**
 * Colorado DORA: every profession, `licensetype` a code. Physicians (MD and DO alike) hold 'DR'
 * licenses, published as bare digits and known everywhere else as 'DR.0035255' (NPPES). One row per
 * discipline case, the case in `programaction`. Names in mixed case.
 */
const COLORADO_DORA: BoardSourceInput = {
  kind: 'socrata',
  baseUrl: 'https://data.colorado.gov',
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
    discipline: 'programaction',
  },
  licenseTypes: { DR: 'either' },
  licenseNumberPrefix: { column: 'licensetype', separator: '.', padDigits: 7 },
  dateFormat: 'iso',
  pageSize: 5000,
  where: { MD: "licensetype='DR'", DO: "licensetype='DR'" },
  // One row per disciplinary case: a licence's rows read together, its cases joined.
  order: 'licensenumber,:id',
  rowPerCase: true,
  searchCase: 'insensitive',
  verified: false,
  notes:
    "Colorado DORA professional and occupational licenses on data.colorado.gov, refreshed nightly. 'DR' is the physician code as NPPES numbers show it; the dataset's code list is not published.",
};

/**
 * Maryland Board of Physicians, `doctor_list_revised.csv` (monthly): its physicians with an active
 * license only, MD or DO unsaid, a title line above the header. The status is a code ('A' active),
 * discipline a Y/N flag; the first name may carry the middle initial.
 */
const MARYLAND_MBP: BoardSourceInput = {
  kind: 'delimited-file',
  url: 'https://www.mbp.state.md.us/forms/doctor_list_revised.csv',
  delimiter: ',',
  headerStartsWith: 'License #',
  columns: {
    licenseNumber: 'License #',
    lastName: 'Last Name',
    firstName: 'First Name',
    status: 'License Status',
    expiryDate: 'Expiration Date',
    discipline: 'Discipline',
  },
  fixedLicenseType: 'either',
  statuses: { A: 'active' },
  disciplineWords: {
    N: null,
    Y: 'Disciplinary action: see the Maryland Board of Physicians record',
  },
  firstNameHoldsMiddle: true,
  activeOnly: true,
  dateFormat: ['mm/dd/yyyy', 'iso'],
  verified: false,
  notes:
    'Maryland Board of Physicians physician list (monthly CSV, active licenses only); the three-step look-up is not scraped.',
};

/**
 * State Medical Board of Ohio, in DataOhio's "State of Ohio Licensure – Individual" CSV: every
 * individual licence of Ohio's eLicense boards (nurses, pharmacists, the medical board's physician
 * assistants…) in one daily file, UTF-8 with a byte-order mark. One name column, 'LAST, FIRST MIDDLE';
 * no column says MD or DO: the number does ('35.' MD, '34.' DO), and a row numbered otherwise is
 * another profession's. SUB_STATUS, when the board fills it, qualifies STATUS (a licence on probation)
 * and decides; BOARD_ACTION flags a board action.
 */
const OHIO_LICENSURE: BoardSourceInput = {
  kind: 'delimited-file',
  url: 'https://data.ohio.gov/wps/portal/gov/data/view/state-of-ohio-licensure',
  delimiter: ',',
  columns: {
    licenseNumber: 'LICENSE_NUMBER',
    name: 'LICENSEE_NAME',
    status: ['SUB_STATUS', 'STATUS'],
    issueDate: 'ISSUE_DATE',
    expiryDate: 'EXPIRATION_DATE',
    discipline: 'BOARD_ACTION',
  },
  nameOrder: 'last-first',
  licenseTypeByNumber: [
    { pattern: '^35\\.', type: 'MD' },
    { pattern: '^34\\.', type: 'DO' },
  ],
  unknownLicenseType: 'skip',
  disciplineWords: {
    No: null,
    N: null,
    Yes: 'Board action: see the State Medical Board of Ohio record',
    Y: 'Board action: see the State Medical Board of Ohio record',
  },
  dateFormat: ['mm/dd/yyyy', 'iso'],
  // A download of the whole state's licences took minutes for PSV (300 s allowed): an idle limit
  // between chunks, not a limit on the whole.
  timeoutMs: 300_000,
  offUntil:
    "DataOhio hands the file out through its portal's Export Data button (IBM WebSphere) at no address a machine can find, and the portal page answered 404 on 2026-09-17 (X11); an operator sets this board's url to the CSV's address and removes offUntil in LICENSE_SOURCES_FILE, or an administrator loads a downloaded copy at Board lists.",
  verified: false,
  notes:
    'DataOhio State of Ohio Licensure – Individual (daily CSV, all eLicense boards); the Salesforce look-up (elicense.ohio.gov) is not scraped.',
};

/**
 * Texas Medical Board, "DataSet 01 All Licenses": every TMB license type; physicians under
 * 'Physician License', MD or DO in `degree`. `license_status` says 'NONE' unless something stands
 * against the license, so the registration status decides then; `disciplinary_status` 'NONE' is no
 * discipline. First names may carry the middle initial.
 */
const TEXAS_TMB: BoardSourceInput = {
  kind: 'socrata',
  baseUrl: 'https://data.texas.gov',
  datasetId: 'tm3v-pfq9',
  fieldMap: {
    licenseNumber: 'license_number',
    lastName: 'last_name',
    firstName: 'first_name',
    licenseType: 'degree',
    status: ['license_status', 'registration_status'],
    issueDate: 'license_issue_date',
    expiryDate: 'license_expiration_date',
    discipline: ['disciplinary_status', 'current_board_action_description'],
  },
  // A DO is a US degree; every other physician degree (MBBS, MBChB of foreign graduates) is allopathic.
  licenseTypes: { MD: 'MD', 'M.D.': 'MD', DO: 'DO', 'D.O.': 'DO', MBBS: 'MD', MBCHB: 'MD', 'MB BS': 'MD' },
  statusPassWords: ['NONE'],
  disciplineWords: { NONE: null },
  firstNameHoldsMiddle: true,
  dateFormat: ['iso', 'mm/dd/yyyy'],
  pageSize: 5000,
  where: { MD: "license_type='Physician License'", DO: "license_type='Physician License'" },
  verified: false,
  notes:
    'Texas Medical Board licenses on data.texas.gov (keyless SODA); the look-up at profile.tmb.state.tx.us is not scraped.',
};

/**
 * Illinois IDFPR professional licensing: 4.4 million rows of every profession; physicians are the
 * Medical Board's 'LICENSED PHYSICIAN AND SURGEON' licenses, MD or DO unsaid. Dates are text
 * (MM/DD/YYYY); 'None' and '/ /' fill empty cells.
 */
const ILLINOIS_IDFPR: BoardSourceInput = {
  kind: 'socrata',
  baseUrl: 'https://data.illinois.gov',
  datasetId: 'pzzh-kp68',
  fieldMap: {
    licenseNumber: 'license_number',
    lastName: 'last_name',
    firstName: 'first_name',
    middleName: 'middle',
    suffix: 'suffix',
    licenseType: 'description',
    status: 'license_status',
    issueDate: 'original_issue_date',
    expiryDate: 'expiration_date',
    discipline: ['action', 'discipline_reason'],
  },
  licenseTypes: { 'LICENSED PHYSICIAN AND SURGEON': 'either' },
  blankValues: ['None', '/ /'],
  dateFormat: ['mm/dd/yyyy', 'iso'],
  pageSize: 5000,
  where: {
    MD: "license_type='MEDICAL BOARD' AND description='LICENSED PHYSICIAN AND SURGEON'",
    DO: "license_type='MEDICAL BOARD' AND description='LICENSED PHYSICIAN AND SURGEON'",
  },
  verified: false,
  notes:
    'Illinois IDFPR licenses on data.illinois.gov (Open Database License); the look-up has an image CAPTCHA and is not read.',
};

/**
 * Delaware Division of Professional Regulation: every licence of 297 types; the Board of Medical
 * Licensure and Discipline's physicians are 'Physician' licenses of the 'Medical Practice' profession,
 * MD or DO unsaid. Other types of that profession (physician assistants, …) are skipped by type. The
 * licence row flags discipline Yes/No; the actions are a dataset of their own (dz6p-akeq).
 */
const DELAWARE_DPR: BoardSourceInput = {
  kind: 'socrata',
  baseUrl: 'https://data.delaware.gov',
  datasetId: 'pjnv-eaih',
  fieldMap: {
    licenseNumber: 'license_no',
    lastName: 'last_name',
    firstName: 'first_name',
    licenseType: 'license_type',
    status: 'license_status',
    expiryDate: 'expiration_date',
    discipline: 'disciplinary_action',
  },
  licenseTypes: { Physician: 'either' },
  disciplineWords: {
    No: null,
    N: null,
    None: null,
    Yes: 'Disciplinary action: see the Delaware DPR record',
    Y: 'Disciplinary action: see the Delaware DPR record',
  },
  dateFormat: ['iso', 'mm/dd/yyyy'],
  pageSize: 5000,
  where: { MD: "profession_id='Medical Practice'", DO: "profession_id='Medical Practice'" },
  searchCase: 'insensitive',
  // The actions themselves, apart from the licences (NPI-L): their start and text replace the bare flag.
  disciplineDataset: { datasetId: 'dz6p-akeq', licenseNumber: 'license_id_l', date: 'disp_start', text: 'item_text' },
  verified: false,
  notes:
    'Delaware DPR licenses on data.delaware.gov (public domain), joined to its disciplinary actions (dz6p-akeq) by licence number.',
};

/**
 * Connecticut eLicense credentials: all professions, status only, the name in one column
 * ('FIRST [M] LAST'). Physicians are 'Physician/Surgeon' credentials of individuals, MD or DO unsaid.
 */
const CONNECTICUT_ELICENSE: BoardSourceInput = {
  kind: 'socrata',
  baseUrl: 'https://data.ct.gov',
  datasetId: 'ngch-56tr',
  fieldMap: {
    licenseNumber: 'credentialnumber',
    name: 'name',
    licenseType: 'credential',
    status: 'status',
    issueDate: 'issuedate',
    expiryDate: 'expirationdate',
  },
  licenseTypes: { 'Physician/Surgeon': 'either' },
  nameOrder: 'first-last',
  dateFormat: ['iso', 'mm/dd/yyyy'],
  pageSize: 5000,
  where: {
    MD: "credential='Physician/Surgeon' AND type='INDIVIDUAL'",
    DO: "credential='Physician/Surgeon' AND type='INDIVIDUAL'",
  },
  verified: false,
  notes:
    'Connecticut eLicense credentials on data.ct.gov (public domain); one name column, so the list is read whole and never searched by name.',
};

/**
 * Florida Department of Health, MQA licensure download `PROF_ALL.zip` (X4, NPI-L): every licence of
 * every profession in one pipe-separated file, `dbdumps/ldms/PROF_ALL.txt` in the ZIP, both boards'
 * physicians among them (Rank-Code `ME` MD, `OS` DO; the number printed without that prefix). Fields
 * are never quoted (a suffix written `"DE` is text) and each row ends with a separator. Standing is two
 * words: License-Status-Description, `Clear` when nothing stands against the licence (then whether it is
 * active decides), and License-Active-Status-Description. Both boards read the same file.
 */
function floridaMqa(): BoardSourceInput {
  return {
    kind: 'delimited-file',
    // The portal's page for licensure data hands its files out by name to a signed-in account
    // (docs/sources.md, Florida): PROF_ALL.zip holds every licence in every standing.
    url: 'https://data-download.mqa.flhealthsource.gov/LicensureData?fileName=PROF_ALL.zip&handler=DownloadDataFile',
    delimiter: '|',
    quote: false,
    zip: { entry: 'dbdumps/ldms/PROF_ALL.txt' },
    columns: {
      licenseNumber: 'License-Number',
      lastName: 'Last-Name',
      firstName: 'First-Name',
      middleName: 'Middle-Name',
      suffix: 'Name-Suffix',
      licenseType: 'Rank-Code',
      status: ['License-Status-Description', 'License-Active-Status-Description'],
      issueDate: 'Original-Date',
      expiryDate: 'Expire-Date',
      discipline: 'Board-Action-Indicator',
    },
    licenseTypes: { ME: 'MD', OS: 'DO' },
    unknownLicenseType: 'skip',
    licenseNumberPrefix: { column: 'Rank-Code' },
    statusPassWords: ['Clear'],
    disciplineWords: { N: null, Y: 'Board action: see the Florida Department of Health record' },
    dateFormat: ['mm/dd/yyyy', 'iso'],
    // Some 3.7 million rows of every profession: an idle limit between chunks, not a limit on the whole.
    timeoutMs: 300_000,
    // The MQA data download needs a free account (X11): its credentials, for the portal's Azure AD B2C
    // sign-in (X4), which /ProfileData starts for a visitor who is not signed in.
    account: {
      usernameVariable: 'FLORIDA_MQA_USERNAME',
      passwordVariable: 'FLORIDA_MQA_PASSWORD',
      signUpUrl: 'https://data-download.mqa.flhealthsource.gov',
      signInUrl: 'https://data-download.mqa.flhealthsource.gov/ProfileData',
    },
    verified: false,
    notes:
      'Florida MQA data download (X4, NPI-L, X11): PROF_ALL.zip behind an Azure AD B2C sign-in (X4); the file address and the sign-in steps are docs/sources.md, Florida.',
  };
}

/**
 * Missouri Division of Professional Registration listings (MO-D, 2022): one ZIP per profession code,
 * `pr.mo.gov/downloadables/{CODE}.ZIP`, holding `{CODE}.TXT` (39 tab-separated columns, Latin-1) beside
 * a field description. Physicians are `MED` ('Medical Physician & Surgeon'), in MED.ZIP; `OPS` is read
 * as the osteopathic physicians' code (docs/sources.md), a file of its own. Active licensees only: the
 * one `lst_description` is 'Active', dates `YYYY-MM-DD HH:MM:SS`, `discipline` a Y/N flag.
 */
const MISSOURI_ROSTER: BoardSourceInput = {
  kind: 'delimited-file',
  url: 'https://pr.mo.gov/downloadables/MED.ZIP',
  delimiter: '\t',
  quote: false,
  encoding: 'latin1',
  // The ZIP also holds the file's field description: the rows are the entry named after the code.
  zip: { entry: 'MED.TXT' },
  // The DOs' listing, in the same layout: read with the MDs' as the board's one list.
  moreFiles: [{ url: 'https://pr.mo.gov/downloadables/OPS.ZIP', zipEntry: 'OPS.TXT' }],
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
    discipline: 'discipline',
  },
  licenseTypes: { MED: 'MD', OPS: 'DO' },
  unknownLicenseType: 'skip',
  disciplineWords: {
    N: null,
    Y: 'Disciplinary action: see the Missouri Board of Registration for the Healing Arts record',
  },
  activeOnly: true,
  dateFormat: 'iso',
  verified: false,
  offUntil:
    "Missouri's Healing Arts listings moved to a Salesforce portal (mopro.mo.gov/license/s/license-downloads) that publishes no file addresses a machine can find; an operator sets this board's url to the address of MED.ZIP there and moreFiles' to that of OPS.ZIP, and removes offUntil in LICENSE_SOURCES_FILE.",
  notes:
    "Missouri Division of Professional Registration downloadable listings (active licensees only, updated nightly): MED.ZIP holds MED.TXT, the MDs; OPS.ZIP holds OPS.TXT, the DOs; both are read as one list. The 2022 addresses pr.mo.gov/downloadables/{MED,OPS}.ZIP are kept until the portal's are known.",
};

/**
 * Alabama Board of Medical Examiners, `roster.aspx` (PSV, 2026): an ASP.NET WebForms page whose form,
 * posted back with its hidden state, answers with a CSV of every active Alabama license, UTF-8 with a
 * byte-order mark; no CAPTCHA, no sign-in. Which submit button asks for the file is not in the
 * evidence: the form's first is pressed (postBack.submit names another). `LICENSE TYPE` is MD, DO or
 * PA: the physician assistants' rows are another profession's and are skipped. Statuses as PSV maps
 * them; `PUBLIC ACTIONS?` is read as a Yes/No flag.
 */
const ALABAMA_ROSTER: BoardSourceInput = {
  kind: 'delimited-file',
  url: 'https://dashboard.albme.gov/Verification/roster.aspx',
  postBack: {},
  delimiter: ',',
  columns: {
    licenseNumber: 'LICENSE NUMBER',
    firstName: 'FIRST NAME',
    middleName: 'MIDDLE NAME',
    lastName: 'LAST NAME',
    suffix: 'SUFFIX',
    licenseType: 'LICENSE TYPE',
    status: 'LICENSE STATUS',
    issueDate: 'ISSUE DATE',
    expiryDate: 'EXPIRATION DATE',
    discipline: 'PUBLIC ACTIONS?',
  },
  licenseTypes: { MD: 'MD', DO: 'DO' },
  unknownLicenseType: 'skip',
  // PSV's status map where the shared wording does not already say the same (Retired, Deceased: inactive).
  statuses: { Temporary: 'active', 'Administrative Hold': 'suspended', Cancelled: 'inactive' },
  disciplineWords: {
    No: null,
    N: null,
    Yes: 'Public action: see the Alabama Board of Medical Examiners record',
    Y: 'Public action: see the Alabama Board of Medical Examiners record',
  },
  activeOnly: true,
  dateFormat: ['mm/dd/yyyy', 'iso'],
  verified: false,
  notes:
    "Alabama Board of Medical Examiners roster (PSV 2026): dashboard.albme.gov/Verification/roster.aspx answers its form, posted back, with a CSV of all active licenses (MD, DO, PA). The submit button's name is not known: the form's first is pressed; set postBack.submit if the live page's first button is not the download.",
};

/**
 * California Department of Consumer Affairs licensee lists (X5, X14, X15): a public Box folder the
 * page below embeds, one sub-folder per board (`<Board>_<code>`), its list in `*_Data*.xls` files that
 * are tab-separated text, monthly, each licence in standing Current, Delinquent or Inactive. The
 * medical boards' folder names, their licence-type words and every column beyond X5's six (License
 * Type, Org/Last Name, Address Line 1, City, Zip, License Status) are our assumption (docs/sources.md,
 * California): a list from which nothing of the board's is read fails, naming the types it holds.
 */
function californiaDca(type: LicenseType): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: 'https://www.dca.ca.gov/consumers/public_info/index.shtml',
    boxFolder: {
      tokenUrl: 'https://www.dca.ca.gov/boxToken/getToken',
      apiUrl: 'https://api.box.com/2.0',
      rootFolderId: '66089580694',
      folderPrefix: type === 'MD' ? 'MedicalBoard_' : 'OsteopathicMedicalBoard_',
    },
    delimiter: '\t',
    quote: false,
    columns: {
      licenseNumber: 'License Number',
      lastName: 'Org/Last Name',
      firstName: 'First Name',
      middleName: 'Middle Name',
      suffix: 'Name Suffix',
      licenseType: 'License Type',
      status: 'License Status',
      issueDate: 'Original Issue Date',
      expiryDate: 'Expiration Date',
    },
    licenseTypes:
      type === 'MD'
        ? { 'Physician and Surgeon': 'MD', "Physician's and Surgeon's Certificate": 'MD' }
        : { 'Osteopathic Physician and Surgeon': 'DO', "Osteopathic Physician's and Surgeon's Certificate": 'DO' },
    unknownLicenseType: 'skip',
    dateFormat: ['mm/dd/yyyy', 'iso'],
    // DCA grants its licensee lists "for non-commercial use only" (X15): off until the operator says
    // their use is allowed (licenceTerms.useAllowed in the override file).
    licenceTerms: { terms: 'for non-commercial use only' },
    verified: false,
    notes:
      "California DCA monthly licensee lists in a public Box folder (X5, X14, X15); the board's folder name, type words and columns beyond X5's are assumed (docs/sources.md, California).",
  };
}

/**
 * West Virginia Board of Medicine, "Roster of Medical Doctors" (PSV): an .xlsx workbook of six sheets
 * (Licenses, Special Licenses, Temporary Licenses, Educational Permits, Reciprocal Educational Permits,
 * Interstate Telehealth Registration), each a title row above its header. Full licenses are the
 * Licenses sheet's rows. No status column: the roster lists current licensees (a third party's "WV
 * Active MD Roster", monthly), so every row reads active and one that leaves it is no longer active.
 * The `License Type` column is not read: its values are unknown, and the board's physicians are MDs.
 */
const WEST_VIRGINIA_ROSTER: BoardSourceInput = {
  kind: 'delimited-file',
  // The rosters page links the workbook by its text (PSV clicks it); its own address is not in the
  // evidence and may change with each monthly file, so the link is followed on every read.
  url: 'https://wvbom.wv.gov/Rosters.asp',
  link: { text: 'Roster of Medical Doctors' },
  workbook: { sheet: 'Licenses' },
  headerStartsWith: 'First Name',
  columns: {
    firstName: 'First Name',
    lastName: 'Last Name',
    middleName: 'Middle Name',
    suffix: 'Suffix',
    licenseNumber: 'License Number',
    expiryDate: 'License Expiration Date',
  },
  fixedLicenseType: 'MD',
  impliedStatus: 'Active',
  activeOnly: true,
  // Date cells are written in the first form; a date typed as text may be either.
  dateFormat: ['mm/dd/yyyy', 'iso'],
  verified: false,
  notes:
    "West Virginia Board of Medicine 'Roster of Medical Doctors' (.xlsx, six sheets; the Licenses sheet is read), found by its link on the rosters page; the look-up at wvbom.wv.gov/public/search/ is not scraped.",
};

// --- The boards -----------------------------------------------------------------------------------------

export const BOARDS: readonly BoardInput[] = [
  board(
    'al-med',
    'Alabama Board of Medical Examiners',
    'https://www.albme.gov',
    'https://dashboard.albme.gov/Verification/search.aspx',
    ALABAMA_ROSTER,
  ),
  board(
    'ak-med',
    'Alaska State Medical Board',
    'https://www.commerce.alaska.gov/web/cbpl/ProfessionalLicensing/StateMedicalBoard.aspx',
    'https://www.commerce.alaska.gov/cbp/main/search/professional',
    manual(
      'captcha',
      'reCAPTCHA on the look-up (MLL, 2024) and a DataDome CAPTCHA for datacentre addresses (PSV, 2026-06-18).',
    ),
  ),
  board(
    'az-md',
    'Arizona Medical Board',
    'https://www.azmd.gov',
    'https://azbomv7prod.glsuite.us/GLSuiteWeb/Clients/AZBOM/public/WebVerificationSearch.aspx?q=azmd',
    lookup('https://azbomprod.azmd.gov/GLSuiteWeb/Clients/AZBOM/Public/WebVerificationSearch.aspx', { method: 'POST' }),
  ),
  board(
    'az-do',
    'Arizona Board of Osteopathic Examiners in Medicine and Surgery',
    'https://www.azdo.gov',
    'https://azdo.portalus.thentiacloud.net/webs/portal/register/#',
    lookup('https://www.azdo.gov/Verification'),
  ),
  board(
    'ar-med',
    'Arkansas State Medical Board',
    'https://www.armedicalboard.org',
    'https://armedicalboard.adh.arkansas.gov/public/verify/default.aspx',
    lookup('https://www.armedicalboard.org/public/verify/default.aspx', { method: 'POST' }),
  ),
  board(
    'ca-md',
    'Medical Board of California',
    'https://www.mbc.ca.gov',
    'https://search.dca.ca.gov/',
    californiaDca('MD'),
  ),
  board(
    'ca-do',
    'Osteopathic Medical Board of California',
    'https://www.ombc.ca.gov',
    'https://search.dca.ca.gov/',
    californiaDca('DO'),
  ),
  board(
    'co-med',
    'Colorado Medical Board',
    'https://dpo.colorado.gov/Medical',
    'https://apps2.colorado.gov/dora/licensing/Lookup/LicenseLookup.aspx',
    COLORADO_DORA,
  ),
  board(
    'ct-med',
    'Connecticut Medical Examining Board',
    'https://portal.ct.gov/dph/public-health-hearing-office/connecticut-medical-examining-board/connecticut-medical-examining-board',
    'https://www.elicense.ct.gov/Lookup/LicenseLookup.aspx',
    CONNECTICUT_ELICENSE,
  ),
  board(
    'de-med',
    'Delaware Board of Medical Licensure and Discipline',
    'https://dpr.delaware.gov/boards/medicalpractice/',
    'https://delpros.delaware.gov/OH_VerifyLicense',
    DELAWARE_DPR,
  ),
  board(
    'fl-md',
    'Florida Board of Medicine',
    'https://flboardofmedicine.gov',
    'https://mqa-internet.doh.state.fl.us/MQASearchServices/HealthCareProviders',
    floridaMqa(),
  ),
  board(
    'fl-do',
    'Florida Board of Osteopathic Medicine',
    'https://floridasosteopathicmedicine.gov',
    'https://mqa-internet.doh.state.fl.us/MQASearchServices/HealthCareProviders',
    floridaMqa(),
  ),
  board(
    'ga-med',
    'Georgia Composite Medical Board',
    'https://medicalboard.georgia.gov',
    'https://gcmb.mylicense.com/verification/',
    manual(
      'captcha',
      'reCAPTCHA v2 on the mylicense.com look-up (MLL); public scrapers of it pay CAPTCHA-solving services, which LicenseWatch never does.',
    ),
  ),
  board(
    'hi-med',
    'Hawaii Medical Board',
    'https://cca.hawaii.gov/pvl/boards/medical/',
    'https://mypvl.dcca.hawaii.gov/public-license-search/',
    manual(
      'robots',
      'robots.txt says `Disallow: /` and the look-up answers automation with HTTP 403 (X8); reCAPTCHA v2 besides (MLL).',
    ),
  ),
  board(
    'id-med',
    'Idaho Board of Medicine',
    'https://bom.idaho.gov',
    'https://edopl.idaho.gov/OnlineServices/',
    lookup('https://edopl.idaho.gov/OnlineServices/', {
      notes: 'Idaho DOPL online services is a single-page application; it may need its own connector.',
    }),
  ),
  board(
    'il-med',
    'Illinois State Medical Board',
    'https://idfpr.illinois.gov/profs/med.html',
    'https://online-dfpr.micropact.com/lookup/licenselookup.aspx',
    ILLINOIS_IDFPR,
  ),
  board(
    'in-med',
    'Medical Licensing Board of Indiana',
    'https://www.in.gov/pla/professions/medical-licensing-board-home/',
    'https://mylicense.in.gov/everification/Search.aspx',
    lookup('https://mylicense.in.gov/everification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'ia-med',
    'Iowa Board of Medicine',
    'https://medicalboard.iowa.gov',
    'https://amanda-portal.idph.state.ia.us/ibm/portal/#/license/license_query',
    manual('captcha', 'reCAPTCHA v2 on the Board of Medicine look-up (MLL).'),
  ),
  board(
    'ks-med',
    'Kansas State Board of Healing Arts',
    'https://www.ksbha.org',
    'https://www.kansas.gov/ssrv-ksbhada/search.html',
    lookup('https://www.kansas.gov/ssrv-ksbhada/search.html'),
  ),
  board(
    'ky-med',
    'Kentucky Board of Medical Licensure',
    'https://kbml.ky.gov',
    'https://web1.ky.gov/GenSearch/LicenseSearch.aspx?AGY=5',
    lookup('https://web1.ky.gov/GenSearch/LicenseSearch.aspx', { extraParams: { AGY: '5' } }),
  ),
  board(
    'la-med',
    'Louisiana State Board of Medical Examiners',
    'https://www.lsbme.la.gov',
    'https://online.lasbme.org/#/verifylicense',
    manual('captcha', 'reCAPTCHA v3 silently answers no results to visitors it scores as automated (PSV, 2026-07-01).'),
  ),
  board(
    'me-md',
    'Maine Board of Licensure in Medicine',
    'https://www.maine.gov/md/',
    'https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx',
    lookup('https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx', { method: 'POST' }),
  ),
  board(
    'me-do',
    'Maine Board of Osteopathic Licensure',
    'https://www.maine.gov/osteo/',
    'https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx',
    lookup('https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx', { method: 'POST' }),
  ),
  board(
    'md-med',
    'Maryland Board of Physicians',
    'https://www.mbp.state.md.us',
    'https://www.mbp.state.md.us/bpqapp/',
    MARYLAND_MBP,
  ),
  board(
    'ma-med',
    'Massachusetts Board of Registration in Medicine',
    'https://www.mass.gov/orgs/board-of-registration-in-medicine',
    'https://findmydoctor.mass.gov/',
    lookup('https://findmydoctor.mass.gov/'),
  ),
  board(
    'mi-md',
    'Michigan Board of Medicine',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/medicine',
    'https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y',
    lookup('https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx', {
      method: 'POST',
      extraParams: { isLicensee: 'Y' },
    }),
  ),
  board(
    'mi-do',
    'Michigan Board of Osteopathic Medicine and Surgery',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/osteopathic',
    'https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y',
    lookup('https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx', {
      method: 'POST',
      extraParams: { isLicensee: 'Y' },
    }),
  ),
  board(
    'mn-med',
    'Minnesota Board of Medical Practice',
    'https://mn.gov/boards/medical-practice/',
    'https://bmp.hlb.state.mn.us/#/onlineEntitySearch',
    lookup('https://mn.gov/boards/medical-practice/public/find-a-license/'),
  ),
  board(
    'ms-med',
    'Mississippi State Board of Medical Licensure',
    'https://www.msbml.ms.gov',
    'https://gateway.msbml.ms.gov/verification/search.aspx',
    manual('captcha', 'reCAPTCHA v2 on the look-up (MLL); the board sells its list of licensees ($300, X11).'),
  ),
  board(
    'mo-med',
    'Missouri State Board of Registration for the Healing Arts',
    'https://pr.mo.gov/healingarts.asp',
    'https://mopro.mo.gov/license/s/',
    MISSOURI_ROSTER,
  ),
  board(
    'mt-med',
    'Montana Board of Medical Examiners',
    'https://boards.bsd.dli.mt.gov/med',
    'https://ebizws.mt.gov/PUBLICPORTAL/searchform?mylist=licenses',
    manual('captcha', "Image CAPTCHA on the look-up (MLL) and an F5/Shape bot challenge, 'Request Rejected' (X8, X9)."),
  ),
  board(
    'ne-med',
    'Nebraska Board of Medicine and Surgery',
    'https://dhhs.ne.gov/licensure/Pages/Medicine-and-Surgery.aspx',
    'https://www.nebraska.gov/LISSearch/search.cgi',
    manual('captcha', 'reCAPTCHA v2 on the look-up (MLL, X10); the state sells its lists per list (X12).'),
  ),
  board(
    'nv-md',
    'Nevada State Board of Medical Examiners',
    'https://medboard.nv.gov',
    'https://nsbme.us.thentiacloud.net/webs/nsbme/register/#',
    lookup('https://nvbme.glsuite.us/GLSuiteWeb/Clients/NVBME/Public/Licenseesearch.aspx', { method: 'POST' }),
  ),
  board(
    'nv-do',
    'Nevada State Board of Osteopathic Medicine',
    'https://www.bom.nv.gov',
    'https://nsbom.portalus.thentiacloud.net/webs/portal/register/#/',
    lookup('https://www.bom.nv.gov/Public/Verify'),
  ),
  board(
    'nh-med',
    'New Hampshire Board of Medicine',
    'https://www.oplc.nh.gov/board-medicine',
    'https://forms.nh.gov/licenseverification/Search.aspx',
    manual(
      'bot-wall',
      "Akamai WAF answers 'Access Denied' to automated visitors from datacentre addresses (PSV, 2026-07-01).",
    ),
  ),
  board(
    'nj-med',
    'New Jersey State Board of Medical Examiners',
    'https://www.njconsumeraffairs.gov/bme/',
    'https://newjersey.mylicense.com/verification/Search.aspx',
    lookup('https://newjersey.mylicense.com/verification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'nm-med',
    'New Mexico Medical Board',
    'https://www.nmmb.state.nm.us',
    'https://nmrldlpi.my.site.com/nmmb/s/searchlicense',
    lookup('https://www.nmmb.state.nm.us/license-verification/'),
  ),
  board(
    'ny-med',
    'New York State Board for Medicine',
    'https://www.op.nysed.gov/professions/medicine',
    'https://eservices.nysed.gov/professions/verification-search',
    lookup('https://eservices.nysed.gov/professions/verification-search', {
      notes: 'NYSED verifies by name or license number and profession code 060 (medicine).',
    }),
  ),
  board(
    'nc-med',
    'North Carolina Medical Board',
    'https://www.ncmedboard.org',
    'https://portal.ncmedboard.org/verification/search.aspx',
    manual('bot-wall', 'Cloudflare Turnstile guards the look-up (X6, 2026); the board publishes no bulk file.'),
  ),
  board(
    'nd-med',
    'North Dakota Board of Medicine',
    'https://www.ndbom.org',
    'https://www.ndbom.org/public/find_verify/verify.asp',
    manual('captcha', 'reCAPTCHA v2 on page load (MLL).'),
  ),
  board(
    'oh-med',
    'State Medical Board of Ohio',
    'https://med.ohio.gov',
    'https://elicense.ohio.gov/oh_verifylicense',
    OHIO_LICENSURE,
  ),
  board(
    'ok-md',
    'Oklahoma State Board of Medical Licensure and Supervision',
    'https://www.okmedicalboard.org',
    'https://www.medicalboard.ok.gov/s/license-lookup',
    lookup('https://www.okmedicalboard.org/search'),
  ),
  board(
    'ok-do',
    'Oklahoma State Board of Osteopathic Examiners',
    'https://www.ok.gov/osboe/',
    'https://osboe.portalus.thentiacloud.net/webs/portal/register/#',
    lookup('https://www.ok.gov/osboe/License_Verification/index.html'),
  ),
  board(
    'or-med',
    'Oregon Medical Board',
    'https://www.oregon.gov/omb',
    'https://omb.oregon.gov/search',
    lookup('https://omb.oregon.gov/search'),
  ),
  board(
    'pa-md',
    'Pennsylvania State Board of Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/Medicine',
    'https://www.pals.pa.gov/#!/page/search',
    lookup('https://www.pals.pa.gov/', {
      notes: 'PALS is a single-page application backed by a JSON API; it may need its own connector.',
    }),
  ),
  board(
    'pa-do',
    'Pennsylvania State Board of Osteopathic Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/OsteopathicMedicine',
    'https://www.pals.pa.gov/#!/page/search',
    lookup('https://www.pals.pa.gov/', {
      notes: 'PALS is a single-page application backed by a JSON API; it may need its own connector.',
    }),
  ),
  board(
    'ri-med',
    'Rhode Island Board of Medical Licensure and Discipline',
    'https://health.ri.gov',
    'https://healthri.mylicense.com/verification/Search.aspx',
    lookup('https://healthri.mylicense.com/verification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'sc-med',
    'South Carolina Board of Medical Examiners',
    'https://llr.sc.gov/med/',
    'https://verify.llronline.com/LicLookup/Med/Med.aspx?div=16',
    manual('captcha', 'The search needs a reCAPTCHA v2 answer: a POST without one comes back with zero rows (X6).'),
  ),
  board(
    'sd-med',
    'South Dakota Board of Medical and Osteopathic Examiners',
    'https://www.sdbmoe.gov',
    'https://www.sdbmoe.gov/license-verification/',
    lookup('https://www.sdbmoe.gov/license-verification/'),
  ),
  board(
    'tn-md',
    'Tennessee Board of Medical Examiners',
    'https://www.tn.gov/health/health-program-areas/health-professional-boards/me-board.html',
    'https://internet.health.tn.gov/Licensure/',
    manual('captcha', 'Image CAPTCHA on the look-up (MLL, 2024); the look-up moved to internet.health.tn.gov (X7).'),
  ),
  board(
    'tn-do',
    'Tennessee Board of Osteopathic Examination',
    'https://www.tn.gov/health/health-program-areas/health-professional-boards/osteo-board.html',
    'https://internet.health.tn.gov/Licensure/',
    manual('captcha', 'Image CAPTCHA on the look-up (MLL, 2024); the look-up moved to internet.health.tn.gov (X7).'),
  ),
  board(
    'tx-med',
    'Texas Medical Board',
    'https://www.tmb.state.tx.us',
    'https://profile.tmb.state.tx.us/Search.aspx',
    TEXAS_TMB,
  ),
  board(
    'ut-md',
    'Utah Physicians Licensing Board',
    'https://dopl.utah.gov',
    'https://secure.utah.gov/llv/search/index.html',
    manual('captcha', 'reCAPTCHA v2 on the look-up (MLL); v3 on its other pages (other public scrapers).'),
  ),
  board(
    'ut-do',
    "Utah Osteopathic Physician and Surgeon's Licensing Board",
    'https://dopl.utah.gov',
    'https://secure.utah.gov/llv/search/index.html',
    manual('captcha', 'reCAPTCHA v2 on the look-up (MLL); v3 on its other pages (other public scrapers).'),
  ),
  board(
    'vt-md',
    'Vermont Board of Medical Practice',
    'https://www.healthvermont.gov/systems/medical-practice-board',
    'https://search.medicallicensing.vermont.gov/',
    lookup('https://www.healthvermont.gov/systems/medical-practice-board/look-up-license'),
  ),
  board(
    'vt-do',
    'Vermont Board of Osteopathic Physicians and Surgeons',
    'https://sos.vermont.gov/osteopathic-physicians/',
    'https://search.medicallicensing.vermont.gov/',
    lookup('https://sos.vermont.gov/opr/find-a-professional/'),
  ),
  board(
    'va-med',
    'Virginia Board of Medicine',
    'https://www.dhp.virginia.gov/Boards/Medicine/',
    'https://dhp.virginiainteractive.org/Lookup/Index',
    lookup('https://dhp.virginiainteractive.org/Lookup/Index', { method: 'POST' }),
  ),
  board(
    'wa-md',
    'Washington Medical Commission',
    'https://wmc.wa.gov',
    'https://fortress.wa.gov/doh/providercredentialsearch/',
    washingtonDoh('MD'),
  ),
  board(
    'wa-do',
    'Washington State Board of Osteopathic Medicine and Surgery',
    'https://doh.wa.gov/licenses-permits-and-certificates/professions-new-renew-or-update/osteopathic-physician',
    'https://fortress.wa.gov/doh/providercredentialsearch/',
    washingtonDoh('DO'),
  ),
  board(
    'dc-med',
    'DC Board of Medicine',
    'https://dchealth.dc.gov/bomed',
    'https://dohenterprise.my.site.com/ver/s/',
    lookup('https://doh.force.com/ver/s/', {
      notes: 'DC Health verifies licenses through a Salesforce community page; it may need its own connector.',
    }),
  ),
  board(
    'wv-md',
    'West Virginia Board of Medicine',
    'https://wvbom.wv.gov',
    'https://wvbom.wv.gov/public/search/',
    WEST_VIRGINIA_ROSTER,
  ),
  board(
    'wv-do',
    'West Virginia Board of Osteopathic Medicine',
    'https://www.wvbdosteo.org',
    'https://www.wvbdosteo.org/verify/',
    lookup('https://www.wvbdosteo.org/verify/'),
  ),
  board(
    'wi-med',
    'Wisconsin Medical Examining Board',
    'https://dsps.wi.gov/Pages/BoardsCouncils/MED/Default.aspx',
    'https://license.wi.gov/s/license-lookup',
    lookup('https://licensesearch.wi.gov/'),
  ),
  board(
    'wy-med',
    'Wyoming Board of Medicine',
    'https://wyomedboard.wyo.gov',
    'https://wybomv7prod.glsuite.us/GLSuiteWeb/Clients/WYBOM/Public/LicenseeSearch.aspx?SearchType=Physician',
    lookup('https://wyomedboard.wyo.gov/public/license-verification'),
  ),
];

/** The NPI Registry (CMS). */
export const NPPES_SOURCE: NppesSourceInput = {
  kind: 'nppes',
  baseUrl: 'https://npiregistry.cms.hhs.gov/api/',
  pageSize: 200,
  maxSkip: 1000,
  concurrency: 2,
  verified: false,
  notes: 'NPI Registry API v2.1: self-reported practice and license data, no status or expiry.',
};
