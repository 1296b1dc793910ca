import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { nppesSourceConfig } from '../config/load-board-config.ts';
import { type FixtureHandler, type FixtureServer, sendHtml, sendJson, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import { createNppesSource } from './create-source.ts';
import { credentialType, licenseNumberType } from './nppes-source.ts';

const PROVIDERS = [
  {
    number: '1234567890',
    basic: { first_name: 'JOHN', last_name: 'SMITH', middle_name: 'ALLEN', credential: 'M.D.' },
    taxonomies: [
      { code: '207R00000X', desc: 'Internal Medicine', state: 'CA', license: 'A123456', primary: true },
      { code: '207RC0000X', desc: 'Cardiovascular Disease', state: 'CA', license: 'A123456', primary: false },
      { code: '207R00000X', desc: 'Internal Medicine', state: 'NV', license: '12345', primary: false },
      { code: '207R00000X', desc: 'Internal Medicine', state: 'PR', license: 'X1', primary: false },
      { code: '207R00000X', desc: 'Internal Medicine', state: 'TX', license: '', primary: false },
    ],
  },
  {
    number: '1234567891',
    basic: { first_name: 'JOHN', last_name: 'SMITH', credential: 'DO, MPH' },
    taxonomies: [{ code: '207Q00000X', desc: 'Family Medicine', state: 'WA', license: 'OP60012345', primary: true }],
  },
  {
    number: '1234567892',
    basic: { first_name: 'JOHN', last_name: 'SMITH', credential: 'NP' },
    taxonomies: [{ code: '363L00000X', desc: 'Nurse Practitioner', state: 'OR', license: 'NP1', primary: true }],
  },
  {
    number: '1234567894',
    basic: { first_name: 'JOHN', last_name: 'SMITH', credential: '' },
    taxonomies: [
      { code: '208600000X', desc: 'Surgery', state: 'ID', license: 'M-1', primary: true },
      { code: '390200000X', desc: 'Student', state: 'UT', license: 'S-1', primary: false },
    ],
  },
  {
    number: '1234567893',
    basic: { organization_name: 'SMITH CLINIC' },
    taxonomies: [{ code: '261Q00000X', state: 'OR', license: null }],
  },
];

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function nppes(handler: FixtureHandler, patch: Record<string, unknown> = {}) {
  await server?.close();
  server = await startFixtureServer(handler);
  const config = { ...nppesSourceConfig({ simUrl: server.url }), retries: 0, ...patch };
  return createNppesSource(config, { gates: createGateRegistry() });
}

const answer: FixtureHandler = (_req, res, url) => {
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const results = PROVIDERS.slice(skip, skip + limit);
  sendJson(res, { result_count: results.length, results });
};

describe('credentialType', () => {
  it('reads MD and DO out of free-text credentials', () => {
    expect(credentialType('M.D.')).toBe('MD');
    expect(credentialType('md, phd')).toBe('MD');
    expect(credentialType('D.O.')).toBe('DO');
    expect(credentialType('MPH/DO')).toBe('DO');
    expect(credentialType('NP')).toBeUndefined();
    expect(credentialType(null)).toBeUndefined();
  });
});

describe('NppesSource', () => {
  it('queries the v2.1 API under /nppes/api/ by name and state', async () => {
    const source = await nppes(answer);
    await source.searchPeople({ firstName: 'John', lastName: 'Smith', state: 'CA' });
    const request = server?.requests[0];
    expect(request?.url.pathname).toBe('/nppes/api/');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      version: '2.1',
      first_name: 'John',
      last_name: 'Smith',
      state: 'CA',
      limit: '200',
    });
  });

  it('maps each claimed state license to a record of what NPPES says: no status, no dates', async () => {
    const source = await nppes(answer);
    const result = await source.searchPeople({ firstName: 'John', lastName: 'Smith' });
    expect(result.ok && result.value).toEqual([
      {
        jurisdiction: 'CA',
        boardId: 'nppes',
        licenseType: 'MD',
        licenseNumber: 'A123456',
        firstName: 'JOHN',
        middleName: 'ALLEN',
        lastName: 'SMITH',
        suffix: null,
        rawStatus: null,
        status: 'unknown',
        issueDate: null,
        expiryDate: null,
        discipline: null,
      },
      expect.objectContaining({ jurisdiction: 'NV', licenseNumber: '12345', licenseType: 'MD' }),
      expect.objectContaining({ jurisdiction: 'TX', licenseNumber: null, licenseType: 'MD' }),
      expect.objectContaining({ jurisdiction: 'WA', licenseNumber: 'OP60012345', licenseType: 'DO' }),
    ]);
  });

  it('search() keeps the asked license type and cannot search by state license number', async () => {
    const source = await nppes(answer);
    const dos = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'DO' });
    // The blank-credential surgeon's Idaho number tells neither MD nor DO: left out of both, never
    // typed as whatever was asked; the nurse practitioner never counts.
    expect(dos.ok && dos.value.map((r) => r.jurisdiction)).toEqual(['WA']);
    const mds = await source.search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(mds.ok && mds.value.map((r) => r.jurisdiction)).toEqual(['CA', 'NV', 'TX']);
    expect(await source.search({ licenseNumber: 'A123456' })).toMatchObject({
      ok: false,
      error: { kind: 'unsupported' },
    });
  });

  it('discover() lists the states, numbers and types a physician claims', async () => {
    const source = await nppes(answer);
    expect(await source.discover({ firstName: 'John', lastName: 'Smith' })).toEqual({
      ok: true,
      value: [
        { state: 'CA', licenseNumber: 'A123456', licenseType: 'MD' },
        { state: 'NV', licenseNumber: '12345', licenseType: 'MD' },
        { state: 'TX', licenseNumber: null, licenseType: 'MD' },
        { state: 'WA', licenseNumber: 'OP60012345', licenseType: 'DO' },
      ],
    });
  });

  it('pages with limit and skip while pages come back full', async () => {
    const source = await nppes(answer, { pageSize: 2 });
    const result = await source.discover({ firstName: 'John', lastName: 'Smith' });
    expect(result.ok && result.value).toHaveLength(4);
    expect(server?.requests.map((r) => r.url.searchParams.get('skip'))).toEqual([null, '2', '4']);
    expect(await (await nppes(answer, { pageSize: 2, maxSkip: 2 })).discover({ lastName: 'Smith' })).toMatchObject({
      ok: true,
    });
    expect(server?.requests.map((r) => r.url.searchParams.get('skip'))).toEqual([null, '2']);
  });

  it('reports an NPPES error answer as a parse failure with its description', async () => {
    const source = await nppes((_req, res) =>
      sendJson(res, { Errors: [{ description: 'No valid search criteria provided', field: 'generic', number: '04' }] }),
    );
    const result = await source.discover({ lastName: 'S' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'parse-failure' } });
    if (!result.ok) expect(result.error.message).toContain('No valid search criteria provided');
  });

  it('reports health, and unavailability', async () => {
    expect(await (await nppes(answer)).health()).toMatchObject({ ok: true });
    const down = await nppes((_req, res) => sendHtml(res, '<h1>Maintenance</h1>', 503));
    expect(await down.health()).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 503 } });
  });
});

