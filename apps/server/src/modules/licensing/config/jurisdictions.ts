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

/** Board id per the contract: '<state>-<md|do|med>'; jurisdiction and license types follow from it. */
function board(id: string, name: string, website: string, source: BoardSourceInput): BoardInput {
  const [state = '', role] = id.split('-');
  const licenseTypes: LicenseType[] = role === 'md' ? ['MD'] : role === 'do' ? ['DO'] : ['MD', 'DO'];
  const single = licenseTypes.length === 1 ? licenseTypes[0] : undefined;
  // A single-profession board's look-up may not print the type at all.
  const withType = source.kind === 'html-lookup' && single ? { ...source, fixedLicenseType: single } : source;
  return { id, jurisdiction: state.toUpperCase() as StateCode, name, website, licenseTypes, source: withType };
}

// --- Bulk sources -------------------------------------------------------------------------------------

/** Washington DOH provider credential search: every health profession in one dataset. */
function washingtonDoh(type: LicenseType): BoardSourceInput {
  const credentialType = type === 'MD' ? 'Physician And Surgeon License' : 'Osteopathic Physician And Surgeon License';
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
    licenseTypes: { 'Physician And Surgeon License': 'MD', 'Osteopathic Physician And Surgeon License': 'DO' },
    dateFormat: 'iso',
    pageSize: 5000,
    where: { [type]: `credentialtype='${credentialType}'` },
    verified: false,
    notes: 'Washington DOH health care provider credential data on data.wa.gov (SODA 2.1).',
  };
}

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
    discipline: 'disciplinaryaction',
  },
  licenseTypes: { Physician: 'MD', 'Osteopathic Physician': 'DO' },
  dateFormat: 'iso',
  pageSize: 5000,
  where: { MD: "licensetype='Physician'", DO: "licensetype='Osteopathic Physician'" },
  verified: false,
  notes: 'Colorado DORA professional and occupational licenses on data.colorado.gov, refreshed nightly.',
};

function floridaMqa(type: LicenseType): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: 'https://mqa-internet.doh.state.fl.us/downloadnet/Licensure.aspx',
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
    fixedLicenseType: type,
    dateFormat: 'mm/dd/yyyy',
    verified: false,
    notes:
      'Florida MQA daily licensure data downloads (pipe-delimited, one file per profession). The page above hands out the files; set `url` to the current direct file link and confirm the column names.',
  };
}

const MISSOURI_ROSTER: BoardSourceInput = {
  kind: 'delimited-file',
  url: 'https://pr.mo.gov/listings.asp',
  delimiter: '\t',
  quote: false,
  zip: {},
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
  unknownLicenseType: 'skip',
  dateFormat: 'mm/dd/yyyy',
  verified: false,
  notes:
    'Missouri Division of Professional Registration licensee listings: a ZIP of tab-delimited text. Set `url` to the Healing Arts listing file linked from this page.',
};

function californiaDca(type: LicenseType): BoardSourceInput {
  return {
    kind: 'delimited-file',
    url: 'https://www.dca.ca.gov/consumers/public_info/index.shtml',
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
    fixedLicenseType: type,
    unknownLicenseType: 'skip',
    dateFormat: 'iso',
    verified: false,
    notes:
      'California Department of Consumer Affairs monthly licensee lists (CSV per board). Set `url` to the current list for this board and confirm the headers.',
  };
}

// --- The boards -----------------------------------------------------------------------------------------

