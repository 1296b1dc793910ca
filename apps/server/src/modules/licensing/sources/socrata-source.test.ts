import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FixtureServer,
  MAINTENANCE_PAGE,
  sendHtml,
  sendJson,
  simBoard,
  startFixtureServer,
} from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import { type BulkFileItem, SourceError } from '../types.ts';
import { createSource } from './create-source.ts';
import { SocrataSource } from './socrata-source.ts';

const MD = 'Physician And Surgeon License';
const DO = 'Osteopathic Physician And Surgeon License';

// Contract: all values strings, absent when null; names upper-case.
const WA_ROWS: Record<string, string>[] = [
  {
    credentialnumber: 'MD60000001',
    lastname: 'SMITH',
    firstname: 'JOHN',
    middlename: 'A',
    credentialtype: MD,
    status: 'ACTIVE',
    firstissuedate: '2001-07-01T00:00:00.000',
    lastissuedate: '2025-03-31T00:00:00.000',
    expirationdate: '2027-03-31T00:00:00.000',
  },
  {
    credentialnumber: 'MD60000002',
    lastname: 'SMITH',
    firstname: 'WILLIAM',
    credentialtype: MD,
    status: 'PROBATION',
    firstissuedate: '1999-01-15T00:00:00.000',
    expirationdate: '2026-01-15T00:00:00.000',
    actiontaken: 'Stipulated order',
  },
  {
    credentialnumber: 'MD60000003',
    lastname: 'GARCÍA-LÓPEZ',
    firstname: 'MARÍA',
    credentialtype: MD,
    status: 'EXPIRED',
  },
  { credentialnumber: 'MD60000004', lastname: "O'BRIEN", firstname: 'SEAN', credentialtype: MD, status: 'SUSPENDED' },
  { credentialnumber: 'MD60000005', lastname: 'NGUYEN', firstname: 'AN', credentialtype: MD, status: 'REVOKED' },
  { credentialnumber: 'MD60000006', lastname: 'JONES', firstname: 'AMY', credentialtype: MD, status: 'INACTIVE' },
  {
    credentialnumber: 'MD60000007',
    lastname: 'LEE',
    firstname: 'KIM',
    credentialtype: MD,
    status: 'ACTIVE WITH CONDITIONS',
    expirationdate: '2027-01-01T00:00:00.000',
  },
  { credentialnumber: 'MD60000008', lastname: 'BAD', firstname: 'DATE', credentialtype: MD, expirationdate: 'soon' },
  { credentialnumber: 'OP60000001', lastname: 'SMITH', firstname: 'JOHN', credentialtype: DO, status: 'ACTIVE' },
  { credentialnumber: 'OP60000002', lastname: 'BROWN', firstname: 'ZOE', credentialtype: DO, status: 'ACTIVE' },
];

/** The simulator's `$where`: `field='value'` clauses joined by ' AND ', compared case-insensitively. */
function matches(row: Record<string, string>, where: string | null): boolean {
  if (!where) return true;
  return where.split(' AND ').every((clause) => {
    const m = /^(\w+)='(.*)'$/.exec(clause);
    if (!m) throw new Error(`bad clause ${clause}`);
    const value = (m[2] as string).replaceAll("''", "'");
    return (row[m[1] as string] ?? '').toLowerCase() === value.toLowerCase();
  });
}

function socrataHandler(rows: Record<string, string>[]) {
  return (res: ServerResponse, url: URL) => {
    const limit = Number(url.searchParams.get('$limit') ?? 1000);
    const offset = Number(url.searchParams.get('$offset') ?? 0);
    const filtered = rows.filter((r) => matches(r, url.searchParams.get('$where')));
    sendJson(res, filtered.slice(offset, offset + limit));
  };
}

let server: FixtureServer;
beforeEach(async () => {
  const answer = socrataHandler(WA_ROWS);
  server = await startFixtureServer((_req, res, url) => {
    if (
      url.pathname === '/socrata/wa-md/resource/qxh8-f4bd.json' ||
      url.pathname === '/socrata/wa-do/resource/qxh8-f4bd.json'
    )
      answer(res, url);
    else sendJson(res, { error: 'not found' }, 404);
  });
});
afterEach(() => server.close());

async function collect(items: AsyncIterable<BulkFileItem> | undefined): Promise<BulkFileItem[]> {
  const all: BulkFileItem[] = [];
  for await (const item of items ?? []) all.push(item);
  return all;
}