describe('licenseNumberType', () => {
  it('tells MD from DO by the prefix of the states whose numbers say so, and nothing elsewhere', () => {
    expect(licenseNumberType('FL', 'OS22553')).toBe('DO');
    expect(licenseNumberType('FL', 'ME166695')).toBe('MD');
    expect(licenseNumberType('WA', 'OP60020990')).toBe('DO');
    expect(licenseNumberType('WA', 'MD61149438')).toBe('MD');
    expect(licenseNumberType('PA', 'OS016916')).toBe('DO');
    expect(licenseNumberType('PA', 'md487584')).toBe('MD');
    // DC's MD prefix, Colorado's DR. and plain numbers are not read as a type.
    expect(licenseNumberType('DC', 'MD034767')).toBeUndefined();
    expect(licenseNumberType('CO', 'DR.0035255')).toBeUndefined();
    expect(licenseNumberType('FL', '12345')).toBeUndefined();
    expect(licenseNumberType('FL', null)).toBeUndefined();
  });
});

/** A real NPPES answer (fixtures/nppes, README there), served for whatever is asked. */
const realAnswer =
  (npi: string): FixtureHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(readFileSync(new URL(`./fixtures/nppes/${npi}.json`, import.meta.url)));
  };
const people = async (npi: string) => {
  const result = await (await nppes(realAnswer(npi))).searchPeople({ lastName: 'Any' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('NppesSource on real NPPES answers (BOARDS.md §5.3)', () => {
  it('types a physician without a credential from the license number: Florida OS22553 is DO, never MD', async () => {
    expect(await people('1124768676')).toEqual([
      expect.objectContaining({
        jurisdiction: 'FL',
        licenseType: 'DO',
        licenseNumber: 'OS22553',
        firstName: 'ARIANA',
        lastName: 'SAMAROO-WILSON',
      }),
    ]);
    const source = await nppes(realAnswer('1124768676'));
    expect(await source.search({ firstName: 'Ariana', lastName: 'Samaroo-Wilson', licenseType: 'MD' })).toEqual({
      ok: true,
      value: [],
    });
  });

  it('reads the "--" name placeholder as no suffix', async () => {
    expect(await people('1003892548')).toEqual([
      expect.objectContaining({ jurisdiction: 'KY', licenseType: 'MD', licenseNumber: '39284', suffix: null }),
    ]);
    const myers = await people('1457461048');
    expect(myers.map((r) => [r.jurisdiction, r.licenseType, r.licenseNumber, r.suffix])).toEqual([
      ['CO', 'MD', 'DR.0035255', null],
      ['AK', 'MD', '4471', null],
    ]);
  });

  it('skips a territory, keeps a repeated license once, and never keeps a placeholder number or a stateless taxonomy', async () => {
    expect((await people('1053748822')).map((r) => [r.jurisdiction, r.licenseType, r.licenseNumber])).toEqual([
      ['OH', 'DO', '34.013120'],
    ]);
    expect((await people('1043507148')).map((r) => [r.jurisdiction, r.licenseNumber])).toEqual([
      ['MO', '2014011994'],
      ['KS', '04-37150'],
    ]);
    const patel = await people('1154825289');
    expect(patel.map((r) => [r.jurisdiction, r.licenseType, r.licenseNumber])).toEqual([['FL', 'DO', 'OS21002']]);

    // The same answer with a state on the placeholder: a claimed state, but '000000000' is no number.
    const answer = JSON.parse(readFileSync(new URL('./fixtures/nppes/1154825289.json', import.meta.url), 'utf8'));
    answer.results[0].taxonomies[1].state = 'GA';
    const source = await nppes((_req, res) => sendJson(res, answer));
    const placed = await source.searchPeople({ lastName: 'Patel' });
    expect(placed.ok && placed.value.map((r) => [r.jurisdiction, r.licenseNumber])).toEqual([
      ['FL', 'OS21002'],
      ['GA', null],
    ]);
  });

  it('finds no person in an organisation’s answer or an empty one', async () => {
    expect(await people('1083827828')).toEqual([]);
    expect(await people('1109385009')).toEqual([]);
  });
});
