import type { GroundTruthPerson } from '@licensewatch/board-sim/population';
import { type BoardSimulator, startBoardSimulator } from '@licensewatch/board-sim/server';
import { FLORIDA_SIM_ACCOUNT } from '@licensewatch/board-sim/sites/florida-portal';
import { latin1Text } from '@licensewatch/board-sim/sites/missouri-listing';
import { CO_EARLIER_CASE } from '@licensewatch/board-sim/sites/socrata-sites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardInput } from '../config/board-config.ts';
import { boardSchema } from '../config/board-config.ts';
import { describeBoardMethod } from '../config/describe-board-method.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { loadBoardConfig } from '../config/load-board-config.ts';
import { simulatedUrl, simulatorBoard } from '../config/simulator-sources.ts';
import { DelimitedFileSource } from '../delimited-file-source.ts';
import type { SourceRecord } from '../types.ts';
import { createSource, type SourceDeps } from './create-source.ts';
import { genericLookupSource, realBoardAt, startSimulatorWithTruth } from './layout-test-support.ts';

// Contract tests: the real configuration of each bulk board, unchanged but for its address, reads the
// simulator's copy of that board's real layout (apps/board-sim/src/sites/) — every physician, none of
// the other professions the dataset holds, each field as the board meant it. And what the evidence
// contradicted in the earlier configuration reads nothing from the same layout.

const REAL_LAYOUTS = ['wa-md', 'wa-do', 'co-med', 'tx-med', 'il-med', 'de-med', 'ct-med', 'md-med', 'al-med'] as const;

/** Boards that publish their active licensees only: the others are not on their list. */
const ACTIVE_ONLY = new Set(['md-med', 'al-med']);

/** Boards whose list holds licences in some standings only (California DCA: Current, Delinquent, Inactive). */
const STANDINGS_LISTED: Record<string, readonly string[]> = {
  'ca-md': ['active', 'expired', 'inactive'],
  'ca-do': ['active', 'expired', 'inactive'],
};

let sim: BoardSimulator;
let truth: GroundTruthPerson[];

beforeAll(async () => {
  ({ sim, truth } = await startSimulatorWithTruth(1500));
});
afterAll(() => sim.close());

async function readBulkFile(board: Board, deps: SourceDeps = {}) {
  const records: SourceRecord[] = [];
  const errors: string[] = [];
  for await (const item of createSource(board, deps).fetchBulkFile?.() ?? []) {
    if ('record' in item) records.push(item.record);
    else errors.push(item.error.reason);
  }
  return { records, errors };
}

/**
 * A real board's configuration as an operator's override file completes it (a bulk source off until
 * its address is given), its addresses pointed at the simulator's copy of the layout (`simUrl`:
 * another simulator than the shared one).
 */
function configuredByOperator(
  id: string,
  change: (source: Record<string, unknown>) => Record<string, unknown>,
  simUrl = sim.url,
): Board {
  return realBoardAt(id, simUrl, change);
}

/** A real board's configuration with one change, read in simulator mode. */
function changed(id: string, change: (source: Record<string, unknown>) => Record<string, unknown>): Board {
  const real = BOARDS.find((b) => b.id === id) as BoardInput;
  const input = simulatorBoard(
    { ...real, source: change(real.source as Record<string, unknown>) as BoardInput['source'] },
    sim.url,
  );
  return boardSchema.parse(input);
}

describe('real bulk layouts', () => {
  it.each(REAL_LAYOUTS)('%s: its real configuration reads every physician the board publishes, exactly', async (id) => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === id) as Board;
    expect(['socrata', 'delimited-file']).toContain(board.source.kind);
    await expectEveryPhysician(board);
  });

  it('Ohio: once an operator gives the file, physicians only, MD or DO told by the number, names split', async () => {
    expect(loadBoardConfig({}).boards.find((b) => b.id === 'oh-med')?.source).toMatchObject({
      offUntil: expect.any(String),
    });
    const board = configuredByOperator('oh-med', (s) => ({
      ...s,
      url: 'https://data.ohio.gov/state-of-ohio-licensure/individual.csv',
      offUntil: undefined,
    }));
    await expectEveryPhysician(board);
    const { records } = await readBulkFile(board);
    for (const r of records) {
      expect(r.licenseType, r.licenseNumber ?? '').toBe(r.licenseNumber?.startsWith('35.') ? 'MD' : 'DO');
      expect(`${r.lastName} ${r.firstName}`).not.toContain(',');
    }
    expect(records.some((r) => r.middleName !== null)).toBe(true);
    expect(records.some((r) => r.rawStatus === 'Probation / Active')).toBe(true);
    expect(records.some((r) => r.discipline === 'No' || r.discipline === 'Yes')).toBe(false);
  });
});

