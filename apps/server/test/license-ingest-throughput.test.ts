import type { StateCode } from '@licensewatch/shared/states';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ingestBulkFile } from '../src/modules/licensing/ingest/ingest-bulk-file.ts';
import type { BulkFileItem } from '../src/modules/licensing/types.ts';
import { makeRecord } from './support/bulk-files.ts';
import { startTestServer, type TestServer } from './support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

// More rows than one batch of ingestBulkFile (50,000), so that a batch boundary is crossed; the
// throughput at scale is `npm run bench`'s (docs/budgets.md, License engine), not this test's. At
// 200,000 rows this file took 149 s of the suite's time on a busy machine.
const ROWS = 60_000;
const board = { boardId: 'fl-md', jurisdiction: 'FL' as StateCode };

// Generated on the fly, as a download would arrive: the bulk file itself never sits in memory.
async function* generated(statusShift = 0): AsyncGenerator<BulkFileItem> {
  for (let i = 0; i < ROWS; i++) {
    const record = makeRecord(i, board);
    if (statusShift && i % 100 === 0) record.status = record.status === 'active' ? 'suspended' : 'active';
    yield { record, row: i + 2 };
  }
}

async function measure(label: string, items: AsyncIterable<BulkFileItem>) {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 50);
  const started = performance.now();
  const counts = await ingestBulkFile(server.ctx, { ...board, sourceKind: 'delimited-file', items });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `[ingest throughput] ${database}, ${label}: ${ROWS} rows in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s; ` +
      `${counts.rowsUpserted} upserted, ${counts.eventsRecorded} events; heap growth ≤ ${Math.round((heapPeak - heapBefore) / 1e6)} MB`,
  );
  return counts;
}

it('ingests a bulk file of more than one batch and reports rows/s', { timeout: 300_000 }, async () => {
  expect(await measure('first load', generated())).toMatchObject({ rowsRead: ROWS, rowsUpserted: ROWS });
  expect(await measure('re-read, 1% status changes', generated(1))).toMatchObject({ rowsUpserted: ROWS / 100 });
});