function source(id = 'wa-md', patch: Record<string, unknown> = {}) {
  return createSource(simBoard(id, server.url, patch), { gates: createGateRegistry() });
}

describe('SocrataSource', () => {
  it('is what createSource builds for a socrata board', () => {
    expect(source()).toBeInstanceOf(SocrataSource);
  });

  it('pages through the bulk file with $limit/$offset and filters the shared dataset by $where', async () => {
    const items = await collect(source('wa-md', { pageSize: 3 }).fetchBulkFile?.());
    const records = items.flatMap((i) => ('record' in i ? [i.record] : []));
    const errors = items.flatMap((i) => ('error' in i ? [i.error] : []));
    expect(records.map((r) => r.licenseNumber)).toEqual([
      'MD60000001',
      'MD60000002',
      'MD60000003',
      'MD60000004',
      'MD60000005',
      'MD60000006',
      'MD60000007',
    ]);
    expect(errors).toEqual([{ row: 8, reason: "invalid expiry date 'soon'" }]);
    const pages = server.requests.map((r) => [r.url.searchParams.get('$offset'), r.url.searchParams.get('$limit')]);
    expect(pages).toEqual([
      ['0', '3'],
      ['3', '3'],
      ['6', '3'],
    ]);
    expect(server.requests.every((r) => r.url.searchParams.get('$where') === `credentialtype='${MD}'`)).toBe(true);
    expect(server.requests[0]?.url.searchParams.get('$order')).toBe(':id');
  });

  it('maps statuses, ISO dates, discipline and keeps the board spelling', async () => {
    const items = await collect(source().fetchBulkFile?.());
    const byNumber = new Map(items.flatMap((i) => ('record' in i ? [[i.record.licenseNumber, i.record]] : [])));
    expect(byNumber.get('MD60000001')).toEqual({
      jurisdiction: 'WA',
      boardId: 'wa-md',
      licenseType: 'MD',
      licenseNumber: 'MD60000001',
      firstName: 'JOHN',
      middleName: 'A',
      lastName: 'SMITH',
      suffix: null,
      rawStatus: 'ACTIVE',
      status: 'active',
      issueDate: '2001-07-01',
      expiryDate: '2027-03-31',
      discipline: null,
    });
    expect(byNumber.get('MD60000002')).toMatchObject({ status: 'probation', discipline: 'Stipulated order' });
    expect(byNumber.get('MD60000003')).toMatchObject({ lastName: 'GARCÍA-LÓPEZ', status: 'expired', expiryDate: null });
    expect(byNumber.get('MD60000004')?.status).toBe('suspended');
    expect(byNumber.get('MD60000005')?.status).toBe('revoked');
    expect(byNumber.get('MD60000006')?.status).toBe('inactive');
  });

  it('reads the DO board out of the same dataset', async () => {
    const items = await collect(source('wa-do').fetchBulkFile?.());
    expect(items.map((i) => ('record' in i ? i.record.licenseNumber : 'error'))).toEqual(['OP60000001', 'OP60000002']);
    expect(items.every((i) => 'record' in i && i.record.licenseType === 'DO' && i.record.boardId === 'wa-do')).toBe(
      true,
    );
  });

  it('keeps unknown status text as rawStatus with status unknown, and says the wording is unknown', async () => {
    const items = await collect(source().fetchBulkFile?.());
    const lee = items.find((i) => 'record' in i && i.record.lastName === 'LEE');
    expect(lee && 'record' in lee ? lee.record : undefined).toMatchObject({
      rawStatus: 'ACTIVE WITH CONDITIONS',
      status: 'unknown',
      expiryDate: '2027-01-01',
    });
    expect(lee).toMatchObject({ unknown: { field: 'status', value: 'ACTIVE WITH CONDITIONS' } });
    expect(items.filter((i) => 'unknown' in i)).toHaveLength(1);
  });

  it('pushes an equals row filter into $where and keeps only matching rows', async () => {
    const items = await collect(source('wa-md', { filter: { column: 'lastname', equals: 'SMITH' } }).fetchBulkFile?.());
    expect(items.map((i) => ('record' in i ? i.record.licenseNumber : 'error'))).toEqual(['MD60000001', 'MD60000002']);
    expect(server.requests[0]?.url.searchParams.get('$where')).toBe(`lastname='SMITH' AND credentialtype='${MD}'`);
    await source('wa-md', { filter: { column: 'lastname', equals: 'SMITH' } }).search({
      firstName: 'John',
      lastName: 'Smith',
      licenseType: 'MD',
    });
    expect(server.requests.at(-1)?.url.searchParams.get('$where')).toMatch(/^lastname='SMITH' AND credentialtype=/);
  });

  it('applies an in row filter on our side, case-insensitively, and counts only the rows kept', async () => {
    const items = await collect(
      source('wa-md', { filter: { column: 'lastname', in: ['jones', 'Nguyen'] } }).fetchBulkFile?.(),
    );
    expect(items).toEqual([
      expect.objectContaining({ row: 1, record: expect.objectContaining({ licenseNumber: 'MD60000005' }) }),
      expect.objectContaining({ row: 2, record: expect.objectContaining({ licenseNumber: 'MD60000006' }) }),
    ]);
    expect(server.requests[0]?.url.searchParams.get('$where')).toBe(`credentialtype='${MD}'`);
  });

  it('searches by name with upper-cased, escaped $where clauses and the board’s type filter', async () => {
    const result = await source().search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.licenseNumber)).toEqual(['MD60000001']);
    expect(server.requests[0]?.url.searchParams.get('$where')).toBe(
      `credentialtype='${MD}' AND lastname='SMITH' AND firstname='JOHN'`,
    );

    const obrien = await source().search({ firstName: 'Sean', lastName: "O'Brien", licenseType: 'MD' });
    expect(obrien.ok && obrien.value.map((r) => r.licenseNumber)).toEqual(['MD60000004']);
  });

  it('falls back to the surname alone when the first name finds nobody (nicknames)', async () => {
    const result = await source().search({ firstName: 'Bill', lastName: 'Smith', licenseType: 'MD' });
    expect(result.ok && result.value.map((r) => r.firstName)).toEqual(['JOHN', 'WILLIAM']);
    expect(server.requests).toHaveLength(2);
  });

  it('searches by license number and keeps only this board’s licenses', async () => {
    const md = await source().search({ licenseNumber: 'md60000002' });
    expect(md.ok && md.value.map((r) => r.licenseNumber)).toEqual(['MD60000002']);
    const other = await source().search({ licenseNumber: 'OP60000001' });
    expect(other).toEqual({ ok: true, value: [] });
  });

  it('answers no licenses for a type the board does not license, without asking it', async () => {
    expect(await source('wa-do').search({ firstName: 'John', lastName: 'Smith', licenseType: 'MD' })).toEqual({
      ok: true,
      value: [],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('reports health with a one-row request', async () => {
    const health = await source().health();
    expect(health.ok).toBe(true);
    expect(server.requests[0]?.url.searchParams.get('$limit')).toBe('1');
  });
});

describe('SocrataSource failures', () => {
  it('throws SourceError(unavailable) from the bulk file when the board is down for maintenance', async () => {
    await server.close();
    server = await startFixtureServer((_req, res) => sendHtml(res, MAINTENANCE_PAGE, 503));
    const error = await collect(source().fetchBulkFile?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(await source().health()).toMatchObject({ ok: false, error: { kind: 'unavailable' } });
  });

  it('reports an HTML page where the JSON rows were expected as a parse failure', async () => {
    await server.close();
    server = await startFixtureServer((_req, res) => sendHtml(res, '<html><body>Sign in</body></html>'));
    expect(await source().search({ firstName: 'A', lastName: 'B', licenseType: 'MD' })).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
  });

  it('reports JSON that is not an array of rows as a parse failure', async () => {
    await server.close();
    server = await startFixtureServer((_req, res) => sendJson(res, { error: true, message: 'query failed' }));
    expect(await source().search({ licenseNumber: 'MD1' })).toMatchObject({
      ok: false,
      error: { kind: 'parse-failure' },
    });
  });

  it('retries a 500 in the middle of paging and completes the bulk file', async () => {
    await server.close();
    const answer = socrataHandler(WA_ROWS);
    let calls = 0;
    server = await startFixtureServer((_req, res, url) => {
      calls++;
      if (calls === 2) sendJson(res, { error: 'boom' }, 500);
      else answer(res, url);
    });
    const items = await collect(source('wa-md', { pageSize: 3 }).fetchBulkFile?.());
    expect(items).toHaveLength(8);
    expect(calls).toBe(4);
  });
});