/** Every physician of the board in the ground truth (its listed ones, for an active-only list), read exactly. */
async function expectEveryPhysician(board: Board, deps: SourceDeps = {}) {
  const id = board.id;
  const listed = (status: string) =>
    (STANDINGS_LISTED[id]?.includes(status) ?? true) &&
    (!ACTIVE_ONLY.has(id) || status === 'active' || status === 'probation');
  const expected = new Map(
    truth.flatMap((p) =>
      p.licenses
        .filter((l) => l.boardId === id && l.licenseNumber && listed(l.status))
        .map((l) => [l.licenseNumber as string, { person: p, license: l }] as const),
    ),
  );
  const { records, errors } = await readBulkFile(board, deps);
  expect(errors).toEqual([]);
  expect(expected.size).toBeGreaterThan(0);
  expect(records.length).toBe(expected.size);
  for (const record of records) {
    const number = record.licenseNumber ?? '';
    const want = expected.get(number);
    expect(want, number).toBeDefined();
    if (!want) continue;
    expect(record.firstName.toUpperCase(), number).toBe(want.person.firstName.toUpperCase());
    expect(record.status, number).toBe(want.license.status);
    expect(record.expiryDate, number).toBe(want.license.expiryDate);
    // A board that does not say MD or DO stores none; one that does says the right one.
    if (record.licenseType !== null) expect(record.licenseType, number).toBe(want.license.licenseType);
  }
}

