import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type SimExclusion, simExclusions } from './exclusion-list.ts';
import { LEIE_HEADER, leieLine } from './leie-routes.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';

const TODAY = '2025-06-15';
let sim: BoardSimulator;
let rows: SimExclusion[];

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 13, size: 2000, today: TODAY });
  rows = simExclusions(sim.population);
});
afterAll(() => sim.close());
afterEach(() => fetch(`${sim.url}/_control/faults`, { method: 'DELETE' }));

const get = (path: string, init?: RequestInit) => fetch(`${sim.url}${path}`, init);

/** RFC 4180, strictly: quoted fields with doubled quotes, CRLF after every record. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let i = 0;
  while (i < text.length) {
    let value = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const end = text.indexOf('"', i);
        if (end < 0) throw new Error('unterminated quote');
        value += text.slice(i, end);
        i = end + 1;
        if (text[i] !== '"') break;
        value += '"';
        i++;
      }
    } else {
      const end = text.slice(i).search(/[,\r]/);
      value = end < 0 ? text.slice(i) : text.slice(i, i + end);
      i += value.length;
    }
    fields.push(value);
    if (text[i] === ',') i++;
    else if (text.startsWith('\r\n', i)) {
      records.push(fields);
      fields = [];
      i += 2;
    } else throw new Error(`unexpected ${JSON.stringify(text[i])} at ${i}`);
  }
  return records;
}

async function csv(path: string): Promise<{ header: string; records: string[][] }> {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  const text = await res.text();
  expect(text.startsWith(`${LEIE_HEADER}\r\n`)).toBe(true);
  expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  const [header, ...records] = parseCsv(text);
  return { header: (header as string[]).join(','), records };
}

const COLUMN = Object.fromEntries(LEIE_HEADER.split(',').map((name, i) => [name, i])) as Record<string, number>;
const field = (record: string[], name: string) => record[COLUMN[name] as number];
const compact = (iso: string) => iso.replaceAll('-', '');

describe('leie', () => {
  it('serves UPDATED.csv: the exact header, every listed row quoted as LEIE prints it, no reinstated ones', async () => {
    const { header, records } = await csv('/leie/UPDATED.csv');
    expect(header).toBe(LEIE_HEADER);
    const listed = rows.filter((r) => r.kind !== 'reinstated');
    expect(records).toHaveLength(listed.length);
    expect(records.every((r) => r.length === 18)).toBe(true);
    expect(records.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(','))).toEqual(
      listed.map((r) => leieLine(r)),
    );

    const excluded = rows.find((r) => r.kind === 'excluded' && r.npi !== null) as SimExclusion;
    const record = records.find((r) => field(r, 'NPI') === excluded.npi) as string[];
    expect(field(record, 'LASTNAME')).toBe(excluded.lastName);
    expect(field(record, 'EXCLDATE')).toBe(compact(excluded.exclDate));
    expect(field(record, 'REINDATE')).toBe('00000000');
    expect(field(record, 'WAIVERDATE')).toBe('00000000');
    const noNpi = rows.find((r) => r.kind === 'namesake') as SimExclusion;
    const namesake = records.find(
      (r) => field(r, 'LASTNAME') === noNpi.lastName && field(r, 'MIDNAME') === (noNpi.middleName ?? ''),
    );
    expect(namesake && field(namesake, 'NPI')).toBe('0000000000');
    for (const r of records) {
      expect(field(r, 'NPI')).toMatch(/^\d{10}$/);
      expect(field(r, 'EXCLDATE')).toMatch(/^20\d{6}$/);
      expect(field(r, 'DOB')).toMatch(/^\d{8}$/);
    }

    const reinstatedNames = new Set(
      rows.filter((r) => r.kind === 'reinstated').map((r) => `${r.lastName}|${r.firstName}|${r.middleName ?? ''}`),
    );
    expect(reinstatedNames.size).toBeGreaterThan(0);
    const listedNames = records.map((r) => `${r[0]}|${r[1]}|${r[2]}`);
    expect(listedNames.filter((name) => reinstatedNames.has(name))).toEqual([]);
  });

  it('escapes quotes in a field, RFC 4180 style', () => {
    const row = { ...(rows[0] as SimExclusion), businessName: 'THE "BEST" PHARMACY, INC' };
    const line = leieLine(row);
    expect(line).toContain('"THE ""BEST"" PHARMACY, INC"');
    expect(parseCsv(`${line}\r\n`)[0]?.[3]).toBe('THE "BEST" PHARMACY, INC');
  });

  it('lists each reinstated physician in the REIN supplement of the month of reinstatement', async () => {
    const reinstated = rows.filter((r) => r.kind === 'reinstated');
    expect(reinstated.length).toBeGreaterThanOrEqual(2);
    for (const row of reinstated) {
      const month = (row.reinDate as string).slice(0, 7);
      const { records } = await csv(`/leie/${month.slice(0, 4)}/${compact(month).slice(2)}REIN.csv`);
      const expected = rows.filter((r) => r.kind === 'reinstated' && r.reinDate?.startsWith(month));
      expect(records).toHaveLength(expected.length);
      const record = records.find(
        (r) => field(r, 'LASTNAME') === row.lastName && field(r, 'FIRSTNAME') === row.firstName,
      );
      expect(record && field(record, 'REINDATE')).toBe(compact(row.reinDate as string));
      expect(record && field(record, 'EXCLDATE')).toBe(compact(row.exclDate));
    }
  });

  it('serves the EXCL supplement of a month: the listed rows excluded that month', async () => {
    const { records } = await csv('/leie/2025/2506EXCL.csv');
    const expected = rows.filter((r) => r.kind !== 'reinstated' && r.exclDate.startsWith('2025-06'));
    expect(expected.some((r) => r.kind === 'excluded')).toBe(true);
    expect(records.length).toBe(expected.length);
    expect(records.every((r) => field(r, 'EXCLDATE')?.startsWith('202506'))).toBe(true);
    const older = await csv('/leie/2024/2407EXCL.csv');
    expect(older.records.length).toBeGreaterThan(0);
    expect(older.records.every((r) => field(r, 'EXCLDATE')?.startsWith('202407'))).toBe(true);
  });

  it('answers 404 outside the last 12 months and for names that do not agree', async () => {
    for (const path of [
      '/leie/2024/2406EXCL.csv',
      '/leie/2025/2507EXCL.csv',
      '/leie/2024/2506EXCL.csv',
      '/leie/2025/2506OTHER.csv',
      '/leie/25/2506EXCL.csv',
      '/leie/updated.csv',
      '/leie/UPDATED.csv/more',
      '/leie',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get('/leie/2024/2407REIN.csv')).status).toBe(200);
  });

  it('names supplements as the OIG publishes them: upper case before 2026, lower case from 2026, case-sensitively', async () => {
    // Real: `2017/1705REIN.csv`, `2026/2605excl.csv` (docs/exclusions.md). A month from each side of the change.
    const spanning = await startBoardSimulator({ seed: 13, size: 2000, today: '2026-03-15' });
    try {
      const status = async (path: string) => (await fetch(`${spanning.url}${path}`)).status;
      for (const [path, expected] of [
        ['/leie/2026/2602excl.csv', 200],
        ['/leie/2026/2602rein.csv', 200],
        ['/leie/2026/2602EXCL.csv', 404],
        ['/leie/2026/2602REIN.csv', 404],
        ['/leie/2026/2602Excl.csv', 404],
        ['/leie/2025/2512EXCL.csv', 200],
        ['/leie/2025/2512REIN.csv', 200],
        ['/leie/2025/2512excl.csv', 404],
        ['/leie/2025/2512rein.csv', 404],
        ['/leie/updated.csv', 404],
      ] as const) {
        expect(await status(path), path).toBe(expected);
      }
      const res = await fetch(`${spanning.url}/leie/2026/2602excl.csv`);
      expect(res.headers.get('content-disposition')).toContain('2602excl.csv');
      expect((await res.text()).startsWith(`${LEIE_HEADER}\r\n`)).toBe(true);
    } finally {
      await spanning.close();
    }
  });

  it('pads UPDATED.csv to ?rows=N and rejects rows out of range', async () => {
    const { records } = await csv('/leie/UPDATED.csv?rows=4321');
    expect(records).toHaveLength(4321);
    const listed = rows.filter((r) => r.kind !== 'reinstated').length;
    expect((await csv('/leie/UPDATED.csv?rows=10')).records).toHaveLength(listed);
    for (const rowsParam of ['0', '500001', 'abc', '-5', '1.5']) {
      expect((await get(`/leie/UPDATED.csv?rows=${rowsParam}`)).status, rowsParam).toBe(400);
    }
  });

  it('spoils ?malformed=K filler rows in three ways, keeping the row count and every physician', async () => {
    const clean = await csv('/leie/UPDATED.csv');
    const { records } = await csv('/leie/UPDATED.csv?malformed=7');
    expect(records).toHaveLength(clean.records.length);
    expect(records.filter((r) => r.length === 17)).toHaveLength(3);
    expect(records.filter((r) => field(r, 'EXCLDATE') === '2023-13-45')).toHaveLength(2);
    expect(records.filter((r) => field(r, 'NPI') === '12345')).toHaveLength(2);
    const changed = records.filter((r, i) => r.join('|') !== clean.records[i]?.join('|'));
    expect(changed).toHaveLength(7);
    const physicians = rows.filter((r) => r.kind === 'excluded' || r.kind === 'namesake').map((r) => leieLine(r));
    const lines = new Set(records.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(',')));
    expect(physicians.filter((line) => !lines.has(line))).toEqual([]);
    expect((await csv('/leie/UPDATED.csv?malformed=7')).records).toEqual(records);
    expect((await get('/leie/UPDATED.csv?malformed=99999')).status).toBe(400);
    expect((await get('/leie/UPDATED.csv?malformed=x')).status).toBe(400);
  });

  it('gives one row an unknown exclusion type with ?unknownType=1', async () => {
    const { records } = await csv('/leie/UPDATED.csv?unknownType=1&malformed=3');
    expect(records.filter((r) => field(r, 'EXCLTYPE') === '9999z')).toHaveLength(1);
    expect(records.filter((r) => r.length !== 18)).toHaveLength(1);
    const plain = await csv('/leie/UPDATED.csv');
    expect(plain.records.filter((r) => field(r, 'EXCLTYPE') === '9999z')).toHaveLength(0);
    expect((await get('/leie/UPDATED.csv?unknownType=2')).status).toBe(400);
  });

  it('answers HEAD with headers only', async () => {
    const res = await get('/leie/UPDATED.csv', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('UPDATED.csv');
    expect(await res.text()).toBe('');
  });

  it('goes down and slows down under the leie fault', async () => {
    const setFault = (fault: Record<string, unknown>) =>
      get('/_control/faults', {
        method: 'POST',
        body: JSON.stringify(fault),
        headers: { 'content-type': 'application/json' },
      });
    expect((await setFault({ boardId: 'leie', down: true })).status).toBe(204);
    expect((await get('/leie/UPDATED.csv')).status).toBe(503);
    expect((await get('/leie/2025/2506EXCL.csv')).status).toBe(503);
    expect((await get('/healthz')).status).toBe(200);
    expect((await setFault({ boardId: 'leie', latencyMs: 150 })).status).toBe(204);
    const started = performance.now();
    expect((await get('/leie/2025/2506REIN.csv')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await get('/_control/faults?boardId=leie', { method: 'DELETE' });
    expect((await get('/leie/2025/2506REIN.csv')).status).toBe(200);
  });

  it('serves the exclusions ground truth: every excluded, reinstated and namesake row', async () => {
    const res = await get('/ground-truth/exclusions.json');
    expect(res.status).toBe(200);
    const truth = (await res.json()) as SimExclusion[];
    expect(truth).toEqual(rows.filter((r) => r.kind !== 'other'));
    expect(new Set(truth.map((r) => r.kind))).toEqual(new Set(['excluded', 'reinstated', 'namesake']));
  });
});
