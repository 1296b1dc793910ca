import { describe, expect, it } from 'vitest';
import type { LicenseBoard, LicenseSources } from '../license-sources.ts';
import {
  type BulkFileItem,
  type LicenseSource,
  SourceError,
  type SourceFailure,
  type SourceQuery,
  type SourceRecord,
} from '../types.ts';
import { probeBoard } from './probe-board.ts';

const record = (n: number, patch: Partial<SourceRecord> = {}): SourceRecord => ({
  jurisdiction: 'NY',
  boardId: 'ny-med',
  licenseType: 'MD',
  licenseNumber: String(n),
  firstName: 'Ann',
  middleName: null,
  lastName: 'Smith',
  suffix: null,
  rawStatus: 'Active',
  status: 'active',
  issueDate: '2001-07-01',
  expiryDate: '2027-01-31',
  discipline: null,
  ...patch,
});

const LOOKUP: LicenseBoard = {
  id: 'ny-med',
  jurisdiction: 'NY',
  licenseTypes: ['MD', 'DO'],
  sourceKind: 'html-lookup',
  method: 'lookup',
  methodDetail: null,
  name: 'New York',
  lookupUrl: 'https://board.example/ny',
};
const BULK: LicenseBoard = {
  ...LOOKUP,
  id: 'wa-do',
  jurisdiction: 'WA',
  licenseTypes: ['DO'],
  sourceKind: 'socrata',
  method: 'bulk',
};

function sourcesOf(source: Partial<LicenseSource>): LicenseSources {
  return {
    boards: [LOOKUP, BULK],
    sourceFor: (boardId) => ({
      boardId,
      search: async () => ({ ok: true, value: [] }),
      health: async () => ({ ok: true, value: { latencyMs: 1 } }),
      ...source,
    }),
  };
}