describe('real bulk layouts, board by board', () => {
  it("California: once the operator accepts DCA's terms, the board's Box folder read, its split files as one list", async () => {
    for (const id of ['ca-md', 'ca-do']) {
      const real = loadBoardConfig({}).boards.find((b) => b.id === id);
      expect(real?.source).toMatchObject({ licenceTerms: { useAllowed: false } });
      const board = configuredByOperator(id, (s) => ({
        ...s,
        licenceTerms: { terms: 'for non-commercial use only', useAllowed: true },
      }));
      await expectEveryPhysician(board);
    }
    // The configuration before the evidence: a comma-separated file at the page's own address.
    const before = configuredByOperator('ca-md', (s) => ({ ...s, boxFolder: undefined, delimiter: ',' }));
    await expect(readBulkFile(before)).rejects.toThrow();
    // A folder name that is not the board's says which folders there are.
    const elsewhere = configuredByOperator('ca-md', (s) => ({
      ...s,
      boxFolder: { ...(s.boxFolder as object), folderPrefix: 'MedicalBoardOfCalifornia' },
    }));
    await expect(readBulkFile(elsewhere)).rejects.toThrow(
      /no folder of Box folder 66089580694 starts with 'MedicalBoardOfCalifornia'; its folders are 'AutomotiveRepair_1310'/,
    );
  });

  it("Florida: signed in to the portal with the operator's account, one file of every profession, the rank prefix restored", async () => {
    const account: Record<string, string> = {
      FLORIDA_MQA_USERNAME: FLORIDA_SIM_ACCOUNT.username,
      FLORIDA_MQA_PASSWORD: FLORIDA_SIM_ACCOUNT.password,
    };
    const signedIn = { readVariable: (name: string) => account[name] };
    for (const id of ['fl-md', 'fl-do']) {
      const real = loadBoardConfig({}).boards.find((b) => b.id === id) as Board;
      // Without the account the board is off and says what to set; with it, it is read in bulk.
      expect(describeBoardMethod(real, () => undefined)).toMatchObject({
        method: 'off',
        operatorNote:
          "The board's download needs an account (https://data-download.mqa.flhealthsource.gov); set FLORIDA_MQA_USERNAME and FLORIDA_MQA_PASSWORD.",
      });
      expect(describeBoardMethod(real, signedIn.readVariable)).toMatchObject({ method: 'bulk', detail: null });
      const board = configuredByOperator(id, (s) => s);
      const { records } = await readBulkFile(board, signedIn);
      await expectEveryPhysician(board, signedIn);
      for (const r of records) expect(r.licenseNumber).toMatch(id === 'fl-md' ? /^ME\d+$/ : /^OS\d+$/);
      if (id === 'fl-md') expect(records.some((r) => r.suffix === '"DE')).toBe(true);
      expect(records.some((r) => r.discipline === 'N' || r.discipline === 'Y')).toBe(false);
    }
    const board = configuredByOperator('fl-md', (s) => s);
    // No account, or one the portal refuses: the read fails saying so, and never reads as an empty board.
    await expect(readBulkFile(board, { readVariable: () => undefined })).rejects.toThrow(
      'fl-md: the download needs an account; set FLORIDA_MQA_USERNAME and FLORIDA_MQA_PASSWORD',
    );
    const refused = readBulkFile(board, {
      readVariable: (name) => (name === 'FLORIDA_MQA_PASSWORD' ? 'wrong' : account[name]),
    });
    await expect(refused).rejects.toThrow(
      /the portal's sign-in refused the account: "The username or password provided/,
    );
    // The file's address without the sign-in sends the client to the portal's sign-in page, not to a file.
    const anonymous = configuredByOperator('fl-md', (s) => ({ ...s, account: undefined }));
    await expect(readBulkFile(anonymous)).rejects.toThrow(/HTML page where a bulk file was expected/);
    // Health asks the way in without signing in, every few minutes.
    expect(await createSource(board, { readVariable: () => undefined }).health()).toMatchObject({ ok: true });
    // The configuration before the evidence named columns the file does not have.
    const before = configuredByOperator('fl-md', (s) => ({
      ...s,
      columns: {
        licenseNumber: 'LICENSE_NUMBER',
        lastName: 'LAST_NAME',
        firstName: 'FIRST_NAME',
        licenseType: 'PROFESSION',
        status: 'STATUS',
        expiryDate: 'EXPIRATION_DATE',
      },
      licenseTypes: { 'MEDICAL DOCTOR': 'MD', 'OSTEOPATHIC PHYSICIAN': 'DO' },
      licenseNumberPrefix: undefined,
    }));
    await expect(readBulkFile(before, signedIn)).rejects.toThrow(/LICENSE_NUMBER/);
  });

  it('Texas: the middle initial in the first-name cell, foreign degrees as MD, no discipline for NONE', async () => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'tx-med') as Board;
    const { records } = await readBulkFile(board);
    expect(records.every((r) => !/\s/.test(r.firstName))).toBe(true);
    expect(records.some((r) => r.middleName !== null)).toBe(true);
    expect(records.every((r) => r.licenseType === 'MD' || r.licenseType === 'DO')).toBe(true);
    expect(records.some((r) => r.discipline === 'NONE')).toBe(false);
  });

  it('Maryland: the header below the title line, the middle initial out of the first name, Y/N discipline', async () => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'md-med') as Board;
    const { records } = await readBulkFile(board);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.licenseType === null && !/\s/.test(r.firstName))).toBe(true);
    expect(records.every((r) => r.status === 'active' || r.status === 'probation')).toBe(true);
    expect(records.some((r) => r.discipline === 'N' || r.discipline === 'Y')).toBe(false);
    for (const r of records) expect(r.licenseNumber).toMatch(/^D\d{7}$/);
  });

  it('Colorado: the published digits get the DR. prefix the rest of the world uses', async () => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'co-med') as Board;
    const { records } = await readBulkFile(board);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.licenseNumber).toMatch(/^DR\.\d{7}$/);
  });

  it('Colorado: a licence repeated once per disciplinary case is one licence, its cases joined', async () => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'co-med') as Board;
    const { records } = await readBulkFile(board);
    const twice = records.filter((r) => r.discipline?.endsWith(`; ${CO_EARLIER_CASE}`));
    expect(twice.length).toBeGreaterThan(0);
    expect(new Set(records.map((r) => r.licenseNumber)).size).toBe(records.length);
    // Read row by row, the same licences come out once per case.
    const rowByRow = await readBulkFile(changed('co-med', (s) => ({ ...s, rowPerCase: false })));
    expect(rowByRow.records.length).toBe(records.length + twice.length);
    // A search answers the licence once too.
    const one = twice[0] as SourceRecord;
    const found = await createSource(board).search({ licenseNumber: (one.licenseNumber ?? '').replace(/^DR\.0*/, '') });
    expect(found.ok && found.value.map((r) => r.discipline)).toEqual([one.discipline]);
  });

  it("Alabama: the bulk file is the answer to its page's form posted back; its physician assistants are left out", async () => {
    const board = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'al-med') as Board;
    expect(board.source).toMatchObject({ kind: 'delimited-file', postBack: {}, activeOnly: true });
    const { records } = await readBulkFile(board);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) {
      expect(r.licenseNumber).toMatch(/^(MD|DO)\.\d{5}$/);
      expect(r.licenseType, r.licenseNumber ?? '').toBe(r.licenseNumber?.slice(0, 2));
    }
    expect(records.some((r) => r.middleName !== null)).toBe(true);
    expect(records.some((r) => r.discipline === 'No' || r.discipline === 'Yes')).toBe(false);
    expect((await createSource(board).health()).ok).toBe(true);
    // The file holds the board's physician assistants too: read as errors when unknown types are.
    const strict = await readBulkFile(changed('al-med', (s) => ({ ...s, unknownLicenseType: 'error' })));
    expect(strict.records).toHaveLength(records.length);
    expect(strict.errors.length).toBeGreaterThan(0);
    for (const error of strict.errors) expect(error).toMatch(/'PA'/);
  });

  it('Alabama: without the post-back, or with another button pressed, the read fails saying so', async () => {
    // The address is a page: asked for as a file, it is refused as one.
    const asFile = changed('al-med', (s) => ({ ...s, postBack: undefined }));
    await expect(readBulkFile(asFile)).rejects.toThrow('answered an HTML page where a bulk file was expected');
    // The page's other button answers with the page again, as WebForms does to a post-back it refuses.
    const reset = changed('al-med', (s) => ({ ...s, postBack: { submit: 'ctl00$MainContent$btnReset' } }));
    await expect(readBulkFile(reset)).rejects.toThrow(
      /^al-med: the form of http:\/\/[^ ]+\/sites\/dashboard\.albme\.gov\/Verification\/roster\.aspx, posted back, was answered with a page, not the bulk file/,
    );
    const missing = changed('al-med', (s) => ({ ...s, postBack: { submit: 'ctl00$MainContent$btnExport' } }));
    await expect(readBulkFile(missing)).rejects.toThrow("has no submit button named 'ctl00$MainContent$btnExport'");
    expect(await createSource(missing).health()).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
  });

  it('what the evidence contradicted fails the read instead of passing for an empty board', async () => {
    const waDo = changed('wa-do', (s) => ({
      ...s,
      licenseTypes: { 'Physician And Surgeon License': 'MD', 'Osteopathic Physician And Surgeon License': 'DO' },
      where: { DO: "credentialtype='Osteopathic Physician And Surgeon License'" },
    }));
    await expect(readBulkFile(waDo)).rejects.toThrow(
      "wa-do: dataset qxh8-f4bd where credentialtype='Osteopathic Physician And Surgeon License' held no rows at all",
    );
    const co = changed('co-med', (s) => ({
      ...s,
      licenseTypes: { Physician: 'MD', 'Osteopathic Physician': 'DO' },
      where: { MD: "licensetype='Physician'", DO: "licensetype='Osteopathic Physician'" },
    }));
    await expect(readBulkFile(co)).rejects.toThrow('held no rows at all');
    // Without a filter, the failure names the type values the list holds: what the operator must map.
    const coUnfiltered = changed('co-med', (s) => ({
      ...s,
      licenseTypes: { Physician: 'MD', 'Osteopathic Physician': 'DO' },
      where: undefined,
    }));
    await expect(readBulkFile(coUnfiltered)).rejects.toThrow(
      /none of the \d+ rows of dataset 7s5z-vewr is of this board's license types; the list's types were 'DR' \(\d+\)/,
    );
  });

  it('a name search compares as the portal does: mixed-case names are found only through upper()', async () => {
    const person = truth.find((p) =>
      p.licenses.some((l) => l.boardId === 'co-med' && l.licenseNumber),
    ) as GroundTruthPerson;
    const license = person.licenses.find((l) => l.boardId === 'co-med') as GroundTruthPerson['licenses'][number];
    const query = { lastName: person.lastName, firstName: person.firstName, licenseType: license.licenseType };
    const real = loadBoardConfig({ simUrl: sim.url }).boards.find((b) => b.id === 'co-med') as Board;
    const found = await createSource(real).search(query);
    expect(found.ok && found.value.map((r) => r.licenseNumber)).toContain(license.licenseNumber);
    const asUpper = changed('co-med', (s) => ({ ...s, searchCase: 'upper' }));
    const missed = await createSource(asUpper).search(query);
    expect(missed.ok && missed.value).toEqual([]);
  });
});

