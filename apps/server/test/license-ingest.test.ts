import { Writable } from 'node:stream';
import type { StateCode } from '@licensewatch/shared/states';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestBulkFile } from '../src/modules/licensing/ingest/ingest-bulk-file.ts';
import { hashRecordKey } from '../src/modules/licensing/registry/map-source-record.ts';
import { UNLISTED_WORDS } from '../src/modules/licensing/registry/mark-unlisted-licenses.ts';
import { ingestRun, license, licenseEvent, sourceHealth } from '../src/modules/licensing/tables.ts';
import { SourceError, type SourceRecord } from '../src/modules/licensing/types.ts';
import { upsertLookedUpLicenses } from '../src/modules/licensing/upsert-looked-up-licenses.ts';
import { bulkFileOf, makeRecord, makeRecords } from './support/bulk-files.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

// A run that met no unknown board wording.
const CLEAN = { status: 'succeeded', unknownValues: null, error: null } as const;
// A run after which no license went missing.
const NONE_REMOVED = { licensesRemoved: 0, removalsWithheld: 0 } as const;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const WA = { boardId: 'wa-md', jurisdiction: 'WA' as StateCode };

function ingest(
  boardId: string,
  jurisdiction: StateCode,
  items: AsyncIterable<never> | ReturnType<typeof bulkFileOf>,
  batchSize?: number,
) {
  const { db, pool, log } = server.ctx;
  return ingestBulkFile({ db, pool, log }, { boardId, jurisdiction, sourceKind: 'socrata', items, batchSize });
}

async function boardRows(boardId: string) {
  return server.ctx.db.select().from(license).where(eq(license.boardId, boardId)).orderBy(asc(license.recordKey));
}

async function eventsOf(boardId: string) {
  return server.ctx.db
    .select({
      recordKey: license.recordKey,
      kind: licenseEvent.kind,
      before: licenseEvent.before,
      after: licenseEvent.after,
      source: licenseEvent.source,
    })
    .from(licenseEvent)
    .innerJoin(license, eq(license.id, licenseEvent.licenseId))
    .where(eq(license.boardId, boardId))
    .orderBy(asc(license.recordKey), asc(licenseEvent.kind));
}

/** Everything but last_seen_at, which every run moves. */
function published(rows: (typeof license.$inferSelect)[]) {
  return rows.map(({ lastSeenAt: _, ...rest }) => rest);
}

