import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALIFORNIA_HEADER, FLORIDA_HEADER, MISSOURI_HEADER } from './board-records.ts';
import type { SimLicense } from './population.ts';
import { type BoardSimulator, startBoardSimulator } from './server.ts';

let sim: BoardSimulator;

beforeAll(async () => {
  sim = await startBoardSimulator({ seed: 5, size: 1500, today: '2025-06-01' });
});
afterAll(() => sim.close());

const licensesOn = (boardId: string): SimLicense[] =>
  [...sim.population.boardLicenses(boardId)].map(({ license }) => license);

async function text(path: string): Promise<{ res: Response; body: string }> {
  const res = await fetch(`${sim.url}${path}`);
  expect(res.status).toBe(200);
  return { res, body: await res.text() };
}

async function moLines(query = ''): Promise<string[]> {
  const res = await fetch(`${sim.url}/files/mo-med/licensees.zip${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  expect(Object.keys(files)).toEqual(['physicians.txt']);
  return strFromU8(files['physicians.txt'] as Uint8Array)
    .split('\n')
    .slice(0, -1);
}

/** Minimal RFC 4180 reader for one record per line (our fields never hold line breaks). */
function csvRecord(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i++; // the comma
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}

const US_DATE = /^(\d{2}\/\d{2}\/\d{4})?$/;

function isRealUsDate(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])));
  return d.getUTCMonth() === Number(m[1]) - 1 && d.getUTCDate() === Number(m[2]);
}

describe('delimited-file bulk files', () => {
  it('serves Florida as a pipe-delimited text file with the contract’s header and vocabulary', async () => {
    const { res, body } = await text('/files/fl-md/licensees.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = body.split('\n').slice(0, -1);
    expect(lines[0]).toBe(FLORIDA_HEADER);
    const expected = licensesOn('fl-md');
    expect(lines).toHaveLength(expected.length + 1);
    const statuses = new Set([
      'CLEAR/ACTIVE',
      'DELINQUENT/ACTIVE',
      'NULL AND VOID',
      'SUSPENDED',
      'REVOKED',
      'PROBATION/ACTIVE',
      'INACTIVE',
    ]);
    lines.slice(1).forEach((line, i) => {
      const f = line.split('|');
      expect(f).toHaveLength(10);
      expect(f[0]).toBe(expected[i]?.licenseNumber ?? '');
      expect(f[5]).toBe('MEDICAL DOCTOR');
      expect(statuses.has(f[6] as string)).toBe(true);
      expect(f[7]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(f[8]).toMatch(US_DATE);
    });
    const dos = (await text('/files/fl-do/licensees.txt')).body.split('\n');
    expect(dos[1]?.split('|')[5]).toBe('OSTEOPATHIC PHYSICIAN');
  });

  it('serves California as RFC 4180 CSV with CRLF', async () => {
    const { res, body } = await text('/files/ca-md/licensees.csv');
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(body.endsWith('\r\n')).toBe(true);
    const lines = body.split('\r\n').slice(0, -1);
    expect(lines[0]).toBe(CALIFORNIA_HEADER);
    const expected = licensesOn('ca-md');
    expect(lines).toHaveLength(expected.length + 1);
    const statuses = new Set([
      'License Renewed & Current',
      'License Expired',
      'License Suspended',
      'License Revoked',
      'License Probation',
      'License Inactive',
    ]);
    lines.slice(1).forEach((line, i) => {
      const f = csvRecord(line);
      expect(f).toHaveLength(9);
      expect(f[0]).toBe(expected[i]?.licenseNumber ?? '');
      expect(f[5]).toBe('Physician and Surgeon A');
      expect(statuses.has(f[6] as string)).toBe(true);
      expect(f[7]).toBe(expected[i]?.issueDate);
      expect(f[8]).toBe(expected[i]?.expiryDate ?? '');
    });
    const dos = (await text('/files/ca-do/licensees.csv')).body.split('\r\n');
    expect(csvRecord(dos[1] as string)[5]).toBe('Osteopathic Physician and Surgeon');
    expect(csvRecord(dos[1] as string)[0]).toMatch(/^(20A\d{5})?$/);
  });

  it('serves Missouri as a ZIP holding tab-delimited physicians.txt', async () => {
    const lines = await moLines();
    expect(lines[0]).toBe(MISSOURI_HEADER);
    const expected = licensesOn('mo-med');
    expect(lines).toHaveLength(expected.length + 1);
    const statuses = new Set(['Active', 'Expired', 'Suspended', 'Revoked', 'Probation', 'Inactive']);
    lines.slice(1).forEach((line, i) => {
      const f = line.split('\t');
      expect(f).toHaveLength(9);
      expect(f[4]).toBe(
        expected[i]?.licenseType === 'MD' ? 'PHYSICIAN AND SURGEON (MD)' : 'PHYSICIAN AND SURGEON (DO)',
      );
      expect(f[5]).toBe(expected[i]?.licenseNumber ?? '');
      expect(statuses.has(f[6] as string)).toBe(true);
      expect(f[7]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(f[8]).toMatch(US_DATE);
    });
  });

  it('keeps accents and upper-cases names', async () => {
    const { body } = await text('/files/ca-md/licensees.csv');
    const names = body
      .split('\r\n')
      .slice(1)
      .map((line) => csvRecord(line)[1] ?? '');
    expect(names.every((n) => n === n.toUpperCase())).toBe(true);
    expect(names.some((n) => /[^\x20-\x7e]/.test(n))).toBe(true);
  });

  it('adds N malformed rows at the same positions on every request', async () => {
    const clean = (await text('/files/fl-md/licensees.txt')).body.split('\n');
    const first = (await text('/files/fl-md/licensees.txt?malformed=5')).body;
    expect((await text('/files/fl-md/licensees.txt?malformed=5')).body).toBe(first);
    const lines = first.split('\n');
    expect(lines).toHaveLength(clean.length + 5);
    const bad = lines.filter((line) => line.includes('BAD0000'));
    expect(bad).toHaveLength(5);
    // Every bad row breaks one rule: field count, date or names.
    for (const line of bad) {
      const f = line.split('|');
      expect(f.length !== 10 || !isRealUsDate(f[7] as string) || f[1] === '').toBe(true);
    }
    // The good rows are untouched and keep their order.
    expect(lines.filter((line) => !line.includes('BAD0000'))).toEqual(clean);

    const csv = (await text('/files/ca-md/licensees.csv?malformed=3')).body.split('\r\n');
    expect(csv.filter((line) => line.includes('BAD0000'))).toHaveLength(3);
    const mo = await moLines('?malformed=4');
    expect(mo.filter((line) => line.includes('BAD0000'))).toHaveLength(4);
    expect((await fetch(`${sim.url}/files/fl-md/licensees.txt?malformed=x`)).status).toBe(400);
  });
});
