import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from './server.ts';
import { parseWhere } from './socrata-route.ts';

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 3, size: 800, today: '2025-06-01' });
});
afterAll(() => sim.close());

const WA = '/socrata/wa-md/resource/qxh8-f4bd.json';
const CO = '/socrata/co-med/resource/7s5z-vewr.json';

async function rows(path: string, params: Record<string, string> = {}): Promise<Record<string, string>[]> {
  const res = await fetch(`${sim.url}${path}?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  return (await res.json()) as Record<string, string>[];
}

const status = async (path: string, params: Record<string, string>) =>
  (await fetch(`${sim.url}${path}?${new URLSearchParams(params)}`)).status;

describe('socrata', () => {
  it('serves Washington MD and DO licenses in one dataset, all values strings, nulls absent', async () => {
    const all = await rows(WA, { $limit: '50000' });
    const expected = [...sim.population.people()].flatMap((p) => p.licenses).filter((l) => l.jurisdiction === 'WA');
    expect(all).toHaveLength(expected.length);
    expect(new Set(all.map((r) => r.credentialtype))).toEqual(
      new Set(['Physician And Surgeon License', 'Osteopathic Physician And Surgeon License']),
    );
    // Both board ids name the same dataset.
    expect(await rows('/socrata/wa-do/resource/qxh8-f4bd.json', { $limit: '50000' })).toEqual(all);
    const allowed = new Set(['ACTIVE', 'EXPIRED', 'SUSPENDED', 'PROBATION', 'REVOKED', 'INACTIVE']);
    for (const row of all) {
      for (const value of Object.values(row)) {
        expect(typeof value).toBe('string');
        expect(value).not.toBe('');
      }
      expect(row.lastname).toBe(row.lastname?.toUpperCase());
      expect(allowed.has(row.status as string)).toBe(true);
      expect(row.firstissuedate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000$/);
      if (row.credentialnumber) expect(row.credentialnumber).toMatch(/^(MD|OP)60\d{6}$/);
      expect(Object.keys(row).every((k) => /^[a-z]+$/.test(k))).toBe(true);
    }
  });

  it('serves Colorado in its own vocabulary', async () => {
    const all = await rows(CO, { $limit: '50000' });
    expect(all.length).toBeGreaterThan(5);
    const allowed = new Set(['Active', 'Expired', 'Suspended', 'Revoked', 'Active - Probation', 'Inactive']);
    for (const row of all) {
      expect(allowed.has(row.licensestatusdescription as string)).toBe(true);
      expect(['Physician', 'Osteopathic Physician']).toContain(row.licensetype);
      if (row.licensenumber)
        // Colorado's physicians, MD and DO alike, hold 'DR' licenses.
        expect(row.licensenumber).toMatch(/^DR\.\d{7}$/);
    }
  });

  it('pages with $limit and $offset in a stable order', async () => {
    const all = await rows(WA, { $limit: '50000' });
    const paged: Record<string, string>[] = [];
    for (let offset = 0; ; offset += 7) {
      const page = await rows(WA, { $limit: '7', $offset: String(offset), $order: 'credentialnumber' });
      paged.push(...page);
      if (page.length < 7) break;
    }
    expect(paged).toEqual(all);
    expect(await rows(WA, { $limit: '0' })).toEqual([]);
    expect(await rows(WA, { $offset: '100000' })).toEqual([]);
    // Default limit is 1000.
    expect(await rows(WA)).toEqual(all.slice(0, 1000));
  });

  it('filters with $where clauses joined by AND, case-insensitively', async () => {
    const all = await rows(WA, { $limit: '50000' });
    const dos = await rows(WA, { $where: "credentialtype='osteopathic physician and surgeon license'" });
    expect(dos).toEqual(all.filter((r) => r.credentialtype === 'Osteopathic Physician And Surgeon License'));
    expect(dos.length).toBeGreaterThan(0);

    const target = all[all.length - 1] as Record<string, string>;
    const both = await rows(WA, {
      $where: `lastname='${target.lastname?.toLowerCase().replaceAll("'", "''")}' AND firstname = '${target.firstname?.replaceAll("'", "''")}'`,
    });
    expect(both).toContainEqual(target);
    expect(both.every((r) => r.lastname === target.lastname && r.firstname === target.firstname)).toBe(true);

    const paged = await rows(WA, { $where: "status='ACTIVE'", $limit: '3', $offset: '2' });
    expect(paged).toEqual(all.filter((r) => r.status === 'ACTIVE').slice(2, 5));
    expect(await rows(WA, { status: 'active', $limit: '3', $offset: '2' })).toEqual(paged);
  });

  it('parses quotes in $where values', () => {
    expect(parseWhere("lastname='O''BRIEN' and firstname='ANN'")).toEqual([
      { field: 'lastname', value: "O'BRIEN" },
      { field: 'firstname', value: 'ANN' },
    ]);
    expect(typeof parseWhere('lastname=SMITH')).toBe('string');
    expect(typeof parseWhere("lastname='SMITH' OR firstname='A'")).toBe('string');
  });

  it('answers 400 for bad queries and 404 for an unknown dataset', async () => {
    expect(await status(WA, { $limit: '50001' })).toBe(400);
    expect(await status(WA, { $limit: '-1' })).toBe(400);
    expect(await status(WA, { $offset: 'x' })).toBe(400);
    expect(await status(WA, { $where: "nosuchcolumn='x'" })).toBe(400);
    expect(await status(WA, { $where: 'lastname=' })).toBe(400);
    expect(await status('/socrata/co-med/resource/qxh8-f4bd.json', {})).toBe(404);
  });
});