describe('bulk-file ingest', () => {
  const records = makeRecords(5_000, WA);

  it('streams a bulk file into the registry with normalised names, and records the run', async () => {
    const counts = await ingest('wa-md', 'WA', bulkFileOf(records), 2_000);
    expect(counts).toEqual({
      rowsRead: 5_000,
      rowsUpserted: 5_000,
      rowsRejected: 0,
      eventsRecorded: 0,
      ...NONE_REMOVED,
      ...CLEAN,
    });

    const rows = await boardRows('wa-md');
    expect(rows).toHaveLength(5_000);
    const obrien = rows.find((r) => r.licenseNumber === 'MD00600063');
    expect(obrien).toMatchObject({
      jurisdiction: 'WA',
      boardId: 'wa-md',
      recordKey: 'MD00600063',
      firstName: 'Wei',
      middleName: 'J.',
      lastName: "O'Brien",
      suffix: 'Jr',
      firstNorm: 'wei',
      middleNorm: 'j',
      lastNorm: 'obrien',
      licenseType: 'DO',
      status: 'expired',
      rawStatus: 'EXPIRED',
      issueDate: '1993-04-08',
      expiryDate: '2028-03-31',
      discipline: null,
      sourceKind: 'socrata',
    });
    const garcia = rows.find((r) => r.licenseNumber === 'MD00600001');
    expect(garcia).toMatchObject({ firstNorm: 'maria', lastNorm: 'garcia lopez', licenseType: 'MD' });
    expect(rows.filter((r) => r.licenseType === 'DO')).toHaveLength(556);
    expect(await eventsOf('wa-md')).toEqual([]);

    const [run] = await server.ctx.db.select().from(ingestRun).where(eq(ingestRun.boardId, 'wa-md'));
    expect(run).toMatchObject({
      status: 'succeeded',
      rowsRead: 5_000,
      rowsUpserted: 5_000,
      rowsRejected: 0,
      error: null,
    });
    expect(run?.finishedAt).toBeInstanceOf(Date);
    const [health] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'wa-md'));
    expect(health).toMatchObject({ available: true, jurisdiction: 'WA' });
  });

  it('changes nothing but last_seen_at when the same bulk file is read again', async () => {
    const before = await boardRows('wa-md');
    const counts = await ingest('wa-md', 'WA', bulkFileOf(records));
    expect(counts).toEqual({
      rowsRead: 5_000,
      rowsUpserted: 0,
      rowsRejected: 0,
      eventsRecorded: 0,
      ...NONE_REMOVED,
      ...CLEAN,
    });

    const after = await boardRows('wa-md');
    expect(published(after)).toEqual(published(before));
    expect(after.every((r, i) => r.lastSeenAt > (before[i] as typeof r).lastSeenAt)).toBe(true);
    expect(await eventsOf('wa-md')).toEqual([]);
  });

  it('records status, expiry and discipline changes with before and after, adds new rows and deletes nothing', async () => {
    const before = await boardRows('wa-md');
    const changed = records.slice(0, 4_900).map((r, i) => {
      if (i === 10) return { ...r, status: 'suspended' as const, rawStatus: 'SUSPENDED' };
      if (i === 20) return { ...r, expiryDate: '2030-06-30' };
      if (i === 30) return { ...r, discipline: 'Probation order 2025-14' };
      if (i === 41) return { ...r, status: 'revoked' as const, rawStatus: 'REVOKED', expiryDate: null };
      // A corrected middle name is an update, but not an event alerts care about.
      if (i === 60) return { ...r, middleName: 'Marguerite' };
      return r;
    });
    const added = Array.from({ length: 50 }, (_, i) => makeRecord(10_000 + i, WA));

    const counts = await ingest('wa-md', 'WA', bulkFileOf([...changed, ...added]));
    // The 100 licenses the bulk file no longer lists (2%, under the truncation guard) are 'removed', once.
    expect(counts).toEqual({
      rowsRead: 4_950,
      rowsUpserted: 55,
      rowsRejected: 0,
      eventsRecorded: 5,
      licensesRemoved: 100,
      removalsWithheld: 0,
      ...CLEAN,
    });
    const events = await eventsOf('wa-md');
    const removed = events.filter((e) => e.kind === 'removed');
    expect(removed).toHaveLength(100);
    expect(removed[0]).toEqual({
      recordKey: 'MD00604900',
      kind: 'removed',
      before: 'listed',
      after: null,
      source: 'ingest',
    });

    expect(events.filter((e) => e.kind !== 'removed')).toEqual([
      { recordKey: 'MD00600010', kind: 'status', before: 'probation', after: 'suspended', source: 'ingest' },
      { recordKey: 'MD00600020', kind: 'expiry', before: '2025-03-31', after: '2030-06-30', source: 'ingest' },
      { recordKey: 'MD00600030', kind: 'discipline', before: null, after: 'Probation order 2025-14', source: 'ingest' },
      { recordKey: 'MD00600041', kind: 'expiry', before: '2026-03-31', after: null, source: 'ingest' },
      { recordKey: 'MD00600041', kind: 'status', before: 'inactive', after: 'revoked', source: 'ingest' },
    ]);

    const after = await boardRows('wa-md');
    expect(after).toHaveLength(5_050);
    const byKey = new Map(after.map((r) => [r.recordKey, r]));
    expect(byKey.get('MD00600060')).toMatchObject({ middleName: 'Marguerite', middleNorm: 'marguerite' });
    expect(byKey.get('MD00600010')?.updatedAt.getTime()).toBeGreaterThan(before[10]?.updatedAt.getTime() ?? Infinity);
    // Licenses missing from this bulk file stay as they were, last seen by the earlier run.
    const dropped = before.find((r) => r.recordKey === 'MD00604999');
    expect(byKey.get('MD00604999')).toEqual(dropped);

    // And the changed bulk file read again is a no-op.
    const again = await ingest('wa-md', 'WA', bulkFileOf([...changed, ...added]));
    expect(again).toMatchObject({ rowsUpserted: 0, eventsRecorded: 0, licensesRemoved: 0, removalsWithheld: 0 });
    expect((await eventsOf('wa-md')).filter((e) => e.kind === 'removed')).toHaveLength(100);
  });

  it('counts, logs and skips malformed rows', async () => {
    const lines: { row?: number; reason?: string; msg: string }[] = [];
    const log = pino(
      { level: 'warn' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const board = { boardId: 'fl-md', jurisdiction: 'FL' as StateCode };
    const items = [
      makeRecord(1, board),
      { error: 'expected 10 fields, found 7' },
      makeRecord(2, board),
      makeRecord(3, board, { expiryDate: '2027-02-30' }),
      makeRecord(4, board, { lastName: '  ' }),
      makeRecord(5, board, { boardId: 'fl-do' }),
      // COPY's text format must carry tabs, newlines and backslashes through untouched.
      makeRecord(6, board, { discipline: 'Order 12:\n\tsee C:\\orders\\12 \\N' }),
    ];
    const counts = await ingestBulkFile(
      { db: server.ctx.db, pool: server.ctx.pool, log },
      { ...board, sourceKind: 'delimited-file', items: bulkFileOf(items) },
    );
    expect(counts).toEqual({
      rowsRead: 7,
      rowsUpserted: 3,
      rowsRejected: 4,
      eventsRecorded: 0,
      ...NONE_REMOVED,
      ...CLEAN,
    });
    expect((await boardRows('fl-md')).map((r) => r.recordKey)).toEqual(['MD00600001', 'MD00600002', 'MD00600006']);
    expect((await boardRows('fl-md'))[2]?.discipline).toBe('Order 12:\n\tsee C:\\orders\\12 \\N');
    expect(lines.filter((l) => l.msg === 'bulk-file row rejected').map(({ row, reason }) => ({ row, reason }))).toEqual(
      [
        { row: 3, reason: 'expected 10 fields, found 7' },
        { row: 5, reason: 'invalid expiry date "2027-02-30"' },
        { row: 6, reason: 'missing last name' },
        { row: 7, reason: 'record belongs to board fl-do, not fl-md' },
      ],
    );
    const [run] = await server.ctx.db.select().from(ingestRun).where(eq(ingestRun.boardId, 'fl-md'));
    expect(run).toMatchObject({ status: 'succeeded', rowsRead: 7, rowsUpserted: 3, rowsRejected: 4 });
  });

  it('keeps merged batches and everything older when the source fails mid-file, and marks the board unavailable', async () => {
    const board = { boardId: 'co-med', jurisdiction: 'CO' as StateCode };
    const original = makeRecords(3_000, board);
    await ingest('co-med', 'CO', bulkFileOf(original), 1_000);

    const suspended = original.map((r) => ({ ...r, status: 'suspended' as const, rawStatus: 'Suspended' }));
    const failure = new SourceError({ kind: 'unavailable', message: 'board answered 503', status: 503 });
    await expect(ingest('co-med', 'CO', bulkFileOf(suspended, { failAfter: 2_500, failure }), 1_000)).rejects.toBe(
      failure,
    );

    const rows = await boardRows('co-med');
    expect(rows).toHaveLength(3_000);
    const byKey = new Map(rows.map((r) => [r.recordKey, r]));
    // Two full batches were merged before the failure; the third was in flight and is dropped whole.
    expect(byKey.get(original[1_999]?.licenseNumber ?? '')?.status).toBe('suspended');
    expect(byKey.get(original[2_000]?.licenseNumber ?? '')?.status).toBe(original[2_000]?.status);
    expect(byKey.get(original[2_999]?.licenseNumber ?? '')?.status).toBe(original[2_999]?.status);
    const changedBefore = original.slice(0, 2_000).filter((r) => r.status !== 'suspended').length;
    expect(await eventsOf('co-med')).toHaveLength(changedBefore);

    const runs = await server.ctx.db
      .select()
      .from(ingestRun)
      .where(eq(ingestRun.boardId, 'co-med'))
      .orderBy(asc(ingestRun.startedAt));
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'failed']);
    expect(runs[1]).toMatchObject({
      rowsRead: 2_500,
      rowsUpserted: changedBefore,
      error: 'unavailable (HTTP 503): board answered 503',
    });
    const [health] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'co-med'));
    expect(health).toMatchObject({ available: false, lastError: 'unavailable (HTTP 503): board answered 503' });
    expect(health?.lastSuccessAt).toBeInstanceOf(Date);

    // The registry still works normally afterwards: the next complete bulk file finishes the change.
    const resumed = await ingest('co-med', 'CO', bulkFileOf(suspended), 1_000);
    expect(resumed.rowsUpserted).toBe(
      suspended.slice(2_000).filter((_, i) => original[2_000 + i]?.status !== 'suspended').length,
    );
    const [recovered] = await server.ctx.db.select().from(sourceHealth).where(eq(sourceHealth.boardId, 'co-med'));
    expect(recovered?.available).toBe(true);
  });

  it('records a license the board stops listing as removed once, and again only after it came back and went again', async () => {
    const board = { boardId: 'ks-md', jurisdiction: 'KS' as StateCode };
    const all = makeRecords(200, board);
    const without = all.filter((_, i) => i !== 7);
    await ingest('ks-md', 'KS', bulkFileOf(all));
    expect(await ingest('ks-md', 'KS', bulkFileOf(without))).toMatchObject({ licensesRemoved: 1, removalsWithheld: 0 });
    expect(await ingest('ks-md', 'KS', bulkFileOf(without))).toMatchObject({ licensesRemoved: 0 });
    // It is back: nothing recorded (the history shows it was missing; it is simply listed again)…
    expect(await ingest('ks-md', 'KS', bulkFileOf(all))).toMatchObject({ licensesRemoved: 0, eventsRecorded: 0 });
    // …and gone again: a second 'removed'.
    expect(await ingest('ks-md', 'KS', bulkFileOf(without))).toMatchObject({ licensesRemoved: 1 });
    const events = await eventsOf('ks-md');
    expect(events).toEqual([
      { recordKey: 'MD00600007', kind: 'removed', before: 'listed', after: null, source: 'ingest' },
      { recordKey: 'MD00600007', kind: 'removed', before: 'listed', after: null, source: 'ingest' },
    ]);
  });

  it('on a list of active licensees only, a license it no longer holds is no longer active: status unknown, with why', async () => {
    const board = { boardId: 'md-med', jurisdiction: 'MD' as StateCode };
    const all = makeRecords(200, board).map((r) => ({ ...r, status: 'active' as const, rawStatus: 'A' }));
    const without = all.filter((_, i) => i !== 7);
    const { db, pool, log } = server.ctx;
    const read = (records: SourceRecord[]) =>
      ingestBulkFile(
        { db, pool, log },
        { ...board, sourceKind: 'delimited-file', items: bulkFileOf(records), activeOnly: true },
      );
    await read(all);
    expect(await read(without)).toMatchObject({ licensesRemoved: 1, removalsWithheld: 0 });
    const [gone] = await server.ctx.db
      .select()
      .from(license)
      .where(and(eq(license.boardId, 'md-med'), eq(license.licenseNumber, 'MD00600007')));
    expect(gone).toMatchObject({ status: 'unknown', rawStatus: UNLISTED_WORDS });
    expect(await eventsOf('md-med')).toEqual([
      { recordKey: 'MD00600007', kind: 'removed', before: 'listed', after: null, source: 'ingest' },
      { recordKey: 'MD00600007', kind: 'status', before: 'active', after: 'unknown', source: 'ingest' },
    ]);
    // Read again without it: nothing more. Listed again: active again, and the change recorded.
    expect(await read(without)).toMatchObject({ licensesRemoved: 0, eventsRecorded: 0 });
    expect(await read(all)).toMatchObject({ eventsRecorded: 1 });
    const [back] = await server.ctx.db
      .select()
      .from(license)
      .where(and(eq(license.boardId, 'md-med'), eq(license.licenseNumber, 'MD00600007')));
    expect(back).toMatchObject({ status: 'active', rawStatus: 'A' });
  });

  it('marks nothing removed after a truncated bulk file, a failed one, or one with rejected rows', async () => {
    const board = { boardId: 'ne-md', jurisdiction: 'NE' as StateCode };
    const all = makeRecords(1_000, board);
    await ingest('ne-md', 'NE', bulkFileOf(all));
    // A file cut short that still parses: 900 of 1,000 missing looks like truncation, not removals.
    expect(await ingest('ne-md', 'NE', bulkFileOf(all.slice(0, 100)))).toMatchObject({
      status: 'succeeded',
      licensesRemoved: 0,
      removalsWithheld: 900,
    });
    // A source failing mid-file: the run fails before anything is judged missing.
    await expect(
      ingest('ne-md', 'NE', bulkFileOf(all, { failAfter: 500, failure: new Error('stream broke') }), 100),
    ).rejects.toThrow('stream broke');
    // A row we could not read may be a license still listed.
    const withRejected = [...all.slice(0, 995), { error: 'expected 10 fields, found 3' }];
    expect(await ingest('ne-md', 'NE', bulkFileOf(withRejected))).toMatchObject({
      rowsRejected: 1,
      licensesRemoved: 0,
      removalsWithheld: 5,
    });
    expect((await eventsOf('ne-md')).filter((e) => e.kind === 'removed')).toEqual([]);
    // The complete bulk file without those five: now they are removed.
    expect(await ingest('ne-md', 'NE', bulkFileOf(all.slice(0, 995)))).toMatchObject({ licensesRemoved: 5 });
  });

  it('marks nothing removed on a dry run', async () => {
    const board = { boardId: 'nm-md', jurisdiction: 'NM' as StateCode };
    const all = makeRecords(50, board);
    await ingest('nm-md', 'NM', bulkFileOf(all));
    const { db, pool, log } = server.ctx;
    const dry = await ingestBulkFile(
      { db, pool, log },
      { ...board, sourceKind: 'socrata', items: bulkFileOf(all.slice(0, 40)), dryRun: true },
    );
    expect(dry).toMatchObject({ licensesRemoved: 0, removalsWithheld: 0 });
    expect(await eventsOf('nm-md')).toEqual([]);
  });

  it('keys rows without a license number by a stable hash of board, names and issue date', async () => {
    const board = { boardId: 'mo-med', jurisdiction: 'MO' as StateCode };
    const numberless = Array.from({ length: 20 }, (_, i) => makeRecord(i, board, { licenseNumber: null }));
    // Same person twice with different issue dates: two licenses.
    numberless.push(makeRecord(3, board, { licenseNumber: '  ', issueDate: '2011-01-01' }));
    const first = await ingest('mo-med', 'MO', bulkFileOf(numberless));
    expect(first).toMatchObject({ rowsRead: 21, rowsUpserted: 21 });

    const rows = await boardRows('mo-med');
    expect(rows).toHaveLength(21);
    expect(rows.every((r) => r.licenseNumber === null && /^[0-9a-f]{40}$/.test(r.recordKey))).toBe(true);
    const zoe = makeRecord(6, board);
    expect(zoe).toMatchObject({ firstName: 'Zoë', middleName: 'A', lastName: 'Kowalski 0', suffix: null });
    const zoeKey = hashRecordKey({
      boardId: 'mo-med',
      firstNorm: 'zoe',
      middleNorm: 'a',
      lastNorm: 'kowalski',
      suffixNorm: '',
      issueDate: zoe.issueDate,
    });
    expect(rows.find((r) => r.recordKey === zoeKey)).toMatchObject({ firstName: 'Zoë', licenseNumber: null });

    // Spacing or case differences in names do not make a new license.
    const respelled = numberless.map((r) => ({ ...r, status: 'expired' as const, lastName: r.lastName.toUpperCase() }));
    const second = await ingest('mo-med', 'MO', bulkFileOf(respelled));
    expect(second.rowsUpserted).toBe(21);
    expect(await boardRows('mo-med')).toHaveLength(21);
  });

  it('keeps the first of two rows with one license number, so re-reading the bulk file stays a no-op', async () => {
    const board = { boardId: 'ca-md', jurisdiction: 'CA' as StateCode };
    const rows = [makeRecord(1, board), makeRecord(1, board, { status: 'revoked' }), makeRecord(2, board)];
    // Batch size 1 puts the duplicate in a later batch than the first occurrence.
    for (const batchSize of [50_000, 1]) {
      const counts = await ingest('ca-md', 'CA', bulkFileOf(rows), batchSize);
      expect(counts.eventsRecorded).toBe(0);
    }
    expect((await boardRows('ca-md')).map((r) => r.status)).toEqual([makeRecord(1).status, makeRecord(2).status]);
  });
});