describe('probeBoard', () => {
  it('searches a look-up board for its probe name and passes when every field reads', async () => {
    const asked: SourceQuery[] = [];
    const sources = sourcesOf({
      search: async (query) => {
        asked.push(query);
        return { ok: true, value: [record(1), record(2)] };
      },
    });
    const probe = await probeBoard(sources, { ...LOOKUP, probe: { lastName: 'Okafor' } });
    expect(probe).toMatchObject({ outcome: 'ok', asked: 'Okafor (MD)', rows: 2, failures: [], gaps: [] });
    expect(asked).toEqual([{ lastName: 'Okafor', firstName: '', licenseType: 'MD' }]);
    // --name asks that name instead; a board without one of its own asks its state's common surname.
    await probeBoard(
      sources,
      { ...LOOKUP, probe: { lastName: 'Okafor' } },
      { name: { lastName: 'Lee', firstName: 'Ann' } },
    );
    await probeBoard(sources, { ...LOOKUP, jurisdiction: 'TX' });
    expect(asked.slice(1)).toEqual([
      { lastName: 'Lee', firstName: 'Ann', licenseType: 'MD' },
      { lastName: 'Garcia', firstName: '', licenseType: 'MD' },
    ]);
  });

  it('tells the outcome from the failure the connector reports', async () => {
    const failing = (error: SourceFailure) =>
      probeBoard(sourcesOf({ search: async () => ({ ok: false, error }) }), LOOKUP);
    expect(await failing({ kind: 'moved', status: 404, message: 'board.example answered HTTP 404' })).toMatchObject({
      outcome: 'moved',
      failures: ['moved (HTTP 404): board.example answered HTTP 404'],
    });
    expect((await failing({ kind: 'blocked', message: 'a DataDome challenge page' })).outcome).toBe('blocked');
    expect((await failing({ kind: 'parse-failure', message: 'neither rows nor marker' })).outcome).toBe('changed');
    expect((await failing({ kind: 'unavailable', status: 503, message: 'maintenance' })).outcome).toBe('unavailable');
    expect((await failing({ kind: 'timeout', message: 'no answer within 20000 ms' })).outcome).toBe('slow');
  });

  it('fails a field that no longer reads on most rows as changed, and lists smaller gaps', async () => {
    const gaps = sourcesOf({
      search: async () => ({
        ok: true,
        value: [record(1, { expiryDate: null }), record(2, { expiryDate: null }), record(3)],
        notes: { rejectedRows: ["invalid expiry date '13/45/2027'"], saidNoResults: false },
      }),
    });
    expect(await probeBoard(gaps, LOOKUP)).toMatchObject({
      outcome: 'ok',
      rows: 4,
      failures: [],
      gaps: [
        '2 of 4 rows have no expiry date',
        "1 of 4 rows could not be read: invalid expiry date (e.g. '13/45/2027')",
      ],
    });
    const broken = sourcesOf({
      search: async () => ({ ok: true, value: [record(1, { expiryDate: null }), record(2, { expiryDate: null })] }),
    });
    expect(await probeBoard(broken, LOOKUP)).toMatchObject({
      outcome: 'changed',
      failures: ['2 of 2 rows have no expiry date'],
    });
  });

  it('checks nothing on the board’s own no-results page, and calls an empty page without a marker changed', async () => {
    const said = sourcesOf({
      search: async () => ({ ok: true, value: [], notes: { rejectedRows: [], saidNoResults: true } }),
    });
    const nobody = await probeBoard(said, LOOKUP);
    expect(nobody.outcome).toBeNull();
    expect(nobody.failures[0]).toMatch(
      /^the board answered its no-results page for Smith \(MD\): no field could be checked/,
    );
    expect(await probeBoard(sourcesOf({}), LOOKUP)).toMatchObject({
      outcome: 'changed',
      failures: [
        'no rows for Smith (MD), and no no-results marker to say the board found nobody: a page that changed reads the same',
      ],
    });
  });

  it('calls an answer over the slow limit slow, and no answer within the time limit slow too', async () => {
    const late = sourcesOf({
      search: () => new Promise((resolve) => setTimeout(() => resolve({ ok: true, value: [record(1)] }), 60)),
    });
    const slow = await probeBoard(late, LOOKUP, { slowMs: 20 });
    expect(slow.outcome).toBe('slow');
    expect(slow.failures[0]).toMatch(/^answered in \d+ ms, over the 20 ms limit$/);
    const never = sourcesOf({ search: () => new Promise(() => {}) });
    expect(await probeBoard(never, LOOKUP, { timeLimitMs: 50 })).toMatchObject({
      outcome: 'slow',
      failures: ['timeout: no answer within 50 ms'],
    });
    const throws = sourcesOf({ search: () => Promise.reject(new Error('connector bug')) });
    expect(await probeBoard(throws, LOOKUP)).toMatchObject({
      outcome: 'unavailable',
      failures: ['unavailable: connector bug'],
    });
  });

  it('reads only the first rows of a bulk board’s bulk file, counting the unreadable ones', async () => {
    let yielded = 0;
    const bulkFile = sourcesOf({
      async *fetchBulkFile(): AsyncIterable<BulkFileItem> {
        for (let n = 1; n <= 1000; n++) {
          yielded++;
          yield n % 10 === 0
            ? { error: { row: n, reason: "invalid expiry date '2027-13-01'" } }
            : { record: record(n, { boardId: 'wa-do', licenseType: 'DO' }), row: n };
        }
      },
    });
    const probe = await probeBoard(bulkFile, BULK, { bulkFileRows: 20 });
    expect(yielded).toBe(20);
    expect(probe).toMatchObject({
      outcome: 'ok',
      asked: 'the first 20 rows of the bulk file',
      rows: 20,
      gaps: ["2 of 20 rows could not be read: invalid expiry date (e.g. '2027-13-01')"],
    });
    const changed = sourcesOf({
      // biome-ignore lint/correctness/useYield: a bulk file whose header no longer reads fails before its first row.
      async *fetchBulkFile(): AsyncIterable<BulkFileItem> {
        throw new SourceError({ kind: 'parse-failure', message: "wa-do: the bulk file's header lacks 'LAST_NAME'" });
      },
    });
    expect(await probeBoard(changed, BULK)).toMatchObject({
      outcome: 'changed',
      failures: ["parse-failure: wa-do: the bulk file's header lacks 'LAST_NAME'"],
    });
  });
});
