import type { ManualReason } from '@licensewatch/shared/license-sources';
import type { LicenseType } from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import type { BoardInput, BoardSourceInput, NppesSourceInput } from './board-config.ts';

// The real medical boards of the 51 jurisdictions and how to read each one. None of these sources has
// been exercised against the live board from the build environment (no internet), so every source says
// `verified: false`; an operator who confirms one flips the flag (or replaces the source) in the override
// file. Look-up page URLs are the boards' public ones as best known; their form parameters and selectors
// are educated placeholders, which is why html-lookup sources carry a note saying so.

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
const MISSOURI_BULK_FILE: BoardSourceInput = {
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
const ALABAMA_BULK_FILE: BoardSourceInput = {
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
    "Alabama Board of Medical Examiners bulk file (PSV 2026): dashboard.albme.gov/Verification/roster.aspx answers its form, posted back, with a CSV of all active licenses (MD, DO, PA). The submit button's name is not known: the form's first is pressed; set postBack.submit if the live page's first button is not the download.",
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
 * Licenses sheet's rows. No status column: the workbook lists current licensees (a third party's "WV
 * Active MD Roster", monthly), so every row reads active and one that leaves it is no longer active.
 * The `License Type` column is not read: its values are unknown, and the board's physicians are MDs.
 */
const WEST_VIRGINIA_BULK_FILE: BoardSourceInput = {
  kind: 'delimited-file',
  // The board's Rosters page links the workbook by its text (PSV clicks it); its own address is not in the
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
    "West Virginia Board of Medicine 'Roster of Medical Doctors' (.xlsx, six sheets; the Licenses sheet is read), found by its link on the board's Rosters page; the look-up at wvbom.wv.gov/public/search/ is not scraped.",
};

// --- Browser look-ups (sources/browser-lookup-source.ts) ----------------------------------------------

/**
 * What every browser board shares: PSV paces each board at 2 s between requests, one at a time, and
 * gives a page 30 s to load (real-sources BOARDS.md §6).
 */
const BROWSER_PACE = { timeoutMs: 30_000, retries: 1, backoffMs: 2_000, pauseMs: 2_000, verified: false } as const;

/**
 * A Thentia Cloud "portalus" public register (BOARDS.md rows 4, 34, 43; PSV AZ_OSTEO, NV_OSTEO,
 * OK_OSTEO; MLL): one keyword box `#keywords` searched by surname alone (PSV's smoke tests; OK_OSTEO:
 * a first name added "returns unrelated providers"), `button.btn-brand`, a table License # / First
 * Name / Last Name / City / License Type / Status / Expiration Date / Action, "No Records Found" in
 * its body and "Showing results 1-0 of 0" above when nothing matched, a "Next Page" link. The boards
 * license DOs only, so the type column (words not in the evidence) is not read.
 */
function thentiaRegister(host: string, notes: string): BoardSourceInput {
  const box = 'input#keywords';
  return {
    kind: 'browser',
    platform: 'thentia',
    pageUrl: `https://${host}/webs/portal/register/#/`,
    byName: { steps: [{ fill: box, with: 'lastName' }], submit: 'button.btn-brand' },
    byNumber: { steps: [{ fill: box, with: 'licenseNumber' }], submit: 'button.btn-brand' },
    results: {
      // The one-cell "No Records Found" line is not a result.
      row: 'table tbody tr:has(td + td)',
      cells: { licenseNumber: 0, firstName: 1, lastName: 2, status: 5, expiryDate: 6 },
      noResults: ['No Records Found', 'Showing results 1-0 of 0'],
      nextPage: "a[title='Next Page']",
    },
    fixedLicenseType: 'DO',
    dateFormat: 'mm/dd/yyyy',
    maxPages: 4,
    ...BROWSER_PACE,
    notes,
  };
}

/**
 * Vermont's medical licensing search (BOARDS.md rows 55, 56; PSV VT_MEDBOARD): a Next.js app with one
 * keyword box (React's generated id, so PSV's `input[id*='r']`) and a submit button; results are
 * cards titled with the licensee's name, each with a "View" button opening the credential: Credential
 * Number, License Type, Status, Initial Credential Date, Expiration Date. It lists MDs and DOs (PSV
 * routes Vermont's DOs here); each board keeps its own type's rows. The no-results words and the
 * type words are not in the evidence.
 */
function vermontSearch(notes: string, probe?: { lastName: string }): BoardSourceInput {
  const box = "input[id*='r']";
  return {
    ...(probe ? { probe } : {}),
    kind: 'browser',
    platform: 'nextjs',
    pageUrl: 'https://search.medicallicensing.vermont.gov/',
    byName: { steps: [{ fill: box, with: 'lastName' }], submit: "button[type='submit']" },
    byNumber: { steps: [{ fill: box, with: 'licenseNumber' }], submit: "button[type='submit']" },
    results: {
      row: "div[class*='MuiCard-root']",
      cells: { name: "[class*='MuiCardHeader-title']" },
      noResults: ['No results found'],
    },
    detail: {
      link: "button:has-text('View')",
      wait: "dt:has-text('Credential Number')",
      fields: {
        licenseNumber: { label: 'Credential Number' },
        licenseType: { label: 'License Type' },
        status: { label: 'Status' },
        issueDate: { label: 'Initial Credential Date' },
        expiryDate: { label: 'Expiration Date' },
      },
    },
    licenseTypes: LOOKUP_TYPES,
    dateFormat: 'mm/dd/yyyy',
    ...BROWSER_PACE,
    notes,
  };
}

/**
 * Pennsylvania's PALS, the one portal of every Pennsylvania licensing board (BOARDS.md rows 45, 46; PSV
 * PA_PALS; X18): an AngularJS page with boxes `#lName`, `#fName`, `#LicenseNo` and a
 * `button.btn-primary` "Search"; results in `#DataTables_Table_3`: Full Name, License Number,
 * Board/Commission, License Type, Status, Address; pager `#DataTables_Table_3_next` (PSV). It lists
 * every profession, the Board of Medicine's other licensees beside its physicians, so the number tells
 * the physician: `MD…` an MD's, `OS…` a DO's (BOARDS.md §5.3); any other row is another profession's.
 * Its API answers 50 rows a page and at most about 500 (public code index ids 70801316144,
 * 70407654262): ten pages are the whole answer. The expiry is only on the detail, which a row's link
 * opens in a new tab (PSV; public code index id 61716497899); this reader reads the current tab only,
 * so the expiry is left unknown. The no-results words are DataTables' own, which that script looks for.
 */
function pennsylvaniaPals(notes: string): BoardSourceInput {
  const search = "button.btn-primary:has-text('Search')";
  return {
    kind: 'browser',
    platform: 'angular',
    pageUrl: 'https://www.pals.pa.gov/#!/page/search',
    byName: {
      steps: [
        { fill: '#lName', with: 'lastName' },
        { fill: '#fName', with: 'firstName' },
      ],
      submit: search,
    },
    byNumber: { steps: [{ fill: '#LicenseNo', with: 'licenseNumber' }], submit: search },
    results: {
      // The one-cell "No data available in table" line is not a result.
      row: '#DataTables_Table_3 tbody tr:has(td + td)',
      cells: { name: 0, licenseNumber: 1, licenseType: { cell: 1, pattern: '^(MD|OS)\\d' }, status: 4 },
      noResults: ['No data available in table'],
      nextPage: '#DataTables_Table_3_next',
    },
    detail: {
      link: 'td:first-child a',
      wait: "label:text-is('Expiration Date')",
      fields: {
        status: { label: 'License Status' },
        issueDate: { label: 'Issue Date' },
        expiryDate: { label: 'Expiration Date' },
      },
    },
    licenseTypes: { MD: 'MD', OS: 'DO' },
    // PSV PA_PALS's status words beyond the shared table.
    statuses: { 'Active - Renewed': 'active', Closed: 'inactive' },
    dateFormat: 'mm/dd/yyyy',
    maxPages: 10,
    ...BROWSER_PACE,
    notes,
  };
}

const PALS_NOTES =
  "Pennsylvania PALS, all boards in one AngularJS page (PSV PA_PALS, X18; its API from public code index ids 70801316144, 70407654262, 61716497899). UNCONFIRMED: the name form in the table, the no-results words (DataTables' default) and the status words; that only physicians hold numbers starting MD or OS; the detail's labels (the expiry is only on a detail the site opens in a new tab, read there).";

// --- end of browser look-ups ----------------------------------------------------------------------------

// --- ASP.NET WebForms look-ups (sources/aspnet-form-source.ts) -----------------------------------------

/** What every WebForms look-up shares: a board's public form, read one request at a time. */
const WEBFORMS_PACE = { concurrency: 1, timeoutMs: 30_000, backoffMs: 2_000, verified: false } as const;

type AspnetFormInput = Extract<BoardSourceInput, { kind: 'aspnet-form' }>;

/**
 * A mylicense.com portal (BOARDS.md rows 17, 36, 47; PSV IN_PLA, NJ_DCA, RI_HEALTH; MLL): the controls
 * are named and id'd alike (`t_web_lookup__last_name`, `…first_name`, `…license_no`, `sch_button`); the
 * grid `table#datagrid_results` has a header row of td cells (PSV skip_first_row), then name (a link in a
 * nested table), number, profession, type, status; the expiry is only on the row's detail page. The
 * grid's numbered pager (PSV IN_PLA: the link after the current page's number) posts back.
 */
function mylicense(
  pageUrl: string,
  options: {
    detail: AspnetFormInput['detail'];
    types: AspnetFormInput['licenseTypes'];
    statuses?: AspnetFormInput['statuses'];
    paged: boolean;
    cap?: number;
    notes: string;
  },
): BoardSourceInput {
  return {
    kind: 'aspnet-form',
    platform: 'mylicense',
    pageUrl,
    byName: { lastName: 't_web_lookup__last_name', firstName: 't_web_lookup__first_name', button: 'sch_button' },
    byNumber: { licenseNumber: 't_web_lookup__license_no', button: 'sch_button' },
    results: {
      row: 'table#datagrid_results > tbody > tr:not(:first-child)',
      cells: { name: 0, licenseNumber: 1, licenseType: 3, status: 4 },
      // The simulator's words: the evidence gives only fragments ('no records').
      noResults: 'No records found',
      ...(options.cap === undefined ? {} : { cap: options.cap }),
    },
    ...(options.paged ? { pager: { next: '#datagrid_results > tbody > tr:last-child > td > span + a' } } : {}),
    detail: options.detail,
    licenseTypes: options.types,
    ...(options.statuses ? { statuses: options.statuses } : {}),
    dateFormat: 'mm/dd/yyyy',
    ...WEBFORMS_PACE,
    notes: options.notes,
  };
}

/** Maine's ALMS Online, one page for every regulator: the board is the regulator chosen (scRegulator). */
function maineAlms(regulator: string, types: Record<string, LicenseType>, notes: string): BoardSourceInput {
  return {
    kind: 'aspnet-form',
    platform: 'webforms',
    pageUrl: 'https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx',
    set: { scRegulator: regulator },
    byName: { lastName: 'scLastName', firstName: 'scFirstName', button: 'btnSearch' },
    byNumber: { licenseNumber: 'scLicenseNo', button: 'btnSearch' },
    results: {
      row: 'table#gvLicensees > tbody > tr',
      cells: { name: 0, licenseNumber: 1, licenseType: 3, status: 4 },
      noResults: 'No matching records',
    },
    // MLL opens the name's link; the detail's attribute group holds the expiry (its fourth row).
    detail: {
      link: 'td:nth-child(1) > a',
      fields: { expiryDate: { label: 'Expiration Date' }, issueDate: { label: 'Issue Date' } },
    },
    licenseTypes: types,
    dateFormat: 'mm/dd/yyyy',
    ...WEBFORMS_PACE,
    notes,
  };
}

/**
 * Michigan LARA's Accela Citizen Access licensee search (BOARDS.md rows 26–27; MLL; PSV MI_LARA), every
 * profession on one page: the search button is a link that posts back (`btnNewSearch`), rows
 * `tr.ACA_TabRow_Odd/Even` are type, number, first, middle, last, organisation, DBA, status, expiry (the
 * zero-width characters Accela writes into them are stripped as they are read), and the pager's "Next"
 * link posts back. PSV guesses the number box's id two ways: no search by number is configured.
 */
function michiganAccela(types: Record<string, LicenseType>, notes: string): BoardSourceInput {
  return {
    kind: 'aspnet-form',
    platform: 'accela',
    pageUrl: 'https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y&TabName=Home',
    byName: {
      lastName: 'ctl00_PlaceHolderMain_refLicenseeSearchForm_txtLastName',
      firstName: 'ctl00_PlaceHolderMain_refLicenseeSearchForm_txtFirstName',
      button: 'ctl00_PlaceHolderMain_btnNewSearch',
    },
    results: {
      row: 'tr.ACA_TabRow_Odd, tr.ACA_TabRow_Even',
      cells: { licenseType: 0, licenseNumber: 1, firstName: 2, middleName: 3, lastName: 4, status: 7, expiryDate: 8 },
      noResults: 'Your search returned no results',
    },
    pager: { next: "a[title='Next page']" },
    licenseTypes: types,
    dateFormat: 'mm/dd/yyyy',
    ...WEBFORMS_PACE,
    notes,
  };
}

/** The type words of the WebForms look-ups are the simulator's: the evidence names the columns, not their words. */
const WEBFORMS_TYPE_NOTE = "The type words mapped are the board simulator's; confirm them on the live page.";

// --- The boards -----------------------------------------------------------------------------------------

export const BOARDS: readonly BoardInput[] = [
  board(
    'al-med',
    'Alabama Board of Medical Examiners',
    'https://www.albme.gov',
    'https://dashboard.albme.gov/Verification/search.aspx',
    ALABAMA_BULK_FILE,
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
    // GLSuite (BOARDS.md row 3; MLL 2024; PSV AZ_MEDBOARD, host moved): the radio rbName1 chosen, "Name
    // Search" pressed, a list whose name links the profile (MLL), where the license's standing is read.
    {
      kind: 'aspnet-form',
      platform: 'glsuite',
      pageUrl: 'https://azbomv7prod.glsuite.us/GLSuiteWeb/Clients/AZBOM/public/WebVerificationSearch.aspx?q=azmd',
      byName: {
        lastName: 'ContentPlaceHolder1_txtLastName',
        firstName: 'ContentPlaceHolder1_txtFirstName',
        check: ['ContentPlaceHolder1_rbName1'],
        button: 'ContentPlaceHolder1_btnName',
      },
      results: {
        row: '#ContentPlaceHolder1_dtgResults tr:not(:first-child)',
        cells: { name: 0, licenseType: 1, licenseNumber: 2 },
        noResults: 'No records were found',
      },
      detail: {
        link: "a[href*='Profile.aspx']",
        fields: {
          status: { label: 'License Status' },
          issueDate: { label: 'Issue Date' },
          expiryDate: { label: 'Expiration Date' },
        },
      },
      licenseTypes: { MD: 'MD' },
      dateFormat: 'mm/dd/yyyy',
      ...WEBFORMS_PACE,
      notes: `PSV's column layout is unverified (its smoke test never reached the host) and the number search's controls are not in the evidence: no search by number. ${WEBFORMS_TYPE_NOTE}`,
    },
  ),
  board(
    'az-do',
    'Arizona Board of Osteopathic Examiners in Medicine and Surgery',
    'https://www.azdo.gov',
    'https://azdo.portalus.thentiacloud.net/webs/portal/register/#',
    // BOARDS.md row 4 (MLL, PSV AZ_OSTEO): the look-up is a Thentia register, not azdo.gov's page.
    thentiaRegister('azdo.portalus.thentiacloud.net', 'Thentia Cloud public register (PSV AZ_OSTEO, MLL).'),
  ),
  board(
    'ar-med',
    'Arkansas State Medical Board',
    'https://www.armedicalboard.org',
    'https://armedicalboard.adh.arkansas.gov/public/verify/default.aspx',
    // The board's own WebForms page (BOARDS.md row 5; MLL; PSV AR_MEDBOARD): one box behind a radio, the
    // surname's GridView rows open the license (results.aspx), where its standing is read. A number search
    // lands on that page directly, without a grid: not configured.
    {
      kind: 'aspnet-form',
      platform: 'webforms',
      pageUrl: 'https://armedicalboard.adh.arkansas.gov/public/verify/default.aspx',
      byName: {
        lastName: 'ctl00_MainContentPlaceHolder_ucVerifyLicense_txtVerifyLicNumLastName',
        check: ['ctl00_MainContentPlaceHolder_ucVerifyLicense_rbVerifyLicenseSearch_1'],
        button: 'ctl00_MainContentPlaceHolder_ucVerifyLicense_btnVerifyLicense',
      },
      results: {
        row: '#ctl00_MainContentPlaceHolder_gvVerifyLicenseResultsLookup tr.gridrows',
        cells: { name: 0, licenseType: 2, licenseNumber: 3 },
        noResults: 'did not return any',
      },
      detail: {
        link: "a[id$='_VerifySelectFindLicense']",
        fields: {
          status: '#ctl00_MainContentPlaceHolder_lvResultsLicInfo_ctrl0_lblStatusInfo',
          expiryDate: '#ctl00_MainContentPlaceHolder_lvResultsLicInfo_ctrl0_lblEndDateInfo',
          issueDate: { label: 'Original License Date' },
          discipline: '#ctl00_MainContentPlaceHolder_lblBoardActions',
        },
      },
      licenseTypes: { 'M.D.': 'MD', 'D.O.': 'DO' },
      dateFormat: 'mm/dd/yyyy',
      ...WEBFORMS_PACE,
      notes: WEBFORMS_TYPE_NOTE,
    },
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
    // BOARDS.md row 15 (PSV ID_DOPL, smoke PASS): an Angular app; its tile opens the search, whose
    // boxes take typed keys only; rows of `td.TDS` cells; dates '05-Mar-2027' first in PSV's list.
    // The type and no-results words are PSV's or the simulator's, unconfirmed.
    {
      kind: 'browser',
      platform: 'angular',
      pageUrl: 'https://edopl.idaho.gov/OnlineServices/_/',
      byName: {
        steps: [{ click: "a:has-text('Search for Individual Licenses')" }, { type: '#Dd-11', with: 'lastName' }],
        submit: "button#Dc-d, button:has-text('Search')",
      },
      byNumber: {
        steps: [{ click: "a:has-text('Search for Individual Licenses')" }, { type: '#Dd-r', with: 'licenseNumber' }],
        submit: "button#Dc-d, button:has-text('Search')",
      },
      results: {
        row: 'tr:has(td.TDS)',
        cells: { licenseNumber: 0, licenseType: 1, name: 2, status: 4, expiryDate: 5 },
        noResults: ['No matching Individual Licenses'],
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: ['dd-mon-yyyy', 'mm/dd/yyyy'],
      ...BROWSER_PACE,
      notes: 'Idaho DOPL Online Services, an Angular app (PSV ID_DOPL); type and no-results words unconfirmed.',
    },
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
    // mylicense.com (BOARDS.md row 17; PSV IN_PLA): the detail page's label/value table gives the dates.
    mylicense('https://mylicense.in.gov/EVerification/Search.aspx', {
      detail: {
        link: "a[href*='Details.aspx']",
        fields: { issueDate: { label: 'Issued' }, expiryDate: { label: 'Expiration' } },
      },
      types: { Physician: 'MD', 'Osteopathic Physician': 'DO' },
      statuses: { 'Expired Non-Renewable': 'expired' },
      paged: true,
      notes: `A surname with too many rows answers an ASP.NET error page (PSV's smoke-test note): the first name is searched first. ${WEBFORMS_TYPE_NOTE}`,
    }),
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
    // BOARDS.md row 19: MLL (ids), PSV KS_KSBHADA (columns, number form); the posted field names, the
    // session-held results and their paging from third-party scrapers (index ids 18658165361,
    // 19948989881, 61511346986).
    {
      kind: 'html-lookup',
      searchUrl: 'https://www.kansas.gov/ssrv-ksbhada/search.html',
      // The form posts to itself and redirects to results.html, which pages through the session's search.
      method: 'POST',
      params: { lastName: 'lastName', firstName: 'firstName', licenseNumber: 'licenseNumber' },
      // PSV: numbers are 'XX-XXXXX'; seven digits typed without the dash ('0442330') get it.
      numberQuery: { rewrite: { pattern: '^(\\d{2})-?(\\d{5})$', replacement: '$1-$2' } },
      selectors: {
        row: '#agency-content table tbody tr',
        name: 'td:nth-child(1)',
        licenseType: 'td:nth-child(2)',
        licenseNumber: 'td:nth-child(3)',
        status: 'td:nth-child(5)',
        nextPage: '#agency-content div.pagination a:contains("Next")',
      },
      noResultsText: 'Total Matches Found: 0',
      // The list has no dates: the expiry is on each licensee's details.html?id=… .
      detail: {
        link: 'td:nth-child(1) a',
        fields: { expiryDate: { label: 'License Expiration Date' }, issueDate: { label: 'Original License Date' } },
        maxDetails: 10,
      },
      licenseTypes: { 'Medical Doctor': 'MD', 'Doctor of Osteopathy': 'DO' },
      statuses: { Cancelled: 'expired' },
      dateFormat: 'mm/dd/yyyy',
      pageSize: 25,
      maxPages: 5,
      concurrency: 1,
      timeoutMs: 30_000,
      backoffMs: 2_000,
      verified: false,
      notes:
        "Kansas State Board of Healing Arts license search. Seen by third parties: search.html's form posted (lastName, firstName, licenseNumber), answered by results.html, 25 rows a page with a 'Next' link, the search held in the session cookie; cells Name (link to details.html?id=) | License Type | License Number | City, State | Status; expiry and original license date on the detail page as 'Label: value' items. To confirm: the License Type cell's words for MDs and DOs ('Medical Doctor', 'Doctor of Osteopathy' assumed), 'Cancelled' read as expired, the no-results words ('Total Matches Found: 0' from PSV's list) and US dates.",
    },
  ),
  board(
    'ky-med',
    'Kentucky Board of Medical Licensure',
    'https://kbml.ky.gov',
    'https://web1.ky.gov/GenSearch/LicenseSearch.aspx?AGY=5',
    // GenSearch (BOARDS.md row 20; MLL; PSV KY_MEDBOARD): the answer lists licensees one after another;
    // the radio usLicenseList_rdbtGrid posts back to show the grid PSV reads (cells 0 first name, 1 last,
    // 8 license, 9 status, 10 expiration, 15 medical school). The grid names no MD or DO and this schema
    // cannot say "either": the degree is read from the school (a DO's is a college of osteopathic medicine).
    {
      kind: 'aspnet-form',
      platform: 'webforms',
      pageUrl: 'https://web1.ky.gov/GenSearch/LicenseSearch.aspx?AGY=5',
      byName: { lastName: 'usLicenseSearch_txtField1', button: 'usLicenseSearch_btnSearch' },
      byNumber: { licenseNumber: 'usLicenseSearch_txtField2', button: 'usLicenseSearch_btnSearch' },
      afterSearch: { postBack: 'usLicenseList_rdbtGrid' },
      results: {
        row: '#Form1 table tr',
        cells: {
          firstName: 0,
          lastName: 1,
          licenseNumber: 8,
          status: 9,
          expiryDate: 10,
          licenseType: { cell: 15, pattern: '(Osteopathic|Medic)' },
        },
        // The simulator's words: PSV's indicators are fragments ('no records', 'not found').
        noResults: 'No licensees were found',
      },
      licenseTypes: { Osteopathic: 'DO', Medic: 'MD' },
      dateFormat: 'mm/dd/yyyy',
      ...WEBFORMS_PACE,
      notes:
        'MD or DO is told by the medical school column; a school named neither way leaves the row unread. Confirm against the live grid.',
    },
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
    // ALMS Online (BOARDS.md row 22; MLL; PSV ME_OPLR, whose regulator examples include 'MEDICINE').
    maineAlms('MEDICINE', { Physician: 'MD' }, WEBFORMS_TYPE_NOTE),
  ),
  board(
    'me-do',
    'Maine Board of Osteopathic Licensure',
    'https://www.maine.gov/osteo/',
    'https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx',
    // ALMS Online (BOARDS.md row 23; PSV ME_OPLR): the osteopathic board's regulator value is not in the
    // evidence, so every regulator ('ALL', PSV) is searched and the osteopathic rows kept by their type.
    maineAlms(
      'ALL',
      { 'Osteopathic Physician': 'DO' },
      `The Board of Osteopathic Licensure's own scRegulator value would narrow the search. ${WEBFORMS_TYPE_NOTE}`,
    ),
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
    // The look-up is a single-page app over the board's JSON API (BOARDS.md row 25, PSV): POSTed searches
    // answered {results: {data: [...]}} with fullName, licenseNumber, degree, profileStatus and ISO dates.
    {
      kind: 'massachusetts-medboard',
      searchUrl: 'https://api.medboard.mass.gov/api-public/search',
      // The board licenses physicians and acupuncturists (PSV: MD/DO/AP): the degree tells them apart.
      degrees: [
        { pattern: '^\\s*M\\.?\\s?D\\b', type: 'MD' },
        { pattern: '^\\s*D\\.?\\s?O\\b', type: 'DO' },
      ],
      dateFormat: ['iso', 'mm/dd/yyyy'],
      timeoutMs: 30_000,
      backoffMs: 2_000,
      verified: false,
      notes:
        "Massachusetts BORIM search API (PSV: endpoint, answer shape, fields, dates ISO or mm/dd/yyyy). UNCONFIRMED: the request bodies (searchType BY_PHYSICIAN_NAME with firstName/lastName, BY_LICENSE_NUMBER with licenseNumber, licenseMetaId null) are from two public scripts in the code index (ids 2316696631 and 61775690657), not an evidence key; the degree's wording ('M.D.', 'D.O.') is read from one of them. PSV found a direct POST blocked by its own network's proxy, not by the board.",
    },
  ),
  board(
    'mi-md',
    'Michigan Board of Medicine',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/medicine',
    'https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y',
    // Accela (BOARDS.md row 26; MLL; PSV MI_LARA): the MDs' rows of the all-professions list.
    michiganAccela({ 'Medical Doctor': 'MD' }, WEBFORMS_TYPE_NOTE),
  ),
  board(
    'mi-do',
    'Michigan Board of Osteopathic Medicine and Surgery',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/osteopathic',
    'https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx?isLicensee=Y',
    // Accela (BOARDS.md row 27; MLL; PSV MI_LARA): the DOs' rows of the all-professions list.
    michiganAccela({ 'Osteopathic Physician': 'DO' }, WEBFORMS_TYPE_NOTE),
  ),
  board(
    'mn-med',
    'Minnesota Board of Medical Practice',
    'https://mn.gov/boards/medical-practice/',
    'https://bmp.hlb.state.mn.us/#/onlineEntitySearch',
    // BOARDS.md row 28: the address configured before was the board's landing page.
    manual(
      'unknown',
      "The look-up is an Angular/PrimeNG app at bmp.hlb.state.mn.us/#/onlineEntitySearch (PSV, 2026): boxes #lastName, #firstName, #LicenseNumber; its result rows give name, birth year and license types only, and PSV reads nothing from the accordion each row opens (MLL's 2024 address, docfinder.docboard.org/mn/, is older). Before an automated source can be configured, an operator must confirm where the license number, status and expiry show (the accordion's labels, or the service the app calls), the words for no results, and that no CAPTCHA guards the search.",
    ),
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
    MISSOURI_BULK_FILE,
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
    // BOARDS.md row 33 (PSV NV_MEDBOARD 2026, MLL 2024): Thentia's nsbme register. PSV's search-by
    // select, box and rows (name, number, type, status; smoke PASS on 17371); the expiry only on the
    // profile, whose 2nd, 4th and 6th boxes MLL reads for number, status and expiry. No-results words
    // from PSV's list, not confirmed.
    {
      kind: 'browser',
      platform: 'thentia',
      pageUrl: 'https://nsbme.us.thentiacloud.net/webs/nsbme/register/#',
      byName: {
        steps: [
          { select: 'select', option: 'Last Name' },
          { fill: "input[placeholder*='search text']", with: 'lastName' },
        ],
        submit: 'button.btn-brand',
      },
      byNumber: {
        steps: [
          { select: 'select', option: 'License Number' },
          { fill: "input[placeholder*='search text']", with: 'licenseNumber' },
        ],
        submit: 'button.btn-brand',
      },
      results: {
        row: 'table tbody tr',
        cells: { name: 0, licenseNumber: 1, licenseType: 2, status: 3 },
        noResults: ['No licensees found', 'No records found'],
      },
      detail: {
        link: "a:has-text('View')",
        wait: 'div.hd-box-container.profile',
        fields: {
          licenseNumber: 'div.hd-box-container.profile > div:nth-child(2) > div',
          status: 'div.hd-box-container.profile > div:nth-child(4) > div',
          expiryDate: 'div.hd-box-container.profile > div:nth-child(6) > div',
        },
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: 'mm/dd/yyyy',
      ...BROWSER_PACE,
      notes: 'Thentia Cloud licensee search (PSV NV_MEDBOARD, MLL); type and no-results words unconfirmed.',
    },
  ),
  board(
    'nv-do',
    'Nevada State Board of Osteopathic Medicine',
    'https://www.bom.nv.gov',
    'https://nsbom.portalus.thentiacloud.net/webs/portal/register/#/',
    // BOARDS.md row 34 (PSV NV_OSTEO's page analysis of 2026-06-04, MLL): a Thentia register.
    thentiaRegister('nsbom.portalus.thentiacloud.net', 'Thentia Cloud public register (PSV NV_OSTEO, MLL).'),
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
    // mylicense.com (BOARDS.md row 36; MLL; PSV NJ_DCA): the name link (MLL `#datagrid_results__ctl3_name`)
    // opens the detail, whose ids give the standing (MLL) and the issue date (PSV).
    mylicense('https://newjersey.mylicense.com/verification/Search.aspx?facility=N', {
      detail: {
        link: "a[id$='_name']",
        fields: { status: '#sec_lic_status', issueDate: '#issue', expiryDate: '#expiration_date' },
      },
      types: { 'Medical Doctor': 'MD', 'Doctor of Osteopathy': 'DO' },
      paged: true,
      notes: `PSV read one page only; the pager is the platform's (PSV IN_PLA). ${WEBFORMS_TYPE_NOTE}`,
    }),
  ),
  board(
    'nm-med',
    'New Mexico Medical Board',
    'https://www.nmmb.state.nm.us',
    'https://nmrldlpi.my.site.com/nmmb/s/searchlicense',
    // BOARDS.md row 37 (PSV NM_MEDBOARD): a Salesforce Experience Cloud page; inputs found by their
    // labels, results name / type / number / status / county / issue / expiry / address. The
    // no-results and type words are not in the evidence.
    {
      kind: 'browser',
      platform: 'salesforce',
      pageUrl: 'https://nmrldlpi.my.site.com/nmmb/s/searchlicense',
      byName: {
        steps: [{ fill: '.slds-form-element:has(label:text-is("Licensee Name")) input', with: 'lastName' }],
        submit: 'button.slds-button_brand',
      },
      byNumber: {
        steps: [{ fill: '.slds-form-element:has(label:text-is("License Number")) input', with: 'licenseNumber' }],
        submit: 'button.slds-button_brand',
      },
      results: {
        row: 'table tbody tr',
        cells: { name: 0, licenseType: 1, licenseNumber: 2, status: 3, issueDate: 5, expiryDate: 6 },
        noResults: ['No records found'],
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: 'mm/dd/yyyy',
      ...BROWSER_PACE,
      notes: 'New Mexico RLD Salesforce license search (PSV NM_MEDBOARD); type and no-results words unconfirmed.',
    },
  ),
  board(
    'ny-med',
    'New York State Board for Medicine',
    'https://www.op.nysed.gov/professions/medicine',
    'https://eservices.nysed.gov/professions/verification-search',
    // The verification page is a Vue client of NYSED's ROSA API (BOARDS.md row 38, PSV 2026-08-18): a name
    // search 'LAST FIRST' of every profession, capped at 10 rows without their status, then each licence
    // by profession and number (status 'Registered'/'Not Registered', dates 'April 30, 2029').
    {
      kind: 'nysed-rosa',
      apiUrl: 'https://api.nysed.gov/rosa/V2',
      // The page's script publishes the key it sends (PSV); NYSED may change it, so the operator sets it.
      apiKey: {
        header: 'x-oapi-key',
        variable: 'NYSED_ROSA_API_KEY',
        publishedAt: 'https://eservices.nysed.gov/professions/verification-search',
      },
      // PSV names 060 and 061 the medicine codes; the answer names the profession, never the degree, and
      // New York licenses MDs and DOs alike as physicians: neither code is read as one degree.
      licenseTypes: { '060': 'either', '061': 'either' },
      cap: 10,
      numberDigits: 6,
      // 'Not Registered': the licence stands but its registration to practise has lapsed (the
      // registeredThroughDate passed), which the product calls expired; the word stays in raw_status.
      statuses: { Registered: 'active', 'Not Registered': 'expired' },
      timeoutMs: 30_000,
      backoffMs: 2_000,
      verified: false,
      notes:
        "NYSED ROSA API (PSV): key in NYSED_ROSA_API_KEY (the x-oapi-key the verification page's script sends). Not in the evidence: what the API answers for a number it does not hold (read here as none found when null, {} or all-empty fields), its words for other standings, and whether 061 is a second medicine register or the osteopathic one; MLL (2024) saw a terms modal and reCAPTCHA on the page, not on the API.",
    },
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
    // BOARDS.md row 42: the form configured before, okmedicalboard.org/search, is gone (PSV, 2026-07-01).
    manual(
      'unknown',
      "The board moved its look-up to a Salesforce Experience Cloud page, www.medicalboard.ok.gov/s/license-lookup (PSV, 2026-07-01); the old okmedicalboard.org form is gone. The evidence gives that address only: no search inputs, result columns, detail fields or words for no results. Before an automated source can be configured, an operator must confirm the page's search inputs and button, where the license number, license type, status and expiry show, the words for no results, and that no CAPTCHA guards the search.",
    ),
  ),
  board(
    'ok-do',
    'Oklahoma State Board of Osteopathic Examiners',
    'https://www.ok.gov/osboe/',
    'https://osboe.portalus.thentiacloud.net/webs/portal/register/#',
    // BOARDS.md row 43 (PSV OK_OSTEO, 2026): the same Thentia portalus register, searched by surname only.
    // PSV's column map for it (name, number, type, status) repeats its Nevada MD template; the columns
    // here are those PSV read off the same product for AZ and NV: a probe against the board confirms.
    thentiaRegister(
      'osboe.portalus.thentiacloud.net',
      "Thentia Cloud public register (PSV OK_OSTEO); columns as the AZ and NV registers' (unconfirmed here).",
    ),
  ),
  board(
    'or-med',
    'Oregon Medical Board',
    'https://www.oregon.gov/omb',
    'https://omb.oregon.gov/search',
    // BOARDS.md row 44 (PSV OR_OMB): an app whose results are cards `div.alx-list-item` (`h4` the name)
    // linking a detail by EntityID; "No results were found." always in its template, shown only when
    // nothing matched (PSV). Detail labels from PSV's map; type words unconfirmed. MLL flagged
    // reCAPTCHA v2 in 2024; PSV saw none in 2026.
    {
      kind: 'browser',
      platform: 'spa',
      pageUrl: 'https://omb.oregon.gov/search',
      byName: {
        steps: [
          { fill: "input[name*='lastName']", with: 'lastName' },
          { select: "select[name*='nameMatch']", option: 'Contains' },
        ],
        submit: "button:has-text('Search')",
      },
      byNumber: {
        steps: [{ fill: "input[name*='licenseNumber']", with: 'licenseNumber' }],
        submit: "button:has-text('Search')",
      },
      results: { row: 'div.alx-list-item', cells: { name: 'h4' }, noResults: ['No results were found.'] },
      detail: {
        link: "a[href*='EntityID']",
        // Not "License Number": the search form's own label reads that too.
        wait: "th:has-text('Expiration Date'), dt:has-text('Expiration Date')",
        fields: {
          licenseNumber: { label: 'License Number' },
          licenseType: { label: 'License Type' },
          status: { label: 'Status' },
          issueDate: { label: 'Issue Date' },
          expiryDate: { label: 'Expiration Date' },
        },
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: 'mm/dd/yyyy',
      ...BROWSER_PACE,
      notes: 'Oregon Medical Board search app (PSV OR_OMB); detail labels and type words unconfirmed.',
    },
  ),
  board(
    'pa-md',
    'Pennsylvania State Board of Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/Medicine',
    'https://www.pals.pa.gov/#!/page/search',
    // BOARDS.md row 45 (PSV PA_PALS, X18): PALS read in Chromium; the MD rows (`MD…` numbers) of its table.
    pennsylvaniaPals(PALS_NOTES),
  ),
  board(
    'pa-do',
    'Pennsylvania State Board of Osteopathic Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/OsteopathicMedicine',
    'https://www.pals.pa.gov/#!/page/search',
    // BOARDS.md row 46 (as row 45): the same PALS page; the DO rows (`OS…` numbers) of its table.
    pennsylvaniaPals(PALS_NOTES),
  ),
  board(
    'ri-med',
    'Rhode Island Board of Medical Licensure and Discipline',
    'https://health.ri.gov',
    'https://healthri.mylicense.com/verification/Search.aspx',
    // mylicense.com (BOARDS.md row 47; PSV RI_HEALTH; MLL): no pager, at most 200 rows; the detail's
    // label/value pairs give the dates.
    mylicense('https://healthri.mylicense.com/verification/Search.aspx', {
      detail: {
        link: "a[href*='Details.aspx']",
        fields: { issueDate: { label: 'Issue Date' }, expiryDate: { label: 'Expiration Date' } },
      },
      types: { 'Medical Doctor': 'MD', 'Osteopathic Physician': 'DO' },
      statuses: { 'Non-Renewed': 'expired' },
      paged: false,
      cap: 200,
      notes: WEBFORMS_TYPE_NOTE,
    }),
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
    // BOARDS.md row 49: UNKNOWN.
    manual(
      'unknown',
      "No usable evidence of how the board answers: only third-party URL lists, unverified and disagreeing with each other and with this address (/sdbmoe-licensee-lookup/, /verify/). An operator must confirm the look-up page's address, how its search is sent (method, field names), how its results read (rows, columns, the no-results words) and that no CAPTCHA guards it, before a machine may read it.",
    ),
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
    // BOARDS.md row 55 (PSV VT_MEDBOARD): the look-up is the Next.js search, not the landing page.
    vermontSearch('Vermont medical licensing search (PSV VT_MEDBOARD); type and no-results words unconfirmed.'),
  ),
  board(
    'vt-do',
    'Vermont Board of Osteopathic Physicians and Surgeons',
    'https://sos.vermont.gov/osteopathic-physicians/',
    'https://search.medicallicensing.vermont.gov/',
    // BOARDS.md row 56: OPR's own look-up is a Pega app PSV skips; PSV routes Vermont's DOs to the
    // medical licensing search (VT_MEDBOARD lists MD, DO, PA), read here for the DO rows.
    // A small board that may list no Smith: a common surname the simulator's short list holds too.
    vermontSearch('Vermont medical licensing search, as PSV routes DOs (VT_MEDBOARD); unconfirmed for DOs.', {
      lastName: 'Walker',
    }),
  ),
  board(
    'va-med',
    'Virginia Board of Medicine',
    'https://www.dhp.virginia.gov/Boards/Medicine/',
    'https://dhp.virginiainteractive.org/Lookup/Index',
    // BOARDS.md row 57: MLL (ids, the detail table's rows), PSV VA_DHP (the three forms, the occupation
    // groups, the columns, the detail labels, ten-digit numbers, the "returned … records" words).
    {
      kind: 'html-lookup',
      searchUrl: 'https://dhp.virginiainteractive.org/Lookup/Index',
      // PSV: the number form's answer is /Lookup/Result; the name form's stays at /Lookup/Index.
      numberSearchUrl: 'https://dhp.virginiainteractive.org/Lookup/Result',
      method: 'POST',
      // The evidence gives the inputs' ids (#LName, #FName, #LicenseNo) only: sent as names, unconfirmed.
      params: { lastName: 'LName', firstName: 'FName', licenseNumber: 'LicenseNo' },
      numberQuery: { padDigits: 10 },
      selectors: {
        row: 'div.body-content div.panel-body table tbody tr',
        name: 'td:nth-child(1)',
        expiryDate: 'td:nth-child(3)',
      },
      // Every profession the department licenses, each under an occupation row spanning the table.
      groups: { heading: 'td[colspan]' },
      noResultsText: 'returned 0 records',
      tooManyText: 'returned too many records',
      // The list gives name, address and expiry: the number and status are on /Lookup/Detail/{id}.
      detail: {
        link: 'td:nth-child(1) a',
        fields: {
          licenseNumber: { label: 'License Number' },
          status: { label: 'License Status' },
          issueDate: { label: 'Initial License Date' },
          expiryDate: { label: 'Expire Date' },
        },
        maxDetails: 10,
      },
      licenseTypes: { 'Medicine and Surgery': 'MD', 'Osteopathy and Surgery': 'DO' },
      // PSV's status words for the department.
      statuses: { 'Not Renewed': 'expired' },
      dateFormat: 'mm/dd/yyyy',
      maxPages: 1,
      concurrency: 1,
      timeoutMs: 30_000,
      backoffMs: 2_000,
      verified: false,
      notes:
        "Virginia DHP License Lookup: three forms on one page; the name form (#LName, #FName) posts to /Lookup/Index, the number form (#LicenseNo, ten digits zero-padded) to /Lookup/Result. Rows are grouped under occupation rows (td[colspan]): Name (link to /Lookup/Detail/{id}) | Address | Expire Date | information; the detail page's label/value table gives License Number, License Status, Initial License Date, Expire Date. To confirm: the fields' names (the evidence gives ids), the occupation words for MDs and DOs ('Medicine and Surgery', 'Osteopathy and Surgery' assumed), whether the forms need an anti-forgery token, US dates.",
    },
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
    // BOARDS.md row 60 (MLL 2024): the community moved to dohenterprise.my.site.com; MLL types the last
    // name into #LastName (the first name is left out: a nickname would miss), presses
    // `div > a:nth-child(15)`, and reads the number, status and expiry in cells 2, 4 and 6. The name
    // and type cells (1, 3) and the no-results words are not in the evidence; MLL's `#Status` =
    // Active is not set, so lapsed licenses stay visible.
    {
      kind: 'browser',
      platform: 'salesforce',
      pageUrl: 'https://dohenterprise.my.site.com/ver/s/',
      byName: { steps: [{ fill: '#LastName', with: 'lastName' }], submit: 'div > a:nth-child(15)' },
      results: {
        row: 'table tbody tr',
        cells: { name: 0, licenseNumber: 1, licenseType: 2, status: 3, expiryDate: 5 },
        noResults: ['No results found'],
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: 'mm/dd/yyyy',
      ...BROWSER_PACE,
      notes: 'DC Health Salesforce verification page (MLL, 2024); name and type cells and words unconfirmed.',
    },
  ),
  board(
    'wv-md',
    'West Virginia Board of Medicine',
    'https://wvbom.wv.gov',
    'https://wvbom.wv.gov/public/search/',
    WEST_VIRGINIA_BULK_FILE,
  ),
  board(
    'wv-do',
    'West Virginia Board of Osteopathic Medicine',
    'https://www.wvbdosteo.org',
    'https://www.wvbdosteo.org/verify/',
    // BOARDS.md row 62: MLL (#lName, #licType = BoardXP, .btn-primary, #printcontent's table: number in
    // cell 3, expiry in cell 4); the posted names (lName, licType, licNo, do, action, search) from a
    // third party's plug-in (index id 1332582771).
    {
      kind: 'html-lookup',
      searchUrl: 'https://www.wvbdosteo.org/verify/',
      method: 'POST',
      params: { lastName: 'lName', licenseNumber: 'licNo' },
      // A small board: the second commonest US surname, which the simulator's short list holds too.
      probe: { lastName: 'Johnson' },
      // The board searches one license type at a time and refuses a search without one.
      extraParams: { licType: 'BoardXP', do: 'submit', action: 'submit', search: 'Search' },
      selectors: {
        row: '#printcontent > table:nth-child(1) > tbody > tr',
        name: 'td:nth-child(1)',
        licenseNumber: 'td:nth-child(3)',
        expiryDate: 'td:nth-child(4)',
        status: 'td:nth-child(5)',
      },
      noResultsText: 'No records found',
      dateFormat: 'mm/dd/yyyy',
      maxPages: 1,
      concurrency: 1,
      timeoutMs: 30_000,
      backoffMs: 2_000,
      verified: false,
      notes:
        "West Virginia Board of Osteopathic Medicine verification: /verify/ posted with licType=BoardXP (osteopathic physicians) and lName or licNo; results are #printcontent's first table. To confirm: the name in cell 1 and the status in cell 5 (MLL points both status and expiry at cell 4), the no-results words ('No records found' assumed), US dates. A third party saw the page answer '5 requests are permitted per 1 minute', and a later scraper (index id 18634128140) met a reCAPTCHA v2 and an /ajax/ JSON search: if the live page shows a CAPTCHA, the board must be verified by hand.",
    },
  ),
  board(
    'wi-med',
    'Wisconsin Medical Examining Board',
    'https://dsps.wi.gov/Pages/BoardsCouncils/MED/Default.aspx',
    'https://license.wi.gov/s/license-lookup',
    // BOARDS.md row 63 (PSV WI_DSPS, 2026): moved to a Salesforce LWC page; "Search By" combobox,
    // rows `tr.slds-hint-parent` with the number in a `th[data-label]` (linking its credential page),
    // then type, subtype, name, DBA, city, state, zip, granted, status. No expiry in the rows: it is
    // read on the credential's page, under one of the labels PSV's map lists. Type words unconfirmed.
    {
      kind: 'browser',
      platform: 'salesforce',
      pageUrl: 'https://license.wi.gov/s/license-lookup',
      byName: {
        steps: [
          { click: "button[aria-haspopup='listbox'][aria-label*='Search By']" },
          { click: "[role='option']:has-text('Individual Name')" },
          { fill: "input[placeholder*='Last Name']", with: 'lastName' },
        ],
        submit: "lightning-button button:has-text('Search')",
      },
      byNumber: {
        steps: [
          { click: "button[aria-haspopup='listbox'][aria-label*='Search By']" },
          { click: "[role='option']:has-text('Credential/License Number')" },
          { fill: "input[placeholder*='Credential']", with: 'licenseNumber' },
        ],
        submit: "lightning-button button:has-text('Search')",
      },
      results: {
        row: 'tr.slds-hint-parent',
        cells: { licenseNumber: 0, licenseType: 1, name: 3, issueDate: 8, status: 9 },
        noResults: ['No records to display'],
      },
      detail: {
        link: 'th[data-label] a',
        wait: 'text=Expiration',
        fields: { expiryDate: { label: ['Expiration Date', 'Expiration'] } },
      },
      licenseTypes: LOOKUP_TYPES,
      dateFormat: 'mm/dd/yyyy',
      ...BROWSER_PACE,
      notes: 'Wisconsin DSPS Salesforce license lookup (PSV WI_DSPS); expiry label and type words unconfirmed.',
    },
  ),
  board(
    'wy-med',
    'Wyoming Board of Medicine',
    'https://wyomedboard.wyo.gov',
    'https://wybomv7prod.glsuite.us/GLSuiteWeb/Clients/WYBOM/Public/LicenseeSearch.aspx?SearchType=Physician',
    // GLSuite (BOARDS.md row 64; MLL; PSV WY_PHYSICIAN): `tr.Georgia11` rows, the number in cell 3, one cell
    // 6 "Expires MM/DD/YYYY; Active" holding expiry and status, the type in cell 8, actions in cell 10.
    {
      kind: 'aspnet-form',
      platform: 'glsuite',
      pageUrl:
        'https://wybomv7prod.glsuite.us/GLSuiteWeb/Clients/WYBOM/Public/LicenseeSearch.aspx?SearchType=Physician',
      byName: {
        lastName: 'ContentPlaceHolder1_txtLastName',
        firstName: 'ContentPlaceHolder1_txtFirstName',
        button: 'ContentPlaceHolder1_btnSubmit',
      },
      byNumber: { licenseNumber: 'ContentPlaceHolder1_txtLicNum', button: 'ContentPlaceHolder1_btnSubmit' },
      results: {
        row: '#ContentPlaceHolder1_dtgResults tr.Georgia11',
        cells: {
          name: 0,
          licenseNumber: 3,
          issueDate: 4,
          status: { cell: 6, pattern: '(?:^|;)\\s*([^;]+)$' },
          expiryDate: { cell: 6, pattern: 'Expires\\s+(\\d{1,2}/\\d{1,2}/\\d{4})' },
          licenseType: 8,
          discipline: 10,
        },
        noResults: 'No records were found',
      },
      licenseTypes: { MD: 'MD', DO: 'DO' },
      dateFormat: 'mm/dd/yyyy',
      ...WEBFORMS_PACE,
      notes: `Telemedicine (TL…) licenses are on another GLSuite page (PSV). ${WEBFORMS_TYPE_NOTE}`,
    },
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
