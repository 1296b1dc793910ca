import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../platform/env.ts';
import { askNppesRegistry } from './ask-nppes-registry.ts';
import { type FixtureServer, sendJson, startFixtureServer } from './fixture-server.ts';

// The real NPPES answers in fixtures/nppes (README there), served by NPI as the registry would.
const real = (npi: string) =>
  JSON.parse(readFileSync(new URL(`./sources/fixtures/nppes/${npi}.json`, import.meta.url), 'utf8'));

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer((_req, res, url) => {
    const npi = url.searchParams.get('number') ?? '';
    if (npi === '1043507148-with-licenses') {
      // A `licenses` array is not part of NPPES's answer (none of 1,334 real ones has it): never read.
      const answer = real('1043507148');
      answer.results[0].licenses = [{ state: 'TX', license: 'Q1234' }];
      return sendJson(res, answer);
    }
    if (npi === 'no-credential') {
      // 1124768676 with more licenses: `ME` (MD in Florida) beside `OS` (DO) disagree; `taxonomies` is replaced.
      const answer = real('1124768676');
      answer.results[0].taxonomies = JSON.parse(url.searchParams.get('taxonomies') ?? '[]');
      return sendJson(res, answer);
    }
    sendJson(res, real(npi));
  });
});
afterAll(() => server.close());

const ask = (number: string, extra: Record<string, string> = {}) =>
  askNppesRegistry(parseEnv({ NODE_ENV: 'test', NPPES_API_URL: `${server.url}/api/` }), { number, ...extra });

describe('askNppesRegistry on real NPPES answers (BOARDS.md §5.3)', () => {
  it('reads the physician, the type from the credential and the states of the taxonomies', async () => {
    expect(await ask('1003892548')).toEqual([
      {
        npi: '1003892548',
        first_name: 'Khai',
        middle_name: 'C',
        last_name: 'Truong',
        license_type: 'MD',
        states: ['KY'],
      },
    ]);
    expect(await ask('1043507148')).toEqual([
      expect.objectContaining({ npi: '1043507148', license_type: 'MD', middle_name: null, states: ['KS', 'MO'] }),
    ]);
    expect(server.requests[0]?.url.searchParams.get('version')).toBe('2.1');
  });

  it('types a physician without a credential from the license number: Florida OS22553 is DO', async () => {
    expect(await ask('1124768676')).toEqual([
      expect.objectContaining({ npi: '1124768676', last_name: 'Samaroo-Wilson', license_type: 'DO', states: ['FL'] }),
    ]);
  });

  it('without a credential, needs the numbers that tell a type to agree, and leaves the physician out otherwise', async () => {
    const withTaxonomies = (taxonomies: object[]) => ask('no-credential', { taxonomies: JSON.stringify(taxonomies) });
    const fl = (license: string) => ({ code: '207Q00000X', state: 'FL', license });
    const co = { code: '207Q00000X', state: 'CO', license: 'DR.0035255' };
    expect(await withTaxonomies([fl('ME166695'), co])).toEqual([
      expect.objectContaining({ license_type: 'MD', states: ['CO', 'FL'] }),
    ]);
    expect(await withTaxonomies([fl('ME166695'), fl('OS22553')])).toEqual([]);
    // No number that tells, or a non-physician taxonomy: untyped, left out rather than guessed.
    expect(await withTaxonomies([co])).toEqual([]);
    expect(await withTaxonomies([{ code: '363L00000X', state: 'FL', license: 'OS22553' }])).toEqual([]);
  });

  it('leaves out a territory and a taxonomy without a state', async () => {
    expect(await ask('1053748822')).toEqual([expect.objectContaining({ license_type: 'DO', states: ['OH'] })]);
    expect(await ask('1154825289')).toEqual([expect.objectContaining({ license_type: 'DO', states: ['FL'] })]);
  });

  it('finds nobody in an organisation’s answer or an empty one', async () => {
    expect(await ask('1083827828')).toEqual([]);
    expect(await ask('1109385009')).toEqual([]);
  });

  it('reads no `licenses` field: the states come from the taxonomies only', async () => {
    expect(await ask('1043507148-with-licenses')).toEqual([expect.objectContaining({ states: ['KS', 'MO'] })]);
  });
});