describe('look-up results', () => {
  it('are merged like bulk-file rows, with events marked as look-ups', async () => {
    const board = { boardId: 'tx-med', jurisdiction: 'TX' as StateCode };
    const deps = { pool: server.ctx.pool, log: server.ctx.log };
    const found: SourceRecord[] = [
      makeRecord(1, board),
      makeRecord(2, board),
      makeRecord(3, board, { issueDate: 'soon' }),
    ];
    expect(await upsertLookedUpLicenses(deps, { records: found, sourceKind: 'html-lookup' })).toEqual({
      upserted: 2,
      events: 0,
      rejected: 1,
    });
    expect(await upsertLookedUpLicenses(deps, { records: found.slice(0, 2), sourceKind: 'html-lookup' })).toEqual({
      upserted: 0,
      events: 0,
      rejected: 0,
    });
    const renewed = { ...makeRecord(1, board), expiryDate: '2031-01-31' };
    expect(await upsertLookedUpLicenses(deps, { records: [renewed], sourceKind: 'html-lookup' })).toEqual({
      upserted: 1,
      events: 1,
      rejected: 0,
    });
    expect(await eventsOf('tx-med')).toEqual([
      {
        recordKey: renewed.licenseNumber,
        kind: 'expiry',
        before: makeRecord(1).expiryDate,
        after: '2031-01-31',
        source: 'lookup',
      },
    ]);
    const [{ n } = { n: 0 }] = await server.ctx.db
      .select({ n: count() })
      .from(license)
      .where(and(eq(license.boardId, 'tx-med'), isNull(license.discipline)));
    expect(n).toBe(2);
  });

  it('from several boards go in one merge, each row under its own board; overlapping merges do not deadlock', async () => {
    const deps = { pool: server.ctx.pool, log: server.ctx.log };
    const boards = [
      { boardId: 'nd-med', jurisdiction: 'ND' as StateCode },
      { boardId: 'vt-md', jurisdiction: 'VT' as StateCode },
      { boardId: 'me-md', jurisdiction: 'ME' as StateCode },
    ];
    // The same license number on two boards is two licenses.
    const answers = boards.map((board) => [makeRecord(10, board), makeRecord(11, board)]);
    const stored = await upsertLookedUpLicenses(deps, { records: answers.flat(), sourceKind: 'html-lookup' });
    expect(stored).toEqual({ upserted: 6, events: 0, rejected: 0 });
    for (const { boardId } of boards) expect((await boardRows(boardId)).map((r) => r.recordKey)).toHaveLength(2);

    // Twelve merges at once over the same boards, listed in different orders, each changing a status.
    const statuses = ['suspended', 'probation', 'inactive'] as const;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const order = i % 2 === 0 ? answers : [...answers].reverse();
        const records = order.flat().map((r) => ({ ...r, status: statuses[i % 3] ?? 'inactive', rawStatus: `S${i}` }));
        return upsertLookedUpLicenses(deps, { records, sourceKind: 'html-lookup' });
      }),
    );
    expect(results.every((r) => r.upserted === 6)).toBe(true);
    const last = (await boardRows('vt-md')).map((r) => r.rawStatus);
    expect(last[0]).toMatch(/^S\d+$/);
    expect(last[1]).toBe(last[0]);
  });
});
