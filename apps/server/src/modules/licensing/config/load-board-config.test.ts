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

  it('uses the contract’s style per jurisdiction and the real bulk sources where known, all unverified', () => {
    const kinds = Object.fromEntries(real.boards.map((b) => [b.id, b.source.kind]));
    expect(kinds).toMatchObject({
      'wa-md': 'socrata',
      'wa-do': 'socrata',
      'co-med': 'socrata',
      'fl-md': 'delimited-file',
      'fl-do': 'delimited-file',
      'mo-med': 'delimited-file',
      'ca-md': 'delimited-file',
      'ca-do': 'delimited-file',
    });
    const bulk = new Set(['wa-md', 'wa-do', 'co-med', 'fl-md', 'fl-do', 'mo-med', 'ca-md', 'ca-do']);
    for (const b of real.boards) if (!bulk.has(b.id)) expect(b.source.kind, b.id).toBe('html-lookup');
    expect(boardById(real, 'wa-md')?.source).toMatchObject({ baseUrl: 'https://data.wa.gov', datasetId: 'qxh8-f4bd' });
    expect(boardById(real, 'co-med')?.source).toMatchObject({
      baseUrl: 'https://data.colorado.gov',
      datasetId: '7s5z-vewr',
    });
    expect(boardById(real, 'mo-med')?.source).toMatchObject({ delimiter: '\t', zip: {} });
    expect(real.boards.every((b) => b.source.verified === false)).toBe(true);
    expect(real.boards.every((b) => b.source.kind !== 'html-lookup' || b.source.concurrency <= 2)).toBe(true);
    expect(real.nppes).toMatchObject({ baseUrl: 'https://npiregistry.cms.hhs.gov/api/', verified: false });
  });

  it('is valid data on its own', () => {
    for (const board of BOARDS) expect(boardSchema.safeParse(board).success, board.id).toBe(true);
  });
});

describe('loadBoardConfig with the simulator', () => {
  const sim = loadBoardConfig({ simUrl: `${SIM}/` });

  it('points every board at the simulator per the contract', () => {
    expect(sim.mode).toBe('simulator');
    for (const board of sim.boards) {
      const s = board.source;
      const url = s.kind === 'socrata' ? s.baseUrl : s.kind === 'delimited-file' ? s.url : s.searchUrl;
      expect(url.startsWith(`${SIM}/`), board.id).toBe(true);
      if (s.kind === 'html-lookup') expect(s.searchUrl).toBe(`${SIM}/lookup/${board.id}/search`);
    }
    const source = (id: string) => boardById(sim, id)?.source;
    expect(source('wa-md')).toMatchObject({ baseUrl: `${SIM}/socrata/wa-md`, datasetId: 'qxh8-f4bd' });
    expect(source('wa-do')).toMatchObject({ baseUrl: `${SIM}/socrata/wa-do`, datasetId: 'qxh8-f4bd' });
    expect(source('co-med')).toMatchObject({ baseUrl: `${SIM}/socrata/co-med`, datasetId: '7s5z-vewr' });
    expect(source('fl-md')).toMatchObject({ url: `${SIM}/files/fl-md/roster.txt`, delimiter: '|' });
    expect(source('fl-do')).toMatchObject({ url: `${SIM}/files/fl-do/roster.txt` });
    expect(source('mo-med')).toMatchObject({ url: `${SIM}/files/mo-med/roster.zip`, zip: { entry: 'physicians.txt' } });
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
  it('overrides a board’s source by id and leaves the others alone', () => {
    const file = overridesFile({ boards: [{ id: 'tx-med', source: { ...LOOKUP_SOURCE, verified: true } }] });
    const config = loadBoardConfig({ overridesFile: file, simUrl: SIM });
    expect(boardById(config, 'tx-med')).toMatchObject({
      name: 'Texas Medical Board',
      source: { kind: 'html-lookup', searchUrl: 'https://example.org/verify', verified: true, method: 'GET' },
    });
    expect(boardById(config, 'ok-md')?.source).toMatchObject({ searchUrl: `${SIM}/lookup/ok-md/search` });
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
          licenseTypes: ['MD'],
          source: LOOKUP_SOURCE,
        },
        {
          id: 'nm-do',
          jurisdiction: 'NM',
          name: 'New Mexico Board of Osteopathic Medicine',
          website: 'https://example.org',
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
