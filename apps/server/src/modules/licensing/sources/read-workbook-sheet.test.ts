import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { type Board, type BoardInput, boardSchema } from '../config/board-config.ts';
import { BOARDS } from '../config/jurisdictions.ts';
import { type FixtureHandler, type FixtureServer, sendHtml, startFixtureServer } from '../fixture-server.ts';
import { createGateRegistry } from '../http-client.ts';
import { type BulkFileItem, SourceError } from '../types.ts';
import { createSource } from './create-source.ts';
import { MAX_WORKBOOK_UNPACKED_BYTES } from './read-workbook-sheet.ts';

// An .xlsx bulk file read through the delimited-file source (West Virginia's configuration, its address
// given): one sheet among several, its title row skipped, cells read as text, dates as dates.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = [
  'First Name',
  'Last Name',
  'Middle Name',
  'Suffix',
  'License Number',
  'License Expiration Date',
  'License Type',
];
const JUNE_30_2027 = new Date(Date.UTC(2027, 5, 30));

/** A workbook bulk file: a decoy sheet of the same columns first, then Licenses (or `name`) with `rows`. */
async function workbook(rows: unknown[][], name = 'Licenses'): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const special = book.addWorksheet('Special Licenses');
  special.addRows([['Special Licenses'], HEADER, ['Sam', 'Special', null, null, '90001', JUNE_30_2027, 'Volunteer']]);
  const licenses = book.addWorksheet(name);
  licenses.addRows([['Licenses'], HEADER, ...rows]);
  book.addWorksheet('Educational Permits').addRows([['Educational Permits'], HEADER.slice(0, 6)]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const ROWS: unknown[][] = [
  ['Ann', 'Lee', 'Marie', null, '23456', JUNE_30_2027, 'Medical Doctor'],
  // A number cell, a date typed as text, no License Type: the row ends early.
  ['Bob', 'Kim', null, 'Jr.', 34567, '06/30/2028'],
  // Cells that hold nothing: not a row.
  ['', null, '  '],
  ['Cy', 'Ray', null, null, '45678', 'soon', 'Medical Doctor'],
  ['Di', 'Fox', null, null, '56789', null, 'Medical Doctor'],
];

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const serve =
  (body: Uint8Array | string, contentType = XLSX): FixtureHandler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(typeof body === 'string' ? body : Buffer.from(body));
  };

/** West Virginia's real configuration, its workbook's address given as an operator would (no link to follow). */
async function westVirginia(handler: FixtureHandler, patch: Record<string, unknown> = {}) {
  await server?.close();
  server = await startFixtureServer(handler);
  const real = BOARDS.find((b) => b.id === 'wv-md') as BoardInput;
  const source = { ...real.source, url: `${server.url}/licensees.xlsx`, link: undefined, retries: 1, ...patch };
  const board: Board = boardSchema.parse({ ...real, source });
  return createSource(board, { gates: createGateRegistry() });
}

async function read(source: Awaited<ReturnType<typeof westVirginia>>) {
  const items: BulkFileItem[] = [];
  for await (const item of source.fetchBulkFile?.() ?? []) items.push(item);
  return {
    records: items.flatMap((i) => ('record' in i ? [{ ...i.record, row: i.row }] : [])),
    errors: items.flatMap((i) => ('error' in i ? [i.error] : [])),
  };
}