describe('real bulk layouts: Delaware, its actions joined', () => {
  // A licence under discipline is rare: the shared population holds no Delaware one, a larger one does.
  let de: BoardSimulator;
  beforeAll(async () => {
    de = await startBoardSimulator({ port: 0, size: 12_000 });
  });
  afterAll(() => de.close());

  it("Delaware: the actions dataset's start and text become the licence's discipline, read whole or searched", async () => {
    const board = loadBoardConfig({ simUrl: de.url }).boards.find((b) => b.id === 'de-med') as Board;
    const { records } = await readBulkFile(board);
    // What the board publishes of each licence, its discipline and renewal among it (not in the ground truth).
    const licenses = new Map(
      [...de.population.people()]
        .flatMap((p) => p.licenses.filter((l) => l.boardId === 'de-med' && l.licenseNumber))
        .map((l) => [l.licenseNumber, l]),
    );
    const disciplined = records.filter((r) => licenses.get(r.licenseNumber)?.discipline);
    expect(disciplined.length).toBeGreaterThan(0);
    for (const r of records) {
      const l = licenses.get(r.licenseNumber);
      expect(r.discipline, r.licenseNumber ?? '').toBe(l?.discipline ? `${l.renewalDate}: ${l.discipline}` : null);
    }
    const one = disciplined[0] as SourceRecord;
    const found = await createSource(board).search({ licenseNumber: one.licenseNumber as string });
    expect(found.ok && found.value.map((r) => r.discipline)).toEqual([one.discipline]);
  });
});

