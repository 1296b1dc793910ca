import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BoardSimulator, startBoardSimulator } from '../server.ts';
import { parseSoqlWhere } from './socrata-sites.ts';

let sim: BoardSimulator;
beforeAll(async () => {
  sim = await startBoardSimulator({ port: 0, size: 600 });
});
afterAll(() => sim.close());

const rows = async (path: string) => {
  const res = await fetch(`${sim.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Record<string, string>[];
};

describe('real Socrata layouts under /sites', () => {
  it('parses the SoQL the connectors send, and refuses the rest', () => {
    expect(parseSoqlWhere("upper(lastname)='O''NEILL' AND licensetype='DR'")).toEqual([
      { field: 'lastname', value: "O'NEILL", upper: true },
      { field: 'licensetype', value: 'DR', upper: false },
    ]);
    expect(parseSoqlWhere("lastname like 'A%'")).toEqual(expect.stringContaining('expected'));
  });

  it('holds other professions beside the physicians, told apart only by the real filter', async () => {
    const all = await rows('/sites/data.texas.gov/resource/tm3v-pfq9.json?$limit=5000');
    const types = new Set(all.map((r) => r.license_type));
    expect(types.has('Physician License')).toBe(true);
    expect(types.size).toBeGreaterThan(1);
    const physicians = await rows(
      `/sites/data.texas.gov/resource/tm3v-pfq9.json?$limit=5000&$where=${encodeURIComponent("license_type='Physician License'")}`,
    );
    expect(physicians.length).toBe(all.filter((r) => r.license_type === 'Physician License').length);
  });

  it('compares text exactly: a mixed-case surname is found by upper() only', async () => {
    const [first] = await rows('/sites/data.colorado.gov/resource/7s5z-vewr.json?$limit=1');
    const name = first?.lastname as string;
    expect(name).not.toBe(name.toUpperCase());
    const where = (w: string) => `/sites/data.colorado.gov/resource/7s5z-vewr.json?$where=${encodeURIComponent(w)}`;
    expect(await rows(where(`lastname='${name.toUpperCase()}'`))).toEqual([]);
    expect((await rows(where(`upper(lastname)='${name.toUpperCase()}'`))).length).toBeGreaterThan(0);
  });

  it('answers an unknown column with a Socrata error and an unknown dataset with 404', async () => {
    const bad = await fetch(
      `${sim.url}/sites/data.wa.gov/resource/qxh8-f4bd.json?$where=${encodeURIComponent("nope='x'")}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'query.soql.no-such-column', error: true });
    expect((await fetch(`${sim.url}/sites/data.wa.gov/resource/zzzz-zzzz.json`)).status).toBe(404);
  });
});