describe('a workbook bulk file (delimited-file source with `workbook`)', () => {
  it('reads the named sheet only, below its title row, dates and numbers as text the row reading takes', async () => {
    const { records, errors } = await read(await westVirginia(serve(await workbook(ROWS))));
    expect(records.map((r) => [r.row, r.licenseNumber, r.firstName, r.middleName, r.suffix, r.expiryDate])).toEqual([
      [3, '23456', 'Ann', 'Marie', null, '2027-06-30'],
      [4, '34567', 'Bob', null, 'Jr.', '2028-06-30'],
      [7, '56789', 'Di', null, null, null],
    ]);
    expect(records.every((r) => r.licenseType === 'MD' && r.status === 'active' && r.rawStatus === 'Active')).toBe(
      true,
    );
    // Errors carry the row number the spreadsheet shows.
    expect(errors).toEqual([{ row: 6, reason: "invalid expiry date 'soon'" }]);
  });

  it("writes a date cell in the source's first date form, so a single text form reads it too", async () => {
    const source = await westVirginia(serve(await workbook(ROWS.slice(0, 1))), { dateFormat: 'iso' });
    expect((await read(source)).records[0]?.expiryDate).toBe('2027-06-30');
    const american = await westVirginia(serve(await workbook(ROWS.slice(0, 1))), { dateFormat: 'mm/dd/yyyy' });
    expect((await read(american)).records[0]?.expiryDate).toBe('2027-06-30');
  });

  it('reads a day count in a date column as that date: a date whose format the reader does not know', async () => {
    const { records, errors } = await read(
      await westVirginia(serve(await workbook([['Eve', 'Ng', null, null, '67890', 46568, 'Medical Doctor']]))),
    );
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.licenseNumber, r.expiryDate])).toEqual([['67890', '2027-06-30']]);
  });

  it('refuses a workbook that unpacks past the limit, before reading it', async () => {
    // An entry of zeros packs small and unpacks large, as a zip bomb does.
    const parts = unzipSync(await workbook(ROWS));
    parts['xl/media/padding.bin'] = new Uint8Array(MAX_WORKBOOK_UNPACKED_BYTES);
    const bytes = zipSync(parts);
    expect(bytes.length).toBeLessThan(MAX_WORKBOOK_UNPACKED_BYTES / 100);
    await expect(read(await westVirginia(serve(bytes)))).rejects.toThrow(
      /^wv-md: the workbook unpacks to more than the reader takes \(32 MB\)$/,
    );
    // 2.4 s measured, 5.6 s at a load of 14, nearly all of it zipping the padding above.
  }, 20_000);

  it('refuses a workbook past the limit whose archive says it is small, as it unpacks', async () => {
    const parts = unzipSync(await workbook(ROWS));
    parts['xl/media/padding.bin'] = new Uint8Array(MAX_WORKBOOK_UNPACKED_BYTES + 1024 * 1024);
    const bytes = Buffer.from(zipSync(parts));
    // The padding's sizes, in its central-directory record and in its local header, say 1 KB.
    const name = Buffer.from('xl/media/padding.bin');
    for (let at = bytes.indexOf(name); at >= 0; at = bytes.indexOf(name, at + 1)) {
      if (bytes.readUInt32LE(at - 46) === 0x02014b50) {
        bytes.writeUInt32LE(1024, at - 46 + 24);
        bytes.writeUInt32LE(1024, bytes.readUInt32LE(at - 46 + 42) + 22);
      }
    }
    await expect(read(await westVirginia(serve(bytes)))).rejects.toThrow(
      /^wv-md: the workbook unpacks to more than the reader takes \(32 MB\)$/,
    );
    // 2.5 s measured, most of it zipping the padding above.
  }, 20_000);

  it('fails naming the sheets the workbook has when the configured one is not among them', async () => {
    const source = await westVirginia(serve(await workbook(ROWS, 'Active Licenses')));
    const error = await read(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure).toEqual({
      kind: 'parse-failure',
      message:
        "wv-md: the workbook has no sheet 'Licenses'; its sheets are 'Special Licenses', 'Active Licenses', 'Educational Permits'",
    });
  });

  it('fails with the header error when no row of the sheet starts like the header', async () => {
    const source = await westVirginia(serve(await workbook(ROWS)), { headerStartsWith: 'Last Name' });
    await expect(read(source)).rejects.toThrow("wv-md: no line of the bulk file starts with 'Last Name' (its header)");
    const lacking = await westVirginia(serve(await workbook(ROWS)), {
      columns: { licenseNumber: 'License #', firstName: 'First Name', lastName: 'Last Name' },
    });
    await expect(read(lacking)).rejects.toThrow("the bulk file's header lacks 'License #'");
  });

  it('fails with parse-failure when the Rosters page or a text file is served instead of the workbook', async () => {
    // The configured address before an operator gives the file's: the page that links it.
    const page = await westVirginia((_req, res) =>
      sendHtml(res, '<html><a href="r.xlsx">Roster of Medical Doctors</a>'),
    );
    await expect(read(page)).rejects.toThrow('answered an HTML page where a bulk file was expected');
    const text = await westVirginia(serve(`${HEADER.join(',')}\r\nAnn,Lee,,,23456,06/30/2027,MD\r\n`, 'text/csv'));
    const error = await read(text).catch((e: unknown) => e);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
    expect((error as SourceError).message).toContain('wv-md: the download is not a readable .xlsx workbook');
  });

  it('fails with unavailable, not a damaged workbook, when the connection drops mid-download', async () => {
    const bytes = Buffer.from(await workbook(ROWS));
    const source = await westVirginia((_req, res) => {
      res.writeHead(200, { 'content-type': XLSX, 'content-length': String(bytes.length) });
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await read(source).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('unavailable');
  });

  it('needs a delimiter for a text file and none for a workbook', () => {
    const real = BOARDS.find((b) => b.id === 'wv-md') as BoardInput;
    const { workbook: _sheet, ...text } = real.source as Record<string, unknown>;
    const issues = boardSchema.safeParse({ ...real, source: text }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['source.delimiter', 'is required unless the download is a workbook'],
    ]);
    expect(boardSchema.safeParse({ ...real, source: { ...text, delimiter: ',' } }).success).toBe(true);
    expect(boardSchema.safeParse(real).success).toBe(true);
  });
});