describe('real bulk layouts: Missouri, once an operator gives the file', () => {
  // The shared population holds no Missouri DO and no Missouri license on probation: a larger one does.
  let mo: BoardSimulator;
  let moTruth: GroundTruthPerson[];
  beforeAll(async () => {
    ({ sim: mo, truth: moTruth } = await startSimulatorWithTruth(3000));
  });
  afterAll(() => mo.close());

  /** mo-med's real configuration with what an operator's override changes: offUntil removed, and `more`. */
  const given = (more: Record<string, unknown> = {}) =>
    configuredByOperator('mo-med', (s) => ({ ...s, offUntil: undefined, ...more }), mo.url);

  /** The board's active licenses in the ground truth, by number. */
  const listed = () =>
    new Map(
      moTruth.flatMap((p) =>
        p.licenses
          .filter(
            (l) => l.boardId === 'mo-med' && l.licenseNumber && (l.status === 'active' || l.status === 'probation'),
          )
          .map((l) => [l.licenseNumber as string, { person: p, license: l }] as const),
      ),
    );

  it('MED.ZIP holds the MDs and OPS.ZIP the DOs: both read as one list, every active physician exactly, nothing else', async () => {
    expect(loadBoardConfig({}).boards.find((b) => b.id === 'mo-med')?.source).toMatchObject({
      url: 'https://pr.mo.gov/downloadables/MED.ZIP',
      zip: { entry: 'MED.TXT' },
      moreFiles: [{ url: 'https://pr.mo.gov/downloadables/OPS.ZIP', zipEntry: 'OPS.TXT' }],
      offUntil: expect.any(String),
    });
    const expected = listed();
    const { records: read, errors } = await readBulkFile(given());
    expect(errors).toEqual([]);
    // One iteration: MED.ZIP's MDs, then OPS.ZIP's DOs.
    const types = read.map((r) => r.licenseType);
    const firstDo = types.indexOf('DO');
    expect(firstDo).toBeGreaterThan(0);
    expect(types.slice(0, firstDo).every((t) => t === 'MD')).toBe(true);
    expect(types.slice(firstDo).every((t) => t === 'DO')).toBe(true);
    expect(read.length).toBe(expected.size);
    for (const record of read) {
      const number = record.licenseNumber ?? '';
      const want = expected.get(number);
      expect(want, number).toBeDefined();
      if (!want) continue;
      // A Latin-1 file holds a name outside Latin-1 without its accents ('Ondřej' as 'Ondrej').
      expect(record.firstName, number).toBe(latin1Text(want.person.firstName));
      expect(record.expiryDate, number).toBe(want.license.expiryDate);
      expect(record.licenseType, number).toBe(want.license.licenseType);
      // The list's one status word is 'Active': a license on probation is active there, its discipline flagged.
      expect([record.status, record.rawStatus], number).toEqual(['active', 'Active']);
      if (want.license.status === 'probation') expect(record.discipline, number).toMatch(/^Disciplinary action: /);
    }
    expect([...expected.values()].some((e) => e.license.status === 'probation')).toBe(true);
    expect(read.some((r) => /[À-ÿ]/.test(`${r.firstName}${r.lastName}`))).toBe(true);
  });

  it('what the evidence contradicted reads nothing: type strings, US dates, UTF-8', async () => {
    const before = given({
      licenseTypes: { 'PHYSICIAN AND SURGEON (MD)': 'MD', 'PHYSICIAN AND SURGEON (DO)': 'DO' },
      dateFormat: 'mm/dd/yyyy',
      encoding: undefined,
      zip: {},
    });
    await expect(readBulkFile(before)).rejects.toThrow(
      /^mo-med: none of the \d+ rows of the bulk file MED\.ZIP is of this board's license types; the list's types were 'MED' \(\d+\)$/,
    );
    // Each on its own: US dates refuse every row, UTF-8 mangles the accented names.
    const usDates = await readBulkFile(given({ dateFormat: 'mm/dd/yyyy' }));
    expect(usDates.records).toEqual([]);
    expect(usDates.errors.length).toBeGreaterThan(0);
    for (const error of usDates.errors) expect(error).toMatch(/^invalid issue date '\d{4}-\d{2}-\d{2} 00:00:00'$/);
    const utf8 = await readBulkFile(given({ encoding: undefined }));
    expect(utf8.records.some((r) => `${r.firstName}${r.lastName}`.includes('\uFFFD'))).toBe(true);
  });

  it("each file must hold rows of the board's: OPS.ZIP read under a code that is not its own fails, naming it", async () => {
    await expect(readBulkFile(given({ licenseTypes: { MED: 'MD' } }))).rejects.toThrow(
      /^mo-med: none of the \d+ rows of the bulk file OPS\.ZIP is of this board's license types; the list's types were 'OPS' \(\d+\)$/,
    );
  });

  it("a copy of MED.ZIP or OPS.ZIP a person downloaded reads with the board's own reading (Board lists)", async () => {
    const source = createSource(given());
    if (!(source instanceof DelimitedFileSource)) throw new Error('mo-med reads a file');
    const expected = listed();
    let total = 0;
    for (const [code, type] of [
      ['MED', 'MD'],
      ['OPS', 'DO'],
    ] as const) {
      const file = new Uint8Array(
        await (await fetch(`${mo.url}/sites/pr.mo.gov/downloadables/${code}.ZIP`)).arrayBuffer(),
      );
      const records: SourceRecord[] = [];
      for await (const item of source.readBulkFile(
        (async function* () {
          yield file;
        })(),
      )) {
        expect('error' in item ? item.error.reason : '', code).toBe('');
        if ('record' in item) records.push(item.record);
      }
      expect(records.length, code).toBe([...expected.values()].filter((e) => e.license.licenseType === type).length);
      for (const r of records) expect(r.licenseType, r.licenseNumber ?? '').toBe(type);
      total += records.length;
    }
    expect(total).toBe(expected.size);
  });
});