export const BOARDS: readonly BoardInput[] = [
  board(
    'al-med',
    'Alabama Board of Medical Examiners',
    'https://www.albme.gov',
    lookup('https://abme.igovsolution.com/online/Lookups/Publiclookup.aspx', { method: 'POST' }),
  ),
  board(
    'ak-med',
    'Alaska State Medical Board',
    'https://www.commerce.alaska.gov/web/cbpl/ProfessionalLicensing/StateMedicalBoard.aspx',
    lookup('https://www.commerce.alaska.gov/cbp/main/search/professional'),
  ),
  board(
    'az-md',
    'Arizona Medical Board',
    'https://www.azmd.gov',
    lookup('https://azbomprod.azmd.gov/GLSuiteWeb/Clients/AZBOM/Public/WebVerificationSearch.aspx', { method: 'POST' }),
  ),
  board(
    'az-do',
    'Arizona Board of Osteopathic Examiners in Medicine and Surgery',
    'https://www.azdo.gov',
    lookup('https://www.azdo.gov/Verification'),
  ),
  board(
    'ar-med',
    'Arkansas State Medical Board',
    'https://www.armedicalboard.org',
    lookup('https://www.armedicalboard.org/public/verify/default.aspx', { method: 'POST' }),
  ),
  board('ca-md', 'Medical Board of California', 'https://www.mbc.ca.gov', californiaDca('MD')),
  board('ca-do', 'Osteopathic Medical Board of California', 'https://www.ombc.ca.gov', californiaDca('DO')),
  board('co-med', 'Colorado Medical Board', 'https://dpo.colorado.gov/Medical', COLORADO_DORA),
  board(
    'ct-med',
    'Connecticut Medical Examining Board',
    'https://portal.ct.gov/dph/public-health-hearing-office/connecticut-medical-examining-board/connecticut-medical-examining-board',
    lookup('https://www.elicense.ct.gov/Lookup/LicenseLookup.aspx', { method: 'POST' }),
  ),
  board(
    'de-med',
    'Delaware Board of Medical Licensure and Discipline',
    'https://dpr.delaware.gov/boards/medicalpractice/',
    lookup('https://delpros.delaware.gov/OH_VerifyLicense'),
  ),
  board('fl-md', 'Florida Board of Medicine', 'https://flboardofmedicine.gov', floridaMqa('MD')),
  board('fl-do', 'Florida Board of Osteopathic Medicine', 'https://floridasosteopathicmedicine.gov', floridaMqa('DO')),
  board(
    'ga-med',
    'Georgia Composite Medical Board',
    'https://medicalboard.georgia.gov',
    lookup('https://gcmb.mylicense.com/verification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'hi-med',
    'Hawaii Medical Board',
    'https://cca.hawaii.gov/pvl/boards/medical/',
    lookup('https://mypvl.dcca.hawaii.gov/public-license-search/'),
  ),
  board(
    'id-med',
    'Idaho Board of Medicine',
    'https://bom.idaho.gov',
    lookup('https://edopl.idaho.gov/OnlineServices/', {
      notes: 'Idaho DOPL online services is a single-page application; it may need its own connector.',
    }),
  ),
  board(
    'il-med',
    'Illinois State Medical Board',
    'https://idfpr.illinois.gov/profs/med.html',
    lookup('https://online-dfpr.micropact.com/lookup/licenselookup.aspx', { method: 'POST' }),
  ),
  board(
    'in-med',
    'Medical Licensing Board of Indiana',
    'https://www.in.gov/pla/professions/medical-licensing-board-home/',
    lookup('https://mylicense.in.gov/everification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'ia-med',
    'Iowa Board of Medicine',
    'https://medicalboard.iowa.gov',
    lookup('https://eservices.iowa.gov/licensediniowa/'),
  ),
  board(
    'ks-med',
    'Kansas State Board of Healing Arts',
    'https://www.ksbha.org',
    lookup('https://www.kansas.gov/ssrv-ksbhada/search.html'),
  ),
  board(
    'ky-med',
    'Kentucky Board of Medical Licensure',
    'https://kbml.ky.gov',
    lookup('https://web1.ky.gov/GenSearch/LicenseSearch.aspx', { extraParams: { AGY: '5' } }),
  ),
  board(
    'la-med',
    'Louisiana State Board of Medical Examiners',
    'https://www.lsbme.la.gov',
    lookup('https://online.lsbme.la.gov/'),
  ),
  board(
    'me-md',
    'Maine Board of Licensure in Medicine',
    'https://www.maine.gov/md/',
    lookup('https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx', { method: 'POST' }),
  ),
  board(
    'me-do',
    'Maine Board of Osteopathic Licensure',
    'https://www.maine.gov/osteo/',
    lookup('https://www.pfr.maine.gov/ALMSOnline/ALMSQuery/SearchIndividual.aspx', { method: 'POST' }),
  ),
  board(
    'md-med',
    'Maryland Board of Physicians',
    'https://www.mbp.state.md.us',
    lookup('https://www.mbp.state.md.us/bpqapp/', { method: 'POST' }),
  ),
  board(
    'ma-med',
    'Massachusetts Board of Registration in Medicine',
    'https://www.mass.gov/orgs/board-of-registration-in-medicine',
    lookup('https://findmydoctor.mass.gov/'),
  ),
  board(
    'mi-md',
    'Michigan Board of Medicine',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/medicine',
    lookup('https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx', {
      method: 'POST',
      extraParams: { isLicensee: 'Y' },
    }),
  ),
  board(
    'mi-do',
    'Michigan Board of Osteopathic Medicine and Surgery',
    'https://www.michigan.gov/lara/bureau-list/bpl/health/hp-lic-health-prof/osteopathic',
    lookup('https://aca-prod.accela.com/MILARA/GeneralProperty/PropertyLookUp.aspx', {
      method: 'POST',
      extraParams: { isLicensee: 'Y' },
    }),
  ),
  board(
    'mn-med',
    'Minnesota Board of Medical Practice',
    'https://mn.gov/boards/medical-practice/',
    lookup('https://mn.gov/boards/medical-practice/public/find-a-license/'),
  ),
  board(
    'ms-med',
    'Mississippi State Board of Medical Licensure',
    'https://www.msbml.ms.gov',
    lookup('https://gateway.msbml.ms.gov/verification/search.aspx', { method: 'POST' }),
  ),
  board(
    'mo-med',
    'Missouri State Board of Registration for the Healing Arts',
    'https://pr.mo.gov/healingarts.asp',
    MISSOURI_ROSTER,
  ),
  board(
    'mt-med',
    'Montana Board of Medical Examiners',
    'https://boards.bsd.dli.mt.gov/med',
    lookup('https://ebizws.mt.gov/PUBLICPORTAL/searchform', { extraParams: { mylist: 'licenses' } }),
  ),
  board(
    'ne-med',
    'Nebraska Board of Medicine and Surgery',
    'https://dhhs.ne.gov/licensure/Pages/Medicine-and-Surgery.aspx',
    lookup('https://www.nebraska.gov/LISSearch/search.cgi', { method: 'POST' }),
  ),
  board(
    'nv-md',
    'Nevada State Board of Medical Examiners',
    'https://medboard.nv.gov',
    lookup('https://nvbme.glsuite.us/GLSuiteWeb/Clients/NVBME/Public/Licenseesearch.aspx', { method: 'POST' }),
  ),
  board(
    'nv-do',
    'Nevada State Board of Osteopathic Medicine',
    'https://www.bom.nv.gov',
    lookup('https://www.bom.nv.gov/Public/Verify'),
  ),
  board(
    'nh-med',
    'New Hampshire Board of Medicine',
    'https://www.oplc.nh.gov/board-medicine',
    lookup('https://forms.nh.gov/licenseverification/', { method: 'POST' }),
  ),
  board(
    'nj-med',
    'New Jersey State Board of Medical Examiners',
    'https://www.njconsumeraffairs.gov/bme/',
    lookup('https://newjersey.mylicense.com/verification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'nm-med',
    'New Mexico Medical Board',
    'https://www.nmmb.state.nm.us',
    lookup('https://www.nmmb.state.nm.us/license-verification/'),
  ),
  board(
    'ny-med',
    'New York State Board for Medicine',
    'https://www.op.nysed.gov/professions/medicine',
    lookup('https://eservices.nysed.gov/professions/verification-search', {
      notes: 'NYSED verifies by name or license number and profession code 060 (medicine).',
    }),
  ),
  board(
    'nc-med',
    'North Carolina Medical Board',
    'https://www.ncmedboard.org',
    lookup('https://portal.ncmedboard.org/verification/search.aspx', { method: 'POST' }),
  ),
  board(
    'nd-med',
    'North Dakota Board of Medicine',
    'https://www.ndbom.org',
    lookup('https://www.ndbom.org/public/find_verify/verify.asp', { method: 'POST' }),
  ),
  board(
    'oh-med',
    'State Medical Board of Ohio',
    'https://med.ohio.gov',
    lookup('https://elicense.ohio.gov/oh_verifylicense'),
  ),
  board(
    'ok-md',
    'Oklahoma State Board of Medical Licensure and Supervision',
    'https://www.okmedicalboard.org',
    lookup('https://www.okmedicalboard.org/search'),
  ),
  board(
    'ok-do',
    'Oklahoma State Board of Osteopathic Examiners',
    'https://www.ok.gov/osboe/',
    lookup('https://www.ok.gov/osboe/License_Verification/index.html'),
  ),
  board('or-med', 'Oregon Medical Board', 'https://www.oregon.gov/omb', lookup('https://omb.oregon.gov/search')),
  board(
    'pa-md',
    'Pennsylvania State Board of Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/Medicine',
    lookup('https://www.pals.pa.gov/', {
      notes: 'PALS is a single-page application backed by a JSON API; it may need its own connector.',
    }),
  ),
  board(
    'pa-do',
    'Pennsylvania State Board of Osteopathic Medicine',
    'https://www.dos.pa.gov/ProfessionalLicensing/BoardsCommissions/OsteopathicMedicine',
    lookup('https://www.pals.pa.gov/', {
      notes: 'PALS is a single-page application backed by a JSON API; it may need its own connector.',
    }),
  ),
  board(
    'ri-med',
    'Rhode Island Board of Medical Licensure and Discipline',
    'https://health.ri.gov',
    lookup('https://healthri.mylicense.com/verification/Search.aspx', { method: 'POST' }),
  ),
  board(
    'sc-med',
    'South Carolina Board of Medical Examiners',
    'https://llr.sc.gov/med/',
    lookup('https://verify.llronline.com/LicLookup/Med/Med.aspx', { extraParams: { div: '16' } }),
  ),
  board(
    'sd-med',
    'South Dakota Board of Medical and Osteopathic Examiners',
    'https://www.sdbmoe.gov',
    lookup('https://www.sdbmoe.gov/license-verification/'),
  ),
  board(
    'tn-md',
    'Tennessee Board of Medical Examiners',
    'https://www.tn.gov/health/health-program-areas/health-professional-boards/me-board.html',
    lookup('https://apps.health.tn.gov/Licensure/default.aspx', { method: 'POST' }),
  ),
  board(
    'tn-do',
    'Tennessee Board of Osteopathic Examination',
    'https://www.tn.gov/health/health-program-areas/health-professional-boards/osteo-board.html',
    lookup('https://apps.health.tn.gov/Licensure/default.aspx', { method: 'POST' }),
  ),
  board(
    'tx-med',
    'Texas Medical Board',
    'https://www.tmb.state.tx.us',
    lookup('https://profile.tmb.state.tx.us/Search.aspx', { method: 'POST' }),
  ),
  board(
    'ut-md',
    'Utah Physicians Licensing Board',
    'https://dopl.utah.gov',
    lookup('https://secure.utah.gov/llv/search/index.html'),
  ),
  board(
    'ut-do',
    "Utah Osteopathic Physician and Surgeon's Licensing Board",
    'https://dopl.utah.gov',
    lookup('https://secure.utah.gov/llv/search/index.html'),
  ),
  board(
    'vt-md',
    'Vermont Board of Medical Practice',
    'https://www.healthvermont.gov/systems/medical-practice-board',
    lookup('https://www.healthvermont.gov/systems/medical-practice-board/look-up-license'),
  ),
  board(
    'vt-do',
    'Vermont Board of Osteopathic Physicians and Surgeons',
    'https://sos.vermont.gov/osteopathic-physicians/',
    lookup('https://sos.vermont.gov/opr/find-a-professional/'),
  ),
  board(
    'va-med',
    'Virginia Board of Medicine',
    'https://www.dhp.virginia.gov/Boards/Medicine/',
    lookup('https://dhp.virginiainteractive.org/Lookup/Index', { method: 'POST' }),
  ),
  board('wa-md', 'Washington Medical Commission', 'https://wmc.wa.gov', washingtonDoh('MD')),
  board(
    'wa-do',
    'Washington State Board of Osteopathic Medicine and Surgery',
    'https://doh.wa.gov/licenses-permits-and-certificates/professions-new-renew-or-update/osteopathic-physician',
    washingtonDoh('DO'),
  ),
  board(
    'dc-med',
    'DC Board of Medicine',
    'https://dchealth.dc.gov/bomed',
    lookup('https://doh.force.com/ver/s/', {
      notes: 'DC Health verifies licenses through a Salesforce community page; it may need its own connector.',
    }),
  ),
  board(
    'wv-md',
    'West Virginia Board of Medicine',
    'https://wvbom.wv.gov',
    lookup('https://wvbom.wv.gov/public/search/', { method: 'POST' }),
  ),
  board(
    'wv-do',
    'West Virginia Board of Osteopathic Medicine',
    'https://www.wvbdosteo.org',
    lookup('https://www.wvbdosteo.org/verify/'),
  ),
  board(
    'wi-med',
    'Wisconsin Medical Examining Board',
    'https://dsps.wi.gov/Pages/BoardsCouncils/MED/Default.aspx',
    lookup('https://licensesearch.wi.gov/'),
  ),
  board(
    'wy-med',
    'Wyoming Board of Medicine',
    'https://wyomedboard.wyo.gov',
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
