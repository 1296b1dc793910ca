import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NppesResult, nppesResult } from './nppes-route.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 21, size: 3000, today: '2025-06-01' });
});
afterAll(() => sim.close());

type NppesBody = { result_count: number; results: NppesResult[]; Errors: { description: string; field: string }[] };

async function nppes(params: Record<string, string>): Promise<{ status: number; body: NppesBody }> {
  const res = await fetch(`${sim.url}/nppes/api/?${new URLSearchParams(params)}`);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return { status: res.status, body: (await res.json()) as NppesBody };
}

describe('nppes', () => {
  it('finds a physician by NPI with the contract’s fields', async () => {
    const person = sim.population.person(17);
    const { status, body } = await nppes({ version: '2.1', number: person.npi });
    expect(status).toBe(200);
    expect(body.result_count).toBe(1);
    const result = body.results[0] as NppesResult;
    expect(result.number).toBe(person.npi);
    expect(result.basic.first_name).toBe(person.firstName.toUpperCase());
    expect(result.basic.last_name).toBe(person.lastName.toUpperCase());
    expect(result.basic.credential).toBe(person.licenseType);
    expect(result.taxonomies.filter((t) => t.primary)).toHaveLength(1);
    expect(result.taxonomies[0]).toMatchObject({ state: person.homeState, primary: true, code: person.taxonomy.code });
    for (const t of result.taxonomies) {
      expect(Object.keys(t).sort()).toEqual(['code', 'desc', 'license', 'primary', 'state']);
      expect(person.licenses.map((l) => l.jurisdiction)).toContain(t.state);
    }
    expect(person.npi).toMatch(/^1\d{9}$/);
  });

  it('searches by name, exact or with a trailing wildcard, with limit and skip', async () => {
    const smiths = [...sim.population.people()].filter((p) => p.lastName === 'Smith');
    expect(smiths.length).toBeGreaterThan(4);
    const all = await nppes({ version: '2.1', last_name: 'smith', limit: '200' });
    expect(all.body.result_count).toBe(smiths.length);
    expect(all.body.results.map((r) => r.number)).toEqual(smiths.map((p) => p.npi));

    const page = await nppes({ version: '2.1', last_name: 'SMITH', limit: '2', skip: '2' });
    expect(page.body.results).toEqual(all.body.results.slice(2, 4));
    expect(page.body.result_count).toBe(2);

    const wildcard = await nppes({ version: '2.1', last_name: 'smi*', limit: '200' });
    expect(wildcard.body.result_count).toBeGreaterThanOrEqual(smiths.length);

    const first = smiths[0]?.firstName as string;
    const named = await nppes({ version: '2.1', last_name: 'Smith', first_name: first });
    expect(named.body.results.every((r) => r.basic.first_name === first.toUpperCase())).toBe(true);

    const state = smiths[0]?.homeState as string;
    const inState = await nppes({ version: '2.1', last_name: 'Smith', state, limit: '200' });
    // `state` keeps people licensed there (the self-reported taxonomies may leave a state out).
    const licensedThere = (r: NppesResult) =>
      sim.population.findByNpi(r.number)?.licenses.some((l) => l.jurisdiction === state) ?? false;
    expect(inState.body.results.every(licensedThere)).toBe(true);
    expect(inState.body.results.map((r) => r.number)).toContain(smiths[0]?.npi);
  });

  it('writes "--" for an absent name prefix and suffix in about one answer in six, as the real registry does', () => {
    // 226 of 1,311 real individual answers carry name_suffix "--" (BOARDS.md §5.3).
    const results = Array.from({ length: 600 }, (_, i) => nppesResult(sim.population.person(i), sim.population.seed));
    const placeholders = results.filter((r) => r.basic.name_suffix === '--');
    expect(placeholders.length / results.length).toBeGreaterThan(0.1);
    expect(placeholders.length / results.length).toBeLessThan(0.25);
    expect(placeholders.every((r) => r.basic.name_prefix === '--')).toBe(true);
    expect(results.filter((r) => r.basic.name_suffix !== '--').every((r) => !('name_suffix' in r.basic))).toBe(true);
  });

  it('answers 400 with Errors for invalid requests', async () => {
    const cases: Record<string, string>[] = [
      { last_name: 'smith' }, // no version
      { version: '2.0', last_name: 'smith' },
      { version: '2.1', last_name: 'smith', limit: '201' },
      { version: '2.1', last_name: 'smith', limit: '0' },
      { version: '2.1', last_name: 'smith', skip: '1001' },
      { version: '2.1', number: '123' },
      { version: '2.1' },
      { version: '2.1', state: 'CA' },
      { version: '2.1', last_name: 's*' },
      { version: '2.1', last_name: 'smith', state: 'XX' },
    ];
    for (const params of cases) {
      const { status, body } = await nppes(params);
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body.Errors.length).toBeGreaterThan(0);
    }
    const edge = await nppes({ version: '2.1', last_name: 'smith', limit: '200', skip: '1000' });
    expect(edge.status).toBe(200);
    expect(edge.body).toEqual({ result_count: 0, results: [] });
  });
});