describe('real bulk layouts: West Virginia, its workbook found by its link on the Rosters page', () => {
  // The shared population holds no West Virginia license on probation: a larger one does.
  let wv: BoardSimulator;
  let wvTruth: GroundTruthPerson[];
  beforeAll(async () => {
    ({ sim: wv, truth: wvTruth } = await startSimulatorWithTruth(6000));
  });
  afterAll(() => wv.close());

  // The simulator's name for the workbook the Rosters page links (its real address is not known).
  const WORKBOOK = 'https://wvbom.wv.gov/rosters/roster-of-medical-doctors.xlsx';
  /** wv-md's real configuration, read from this test's simulator, with `more` changed. */
  const given = (more: Record<string, unknown> = {}) =>
    configuredByOperator('wv-md', (s) => ({ ...s, ...more }), wv.url);

  it('the Licenses sheet only, its Excel dates read, every current full license exactly', async () => {
    expect(loadBoardConfig({}).boards.find((b) => b.id === 'wv-md')?.source).toMatchObject({
      url: 'https://wvbom.wv.gov/Rosters.asp',
      link: { text: 'Roster of Medical Doctors' },
      workbook: { sheet: 'Licenses' },
    });
    expect(loadBoardConfig({}).boards.find((b) => b.id === 'wv-md')?.source).not.toHaveProperty('offUntil');
    const expected = new Map(
      wvTruth.flatMap((p) =>
        p.licenses
          .filter(
            (l) => l.boardId === 'wv-md' && l.licenseNumber && (l.status === 'active' || l.status === 'probation'),
          )
          .map((l) => [l.licenseNumber as string, { person: p, license: l }] as const),
      ),
    );
    const { records, errors } = await readBulkFile(given());
    expect(errors).toEqual([]);
    // The other five sheets' rows (special and temporary licenses, permits, registrations) are not read.
    expect(records.length).toBe(expected.size);
    for (const record of records) {
      const number = record.licenseNumber ?? '';
      const want = expected.get(number);
      expect(want, number).toBeDefined();
      if (!want) continue;
      expect([record.firstName, record.suffix], number).toEqual([want.person.firstName, want.person.suffix]);
      expect(record.expiryDate, number).toBe(want.license.expiryDate);
      expect(record.licenseType, number).toBe('MD');
      // No status column: a license in the workbook is in force, probation included (it cannot say).
      expect([record.status, record.rawStatus], number).toEqual(['active', 'Active']);
    }
    expect([...expected.values()].some((e) => e.license.status === 'probation')).toBe(true);
    expect(records.filter((r) => r.expiryDate !== null).length).toBeGreaterThan(records.length / 2);
  });

  it('what the evidence contradicted reads nothing: the look-up form, a header on the first row', async () => {
    const person = wvTruth.find((p) => p.licenses.some((l) => l.boardId === 'wv-md' && l.status === 'active'));
    const lookUp = boardSchema.parse({
      ...(BOARDS.find((b) => b.id === 'wv-md') as BoardInput),
      source: genericLookupSource(simulatedUrl(WORKBOOK, wv.url), { method: 'POST', fixedLicenseType: 'MD' }),
    });
    // Sent where the bulk file is, the form's search fails rather than reading as "nobody found".
    for (const method of ['POST', 'GET'] as const) {
      const form = boardSchema.parse({ ...lookUp, source: { ...lookUp.source, method } });
      const query = {
        lastName: person?.lastName ?? '',
        firstName: person?.firstName ?? '',
        licenseType: 'MD' as const,
      };
      expect((await createSource(form).search(query)).ok, method).toBe(false);
    }
    // PSV reads the header from the second row: the first is the sheet's title.
    await expect(readBulkFile(given({ headerStartsWith: undefined }))).rejects.toThrow(
      "wv-md: the bulk file's header lacks 'License Number', 'Last Name', 'First Name'",
    );
  });

  it("a Rosters page without the link fails the read naming the page's links; an operator may still give the workbook's address", async () => {
    await expect(readBulkFile(given({ link: { text: 'Roster of Osteopathic Physicians' } }))).rejects.toThrow(
      /links no file by the text 'Roster of Osteopathic Physicians'; its links read 'Roster of Physician Assistants', 'Roster of Medical Doctors'/,
    );
    const direct = await readBulkFile(given({ url: WORKBOOK, link: undefined }));
    const followed = await readBulkFile(given());
    expect(direct.records.length).toBe(followed.records.length);
    expect(await createSource(given()).health()).toMatchObject({ ok: true });
  });
});
