import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATE_CODES } from '@licensewatch/shared/states';
import { afterAll, describe, expect, it } from 'vitest';
import { boardSchema } from './board-config.ts';
import { BOARDS } from './jurisdictions.ts';
import {
  BoardConfigError,
  boardById,
  boardFor,
  boardsForJurisdiction,
  loadBoardConfig,
  nppesSourceConfig,
} from './load-board-config.ts';

const dir = mkdtempSync(join(tmpdir(), 'lw-boards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
function overridesFile(content: unknown): string {
  const file = join(dir, `overrides-${++fileCount}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BoardConfigError);
    return (error as BoardConfigError).problems;
  }
  throw new Error('expected a BoardConfigError');
}

const SIM = 'http://127.0.0.1:3100';

/** The boards whose look-up a CAPTCHA, a bot wall or robots.txt closes to machines (docs/sources.md). */
const MANUAL_BOARDS = [
  'ak-med',
  'ga-med',
  'hi-med',
  'ia-med',
  'la-med',
  'mn-med',
  'ms-med',
  'mt-med',
  'nc-med',
  'nd-med',
  'ne-med',
  'nh-med',
  'ok-md',
  'sc-med',
  'sd-med',
  'tn-do',
  'tn-md',
  'ut-do',
  'ut-md',
];
const LOOKUP_SOURCE = {
  kind: 'html-lookup',
  searchUrl: 'https://example.org/verify',
  selectors: { row: 'tr.r', name: 'td.n', status: 'td.s', licenseType: 'td.t' },
  licenseTypes: { MD: 'MD', DO: 'DO' },
  statuses: { Active: 'active' },
};

describe('jurisdictions', () => {
  const real = loadBoardConfig();

  it('gives every one of the 51 jurisdictions a board for MDs and one for DOs, each with name, website and source', () => {
    expect(STATE_CODES).toHaveLength(51);
    for (const state of STATE_CODES) {
      for (const type of ['MD', 'DO'] as const) {
        const board = boardFor(real, state, type);
        expect(board, `${state} ${type}`).toBeDefined();
        expect(board?.name.length).toBeGreaterThan(5);
        expect(board?.website).toMatch(/^https:\/\//);
        expect(board?.source.kind).toBeDefined();
      }
    }
  });

  it('follows the board id rule and keeps separate osteopathic boards where they exist', () => {
    for (const board of real.boards)
      expect(board.id).toMatch(new RegExp(`^${board.jurisdiction.toLowerCase()}-(md|do|med)$`));
    const separate = ['AZ', 'CA', 'FL', 'ME', 'MI', 'NV', 'OK', 'PA', 'TN', 'UT', 'VT', 'WA', 'WV'];
    for (const state of separate)
      expect(
        boardsForJurisdiction(real, state as never)
          .map((b) => b.id)
          .sort(),
      ).toEqual([`${state.toLowerCase()}-do`, `${state.toLowerCase()}-md`]);
    expect(real.boards.length).toBe(51 + separate.length);
  });

  it('uses the official names and sites', () => {
    const named = (id: string) => boardById(real, id);
    expect(named('ca-md')).toMatchObject({ name: 'Medical Board of California', website: 'https://www.mbc.ca.gov' });
    expect(named('ca-do')?.name).toBe('Osteopathic Medical Board of California');
    expect(named('wa-md')?.name).toBe('Washington Medical Commission');
    expect(named('wa-do')?.name).toBe('Washington State Board of Osteopathic Medicine and Surgery');
    expect(named('co-med')?.name).toBe('Colorado Medical Board');
    expect(named('fl-md')?.name).toBe('Florida Board of Medicine');
    expect(named('fl-do')?.name).toBe('Florida Board of Osteopathic Medicine');
    expect(named('mo-med')?.name).toBe('Missouri State Board of Registration for the Healing Arts');
    expect(named('tx-med')?.name).toBe('Texas Medical Board');
  });

  it('reads the real bulk sources where known, leaves to a person the boards no machine may read, and looks up the rest, all unverified', () => {
    const kinds = Object.fromEntries(real.boards.map((b) => [b.id, b.source.kind]));
    expect(kinds).toMatchObject({
      'wa-md': 'socrata',
      'wa-do': 'socrata',
      'co-med': 'socrata',
      'tx-med': 'socrata',
      'il-med': 'socrata',
      'de-med': 'socrata',
      'ct-med': 'socrata',
      'md-med': 'delimited-file',
      'al-med': 'delimited-file',
      'oh-med': 'delimited-file',
      'fl-md': 'delimited-file',
      'fl-do': 'delimited-file',
      'mo-med': 'delimited-file',
      'ca-md': 'delimited-file',
      'ca-do': 'delimited-file',
      'wv-md': 'delimited-file',
    });
    const bulk = new Set([
      'wa-md',
      'wa-do',
      'co-med',
      'tx-med',
      'il-med',
      'de-med',
      'ct-med',
      'md-med',
      'al-med',
      'oh-med',
      'fl-md',
      'fl-do',
      'mo-med',
      'ca-md',
      'ca-do',
      'wv-md',
    ]);
    const byHand = real.boards.filter((b) => b.source.kind === 'manual').map((b) => b.id);
    expect(byHand.sort()).toEqual(MANUAL_BOARDS);
    // Look-ups come in several kinds now: each platform's own adapter, or the generic form reader.
    const lookups = ['html-lookup', 'aspnet-form', 'browser', 'nysed-rosa', 'massachusetts-medboard'];
    for (const b of real.boards)
      if (!bulk.has(b.id) && b.source.kind !== 'manual') expect(lookups, b.id).toContain(b.source.kind);
    expect(boardById(real, 'wa-md')?.source).toMatchObject({ baseUrl: 'https://data.wa.gov', datasetId: 'qxh8-f4bd' });
    expect(boardById(real, 'co-med')?.source).toMatchObject({
      baseUrl: 'https://data.colorado.gov',
      datasetId: '7s5z-vewr',
    });
    for (const [id, baseUrl, datasetId] of [
      ['tx-med', 'https://data.texas.gov', 'tm3v-pfq9'],
      ['il-med', 'https://data.illinois.gov', 'pzzh-kp68'],
      ['de-med', 'https://data.delaware.gov', 'pjnv-eaih'],
      ['ct-med', 'https://data.ct.gov', 'ngch-56tr'],
    ] as const)
      expect(boardById(real, id)?.source, id).toMatchObject({ baseUrl, datasetId });
    expect(boardById(real, 'mo-med')?.source).toMatchObject({ delimiter: '\t', zip: {} });
    expect(boardById(real, 'mo-med')?.source).toMatchObject({
      moreFiles: [{ url: 'https://pr.mo.gov/downloadables/OPS.ZIP', zipEntry: 'OPS.TXT' }],
    });
    expect(boardById(real, 'al-med')?.source).toMatchObject({
      url: 'https://dashboard.albme.gov/Verification/roster.aspx',
      postBack: {},
      activeOnly: true,
    });
    for (const b of real.boards) {
      expect(b.lookupUrl, b.id).toMatch(/^https:\/\//);
      if (b.source.kind === 'manual') expect(b.source.detail.length, b.id).toBeGreaterThan(10);
      else expect(b.source.verified, b.id).toBe(false);
      if (b.source.kind === 'html-lookup') expect(b.source.concurrency, b.id).toBeLessThanOrEqual(2);
    }
    expect(real.nppes).toMatchObject({ baseUrl: 'https://npiregistry.cms.hhs.gov/api/', verified: false });
  });

  it('is valid data on its own', () => {
    for (const board of BOARDS) expect(boardSchema.safeParse(board).success, board.id).toBe(true);
  });
});

describe('loadBoardConfig with the simulator', () => {
  const sim = loadBoardConfig({ simUrl: `${SIM}/` });

  it('points every board a machine reads at the simulator per the contract, and leaves the others to a person', () => {
    expect(sim.mode).toBe('simulator');
    for (const board of sim.boards) {
      const s = board.source;
      expect(board.lookupUrl).toBe(`${SIM}/lookup/${board.id}/search`);
      if (s.kind === 'manual') {
        expect(MANUAL_BOARDS, board.id).toContain(board.id);
        continue;
      }
      const url =
        s.kind === 'socrata'
          ? s.baseUrl
          : s.kind === 'delimited-file'
            ? s.url
            : s.kind === 'aspnet-form' || s.kind === 'browser'
              ? s.pageUrl
              : s.kind === 'nysed-rosa'
                ? s.apiUrl
                : s.searchUrl;
      expect(url.startsWith(`${SIM}/`), board.id).toBe(true);
      // A look-up whose real layout the simulator serves keeps its real address, at /sites/<host>.
      if (s.kind === 'html-lookup' && !s.searchUrl.startsWith(`${SIM}/sites/`))
        expect(s.searchUrl).toBe(`${SIM}/lookup/${board.id}/search`);
    }
    expect(
      sim.boards
        .filter((b) => b.source.kind === 'manual')
        .map((b) => b.id)
        .sort(),
    ).toEqual(MANUAL_BOARDS);
    const source = (id: string) => boardById(sim, id)?.source;
    // Bulk boards whose real layout the simulator serves keep their real configuration, at /sites/<host>.
    expect(source('wa-md')).toMatchObject({ baseUrl: `${SIM}/sites/data.wa.gov/`, datasetId: 'qxh8-f4bd' });
    expect(source('wa-do')).toMatchObject({ baseUrl: `${SIM}/sites/data.wa.gov/`, datasetId: 'qxh8-f4bd' });
    expect(source('co-med')).toMatchObject({ baseUrl: `${SIM}/sites/data.colorado.gov/`, datasetId: '7s5z-vewr' });
    expect(source('tx-med')).toMatchObject({ baseUrl: `${SIM}/sites/data.texas.gov/`, datasetId: 'tm3v-pfq9' });
    expect(source('il-med')).toMatchObject({ baseUrl: `${SIM}/sites/data.illinois.gov/`, datasetId: 'pzzh-kp68' });
    expect(source('al-med')).toMatchObject({
      url: `${SIM}/sites/dashboard.albme.gov/Verification/roster.aspx`,
      postBack: {},
    });
    expect(source('ks-med')).toMatchObject({ searchUrl: `${SIM}/sites/www.kansas.gov/ssrv-ksbhada/search.html` });
    expect(source('va-med')).toMatchObject({
      searchUrl: `${SIM}/sites/dhp.virginiainteractive.org/Lookup/Index`,
      numberSearchUrl: `${SIM}/sites/dhp.virginiainteractive.org/Lookup/Result`,
    });
    expect(source('wv-do')).toMatchObject({ searchUrl: `${SIM}/sites/www.wvbdosteo.org/verify/` });
    expect(source('fl-md')).toMatchObject({ url: `${SIM}/files/fl-md/licensees.txt`, delimiter: '|' });
    expect(source('fl-do')).toMatchObject({ url: `${SIM}/files/fl-do/licensees.txt` });
    expect(source('mo-med')).toMatchObject({
      url: `${SIM}/files/mo-med/licensees.zip`,
      zip: { entry: 'physicians.txt' },
    });
    expect(source('ca-md')).toMatchObject({ url: `${SIM}/files/ca-md/licensees.csv`, delimiter: ',' });
    expect(source('ca-do')).toMatchObject({ url: `${SIM}/files/ca-do/licensees.csv` });
    expect(sim.nppes.baseUrl).toBe(`${SIM}/nppes/api/`);
    expect(nppesSourceConfig({ simUrl: SIM }).baseUrl).toBe(`${SIM}/nppes/api/`);
    expect(nppesSourceConfig().baseUrl).toBe('https://npiregistry.cms.hhs.gov/api/');
  });

  it('keeps the real names and sites in simulator mode', () => {
    expect(boardById(sim, 'ca-md')).toMatchObject({
      name: 'Medical Board of California',
      website: 'https://www.mbc.ca.gov',
    });
  });

  it('refuses a simulator URL that is not http(s)', () => {
    expect(problemsOf(() => loadBoardConfig({ simUrl: 'ftp://sim' }))[0]).toContain('must be an http(s) URL');
  });
});

describe('loadBoardConfig overrides', () => {
  it('refuses a type left unsaid on a board that licenses one type only', () => {
    const file = overridesFile({ boards: [{ id: 'fl-md', source: { fixedLicenseType: 'either' } }] });
    expect(problemsOf(() => loadBoardConfig({ overridesFile: file, simUrl: SIM }))).toContainEqual(
      expect.stringContaining(
        "source.licenseTypes: 'either' is for a board licensing both MDs and DOs, not a 'md' board",
      ),
    );
  });

  it('overrides a board’s source by id and leaves the others alone', () => {
    const file = overridesFile({ boards: [{ id: 'tx-med', source: { ...LOOKUP_SOURCE, verified: true } }] });
    const config = loadBoardConfig({ overridesFile: file, simUrl: SIM });
    expect(boardById(config, 'tx-med')).toMatchObject({
      name: 'Texas Medical Board',
      source: { kind: 'html-lookup', searchUrl: 'https://example.org/verify', verified: true, method: 'GET' },
    });
    expect(boardById(config, 'vt-md')?.source).toMatchObject({ searchUrl: `${SIM}/lookup/vt-md/search` });
  });

  it('merges a partial override into the built-in board field by field', () => {
    const file = overridesFile({
      boards: [
        {
          id: 'fl-md',
          source: { url: 'https://data.example/national.txt', filter: { column: 'STATE', equals: 'FL' } },
        },
        { id: 'mo-med', source: { statuses: { 'Active - Restricted': 'probation' }, zip: null } },
      ],
    });
    const config = loadBoardConfig({ overridesFile: file, simUrl: SIM });
    expect(boardById(config, 'fl-md')?.source).toMatchObject({
      kind: 'delimited-file',
      url: 'https://data.example/national.txt',
      filter: { column: 'STATE', equals: 'FL' },
      delimiter: '|',
      columns: { licenseNumber: 'LICENSE_NUMBER', status: 'STATUS' },
      dateFormat: 'mm/dd/yyyy',
    });
    const mo = boardById(config, 'mo-med')?.source;
    expect(mo).toMatchObject({ statuses: { 'Active - Restricted': 'probation' }, delimiter: '\t' });
    expect(mo).not.toHaveProperty('zip');
  });

  it('names the exact field of a malformed row filter', () => {
    const file = overridesFile({
      boards: [
        { id: 'fl-md', source: { filter: { equals: 'FL' } } },
        { id: 'fl-do', source: { filter: { column: 'STATE', equals: 'FL', in: ['FL'] } } },
        { id: 'ca-md', source: { filter: { column: 'STATE', in: [] } } },
        { id: 'wa-md', source: { filter: { column: 'state', equal: 'WA' } } },
      ],
    });
    expect(problemsOf(() => loadBoardConfig({ overridesFile: file })).sort()).toEqual([
      `board ca-md (${file} boards[2]): source.filter.in: must list at least one value`,
      `board fl-do (${file} boards[1]): source.filter.equals: give exactly one of equals or in`,
      `board fl-md (${file} boards[0]): source.filter.column: is required (string)`,
      `board wa-md (${file} boards[3]): source.filter.equals: give exactly one of equals or in`,
      `board wa-md (${file} boards[3]): source.filter: Unrecognized key: "equal"`,
    ]);
  });

  it('can split a composite board into an md + do pair', () => {
    const file = overridesFile({
      boards: [
        { id: 'nm-med', remove: true },
        {
          id: 'nm-md',
          jurisdiction: 'NM',
          name: 'New Mexico Medical Board',
          website: 'https://www.nmmb.state.nm.us',
          lookupUrl: 'https://www.nmmb.state.nm.us/verify',
          licenseTypes: ['MD'],
          source: LOOKUP_SOURCE,
        },
        {
          id: 'nm-do',
          jurisdiction: 'NM',
          name: 'New Mexico Board of Osteopathic Medicine',
          website: 'https://example.org',
          lookupUrl: 'https://example.org/verify',
          licenseTypes: ['DO'],
          source: LOOKUP_SOURCE,
        },
      ],
    });
    const config = loadBoardConfig({ overridesFile: file });
    expect(boardsForJurisdiction(config, 'NM').map((b) => b.id)).toEqual(['nm-md', 'nm-do']);
  });

  it('overrides NPPES settings', () => {
    const file = overridesFile({ nppes: { baseUrl: 'https://nppes.example/api/', pageSize: 50 } });
    expect(loadBoardConfig({ overridesFile: file }).nppes).toMatchObject({
      baseUrl: 'https://nppes.example/api/',
      pageSize: 50,
    });
  });

  it('names the board and the field of every invalid setting', () => {
    const file = overridesFile({
      boards: [
        { id: 'tx-med', source: { ...LOOKUP_SOURCE, searchUrl: 'not a url', concurrency: 5 } },
        { id: 'wa-md', source: { kind: 'soap', url: 'https://x.example' } },
        { id: 'co-med', source: { ...LOOKUP_SOURCE, searchURL: 'https://typo.example' } },
        { id: 'ca-md', website: 'javascript:alert(1)' },
      ],
    });
    const problems = problemsOf(() => loadBoardConfig({ overridesFile: file }));
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^board tx-med \(.*boards\[0\]\): source\.searchUrl: must be an http\(s\) URL$/),
        expect.stringMatching(/^board tx-med .*: source\.concurrency: must be 1 or 2 for an HTML look-up$/),
        expect.stringMatching(/^board wa-md .*: source\.kind: Invalid discriminator value/),
        expect.stringMatching(/^board co-med .*: source: Unrecognized key: "searchURL"$/),
        expect.stringMatching(/^board ca-md .*: website: must be an http\(s\) URL$/),
      ]),
    );
    const error = (() => {
      try {
        loadBoardConfig({ overridesFile: file });
      } catch (e) {
        return e as Error;
      }
    })();
    expect(error?.message).toMatch(/^Invalid license source configuration:\n {2}board /);
  });

  it('requires a new board to be complete and to follow the id rule', () => {
    const problems = problemsOf(() =>
      loadBoardConfig({ overridesFile: overridesFile({ boards: [{ id: 'xx-med', name: 'Nowhere Board' }] }) }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^board xx-med .*: jurisdiction: /),
        expect.stringMatching(/^board xx-med .*: website: /),
        expect.stringMatching(/^board xx-med .*: source: /),
      ]),
    );
    const wrongTypes = problemsOf(() =>
      loadBoardConfig({ overridesFile: overridesFile({ boards: [{ id: 'tx-med', licenseTypes: ['MD'] }] }) }),
    );
    expect(wrongTypes).toEqual([
      expect.stringMatching(/board tx-med .*: licenseTypes: must be DO and MD for a 'med' board/),
    ]);
  });

  it('refuses two boards licensing the same type in one jurisdiction', () => {
    const file = overridesFile({
      boards: [
        {
          id: 'tx-md',
          jurisdiction: 'TX',
          name: 'Another Texas Board',
          website: 'https://example.org',
          lookupUrl: 'https://example.org/verify',
          licenseTypes: ['MD'],
          source: LOOKUP_SOURCE,
        },
      ],
    });
    expect(problemsOf(() => loadBoardConfig({ overridesFile: file }))).toEqual([
      'jurisdiction TX: tx-med and tx-md both license MDs; keep one',
    ]);
  });

  it('explains an unreadable, malformed or misshapen file', () => {
    expect(problemsOf(() => loadBoardConfig({ overridesFile: join(dir, 'missing.json') }))[0]).toMatch(
      /overrides file .*missing\.json: cannot be read \(ENOENT\)/,
    );
    expect(problemsOf(() => loadBoardConfig({ overridesFile: overridesFile('{"boards": [') }))[0]).toMatch(
      /overrides file .*: not valid JSON/,
    );
    expect(problemsOf(() => loadBoardConfig({ overridesFile: overridesFile({ board: [] }) }))[0]).toMatch(
      /overrides file .*: \(root\): Unrecognized key: "board"/,
    );
    expect(
      problemsOf(() => loadBoardConfig({ overridesFile: overridesFile({ boards: [{ id: 'zz-med', remove: true }] }) })),
    ).toContain(`board zz-med (${join(dir, `overrides-${fileCount}.json`)} boards[0]): remove: there is no such board`);
  });
});
