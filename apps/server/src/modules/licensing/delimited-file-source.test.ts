import { strToU8, Zip, ZipDeflate, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { DelimitedFileSource, textLines, unzipEntry } from './delimited-file-source.ts';
import { type FixtureHandler, type FixtureServer, sendHtml, simBoard, startFixtureServer } from './fixture-server.ts';
import { createGateRegistry } from './http-client.ts';
import { createSource } from './sources/create-source.ts';
import { type BulkFileItem, SourceError } from './types.ts';

const FL_HEADER =
  'LICENSE_NUMBER|LAST_NAME|FIRST_NAME|MIDDLE_NAME|SUFFIX|PROFESSION|STATUS|ORIGINAL_ISSUE_DATE|EXPIRATION_DATE|DISCIPLINE';
const FL_BULK_FILE = [
  FL_HEADER,
  'ME123456|SMITH|JOHN|A||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027|',
  "ME123457|O'BRIEN|SEAN||JR|MEDICAL DOCTOR|DELINQUENT/ACTIVE|1/5/1999|01/31/2025|",
  'ME123458|GARCÍA-LÓPEZ|MARÍA|JOSÉ||MEDICAL DOCTOR|PROBATION/ACTIVE|03/15/2010|01/31/2026|Reprimand "public", fined',
  'ME123459|SHORT|ROW|MEDICAL DOCTOR',
  '|NONUMBER|PAT|||MEDICAL DOCTOR|NULL AND VOID|02/30/2001||',
  'ME123460|NEWSTATUS|KIM|||MEDICAL DOCTOR|PENDING REVIEW|12/01/2020||',
  '',
  'ME123461|LAST|ROW|||MEDICAL DOCTOR|SUSPENDED|12/01/2020|12/01/2022|Emergency suspension',
].join('\n');

const MO_HEADER =
  'prc_first_name\tprc_middle_name\tprc_last_name\tprc_suffix\tlic_profession\tlic_number\tlst_description\tlic_orig_issue_date\tlic_exp_date';
function moRows(n: number): string {
  const lines = [MO_HEADER];
  for (let i = 0; i < n; i++) {
    const type = i % 9 === 0 ? 'PHYSICIAN AND SURGEON (DO)' : 'PHYSICIAN AND SURGEON (MD)';
    const status = ['Active', 'Expired', 'Probation', 'Suspended', 'Revoked', 'Inactive'][i % 6];
    lines.push(
      `FIRST${i}\t\tLAST${i}\t${i % 50 === 0 ? 'III' : ''}\t${type}\t${2000000000 + i}\t${status}\t05/0${(i % 9) + 1}/2004\t01/31/2027`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const CA_BULK_FILE = [
  'License Number,Last Name,First Name,Middle Name,Name Suffix,License Type,License Status,Original Issue Date,Expiration Date',
  'A123456,Smith,John,Q,Jr.,Physician and Surgeon A,License Renewed & Current,2001-07-01,2027-01-31',
  '"A123457","de la Cruz","Juan","Carlos, María","",Physician and Surgeon A,"License Probation",2010-03-15,2026-03-31',
  'A123458,Nguyễn,Thị,,,Physician and Surgeon A,License Expired,1995-02-28,',
  '20A12345,Brown,Zoe,,,Osteopathic Physician and Surgeon,License Renewed & Current,2015-06-30,2027-06-30',
  'A123459,Unknown,Type,,,Dentist,License Renewed & Current,2015-06-30,2027-06-30',
  'A123460,Bad,Date,,,Physician and Surgeon A,License Revoked,2015/06/30,2027-06-30',
  'A123461,"Unclosed,Quote,,,Physician and Surgeon A,License Expired,2001-01-01,',
  'A123462,After,Quote,,,Physician and Surgeon A,License Suspended,2001-01-01,2003-01-01',
].join('\r\n');

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function serveFile(body: Uint8Array | string, contentType = 'application/octet-stream'): FixtureHandler {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType });
    res.end(typeof body === 'string' ? body : Buffer.from(body));
  };
}

async function boardSource(id: string, handler: FixtureHandler, patch: Record<string, unknown> = {}) {
  await server?.close();
  server = await startFixtureServer(handler);
  return createSource(simBoard(id, server.url, patch), { gates: createGateRegistry() });
}

async function collect(items: AsyncIterable<BulkFileItem> | undefined): Promise<BulkFileItem[]> {
  const all: BulkFileItem[] = [];
  for await (const item of items ?? []) all.push(item);
  return all;
}

const records = (items: BulkFileItem[]) => items.flatMap((i) => ('record' in i ? [i.record] : []));
const errors = (items: BulkFileItem[]) => items.flatMap((i) => ('error' in i ? [i.error] : []));

function streamedZip(files: Record<string, string>): Promise<Uint8Array> {
  // fflate's streaming Zip writes data descriptors (sizes after the data), as streaming servers do.
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const zip = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      parts.push(chunk);
      if (final) resolve(Buffer.concat(parts));
    });
    for (const [name, text] of Object.entries(files)) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(strToU8(text), true);
    }
    zip.end();
  });
}

describe('DelimitedFileSource — Florida pipe-delimited bulk file', () => {
  it('reads records, maps statuses and MM/DD/YYYY dates, and counts malformed rows without stopping', async () => {
    const source = await boardSource('fl-md', serveFile(FL_BULK_FILE, 'text/plain; charset=utf-8'));
    expect(source).toBeInstanceOf(DelimitedFileSource);
    const items = await collect(source.fetchBulkFile?.());
    expect(server?.requests[0]?.url.pathname).toBe('/files/fl-md/licensees.txt');
    expect(records(items).map((r) => [r.licenseNumber, r.status, r.rawStatus])).toEqual([
      ['ME123456', 'active', 'CLEAR/ACTIVE'],
      ['ME123457', 'expired', 'DELINQUENT/ACTIVE'],
      ['ME123458', 'probation', 'PROBATION/ACTIVE'],
      ['ME123460', 'unknown', 'PENDING REVIEW'],
      ['ME123461', 'suspended', 'SUSPENDED'],
    ]);
    expect(errors(items)).toEqual([
      { row: 5, reason: 'expected 10 fields, found 4' },
      { row: 6, reason: "invalid issue date '02/30/2001'" },
    ]);
    const [smith, obrien, garcia] = records(items);
    expect(smith).toEqual({
      jurisdiction: 'FL',
      boardId: 'fl-md',
      licenseType: 'MD',
      licenseNumber: 'ME123456',
      firstName: 'JOHN',
      middleName: 'A',
      lastName: 'SMITH',
      suffix: null,
      rawStatus: 'CLEAR/ACTIVE',
      status: 'active',
      issueDate: '2001-07-01',
      expiryDate: '2027-01-31',
      discipline: null,
    });
    expect(obrien).toMatchObject({ lastName: "O'BRIEN", suffix: 'JR', issueDate: '1999-01-05' });
    expect(garcia).toMatchObject({
      lastName: 'GARCÍA-LÓPEZ',
      middleName: 'JOSÉ',
      discipline: 'Reprimand "public", fined',
    });
  });

  it('finds a header that is not on the first line, and says so when no line starts like it', async () => {
    const titled = `Florida licensees\nAs of 11/01/2026,,,\n\n${FL_BULK_FILE}`;
    const source = await boardSource('fl-md', serveFile(titled), { headerStartsWith: 'License_Number' });
    const items = await collect(source.fetchBulkFile?.());
    expect(records(items).map((r) => r.licenseNumber)).toContain('ME123456');
    expect(records(items)).toHaveLength(
      records(await collect((await boardSource('fl-md', serveFile(FL_BULK_FILE))).fetchBulkFile?.())).length,
    );
    const wrong = await boardSource('fl-md', serveFile(titled), { headerStartsWith: 'License #' });
    await expect(collect(wrong.fetchBulkFile?.())).rejects.toThrow("no line of the bulk file starts with 'License #'");
  });

  it('has no live search: look-ups go to the registry', async () => {
    const source = await boardSource('fl-do', serveFile(FL_BULK_FILE));
    expect(await source.search({ licenseNumber: 'OS1' })).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
  });

  it('fails the bulk file with parse-failure when the header lacks a configured column', async () => {
    const source = await boardSource('fl-md', serveFile(FL_BULK_FILE.replace('STATUS|', 'STATE|')));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
    expect((error as SourceError).message).toContain("lacks 'STATUS'");
  });

  it('fails with parse-failure when an HTML page is served instead of the file', async () => {
    const source = await boardSource('fl-md', (_req, res) => sendHtml(res, '<html>Please log in</html>'));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect((error as SourceError).failure).toMatchObject({ kind: 'parse-failure' });
  });

  it('fails with unavailable when the connection drops mid-download', async () => {
    const body = Buffer.from(`${FL_BULK_FILE}\n${FL_BULK_FILE.split('\n')[1]?.repeat(1)}`);
    const source = await boardSource('fl-md', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(body.length * 10) });
      res.write(body.subarray(0, 200));
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('unavailable');
  });

  it('reports health from the response headers without reading the file', async () => {
    const source = await boardSource('fl-md', serveFile(FL_BULK_FILE));
    expect(await source.health()).toMatchObject({ ok: true });
    const down = await boardSource('fl-md', (_req, res) => sendHtml(res, '<h1>Maintenance</h1>', 503));
    expect(await down.health()).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 503 } });
  });

  it('streams a large bulk file quickly', async () => {
    const lines = [FL_HEADER];
    for (let i = 0; i < 20_000; i++)
      lines.push(`ME${100000 + i}|LAST${i}|FIRST${i}|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027|`);
    const source = await boardSource('fl-md', serveFile(lines.join('\n')));
    let count = 0;
    for await (const item of source.fetchBulkFile?.() ?? []) if ('record' in item) count++;
    expect(count).toBe(20_000);
  });
});

describe('DelimitedFileSource — Missouri ZIP of tab-delimited text', () => {
  it('reads the named entry out of a ZIP written in one piece', async () => {
    const zip = zipSync({ 'readme.txt': strToU8('not this one'), 'physicians.txt': strToU8(moRows(40)) });
    const source = await boardSource('mo-med', serveFile(zip, 'application/zip'));
    const items = await collect(source.fetchBulkFile?.());
    expect(server?.requests[0]?.url.pathname).toBe('/files/mo-med/licensees.zip');
    expect(errors(items)).toEqual([]);
    const all = records(items);
    expect(all).toHaveLength(40);
    expect(all[0]).toEqual({
      jurisdiction: 'MO',
      boardId: 'mo-med',
      licenseType: 'DO',
      licenseNumber: '2000000000',
      firstName: 'FIRST0',
      middleName: null,
      lastName: 'LAST0',
      suffix: 'III',
      rawStatus: 'Active',
      status: 'active',
      issueDate: '2004-05-01',
      expiryDate: '2027-01-31',
      discipline: null,
    });
    expect(all[1]).toMatchObject({ licenseType: 'MD', status: 'expired' });
    expect(all[2]?.status).toBe('probation');
  });

  it('reads a streamed ZIP (data descriptors) arriving in small chunks', async () => {
    const zip = await streamedZip({ 'physicians.txt': moRows(3000) });
    const source = await boardSource('mo-med', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      let offset = 0;
      const pump = () => {
        while (offset < zip.length) {
          const ok = res.write(zip.subarray(offset, offset + 777));
          offset += 777;
          if (!ok) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
    });
    const items = await collect(source.fetchBulkFile?.());
    expect(errors(items)).toEqual([]);
    expect(records(items)).toHaveLength(3000);
  });

  it('fails with parse-failure on a truncated ZIP', async () => {
    const zip = zipSync({ 'physicians.txt': strToU8(moRows(3000)) });
    const source = await boardSource('mo-med', serveFile(zip.subarray(0, Math.floor(zip.length * 0.6))));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
    expect((error as SourceError).message).toMatch(/truncated/);
  });

  it('fails with parse-failure when the ZIP lacks the configured entry', async () => {
    const zip = zipSync({ 'other.txt': strToU8(moRows(3)) });
    const source = await boardSource('mo-med', serveFile(zip));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
    expect((error as SourceError).message).toContain("no entry named 'physicians.txt'");
  });

  it('fails with parse-failure when the download is not a ZIP at all', async () => {
    const source = await boardSource('mo-med', serveFile(moRows(3)));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
  });
});

describe('DelimitedFileSource — California CSV', () => {
  it('maps the headers, RFC 4180 quoting, accents, ISO dates and statuses; bad rows are counted', async () => {
    const source = await boardSource('ca-md', serveFile(CA_BULK_FILE, 'text/csv'));
    const items = await collect(source.fetchBulkFile?.());
    expect(server?.requests[0]?.url.pathname).toBe('/files/ca-md/licensees.csv');
    expect(
      records(items).map((r) => [r.licenseNumber, r.lastName, r.firstName, r.middleName, r.suffix, r.status]),
    ).toEqual([
      ['A123456', 'Smith', 'John', 'Q', 'Jr.', 'active'],
      ['A123457', 'de la Cruz', 'Juan', 'Carlos, María', null, 'probation'],
      ['A123458', 'Nguyễn', 'Thị', null, null, 'expired'],
      ['A123462', 'After', 'Quote', null, null, 'suspended'],
    ]);
    expect(records(items)[2]).toMatchObject({ issueDate: '1995-02-28', expiryDate: null, jurisdiction: 'CA' });
    // The DO row belongs to ca-do and is skipped silently; the dentist and the bad date are errors.
    expect(errors(items)).toEqual([
      { row: 6, reason: "unknown license type 'Dentist'", unknown: { field: 'licenseType', value: 'Dentist' } },
      { row: 7, reason: "invalid issue date '2015/06/30'" },
      // An unclosed quote costs its own row only, not the rest of the file.
      { row: 8, reason: 'unbalanced quotes (a quoted field is not closed on its line)' },
    ]);
  });

  it('reads the osteopathic board’s own file', async () => {
    const source = await boardSource('ca-do', serveFile(CA_BULK_FILE, 'text/csv'));
    const items = await collect(source.fetchBulkFile?.());
    expect(server?.requests[0]?.url.pathname).toBe('/files/ca-do/licensees.csv');
    expect(records(items).map((r) => [r.licenseNumber, r.licenseType, r.boardId])).toEqual([
      ['20A12345', 'DO', 'ca-do'],
    ]);
  });
});

describe("DelimitedFileSource — a file that answers a page's form posted back (postBack)", () => {
  const PAGE = `<html><body>
<form action="/search" method="get"><input name="q"><input type="submit" value="Search"></form>
<form method="post" action="./download.aspx" id="form1">
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="v+1/=" />
<select name="ctl00$type"><option value="">All</option><option value="MD">MD</option></select>
<input type="submit" name="ctl00$go" value="Download" />
</form></body></html>`;

  async function postBackSource(answerPost: FixtureHandler) {
    await server?.close();
    server = await startFixtureServer((req, res, url, body) => {
      if (req.method === 'POST') return answerPost(req, res, url, body);
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'set-cookie': ['ASP.NET_SessionId=abc123; path=/; HttpOnly', 'lb=7; path=/'],
      });
      res.end(PAGE);
    });
    const board = simBoard('ca-md', server.url, { url: `${server.url}/Verification/download.aspx`, postBack: {} });
    return createSource(board, { gates: createGateRegistry() });
  }

  it('reads the page, posts its form back with the cookies it set, and reads the answer as the bulk file', async () => {
    const source = await postBackSource(serveFile(`\uFEFF${CA_BULK_FILE}`, 'text/csv'));
    const items = await collect(source.fetchBulkFile?.());
    expect(records(items)).toHaveLength(4);
    const [page, post] = server?.requests ?? [];
    expect([page?.method, page?.url.pathname]).toEqual(['GET', '/Verification/download.aspx']);
    expect([post?.method, post?.url.pathname]).toEqual(['POST', '/Verification/download.aspx']);
    expect(post?.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      cookie: 'ASP.NET_SessionId=abc123; lb=7',
      referer: `${server?.url}/Verification/download.aspx`,
    });
    expect(post?.body).toBe('__VIEWSTATE=v%2B1%2F%3D&ctl00%24type=&ctl00%24go=Download');
  });

  it('fails clearly when the board answers with its page again, and checks health without posting', async () => {
    const source = await postBackSource((_req, res) => sendHtml(res, PAGE));
    const error = await collect(source.fetchBulkFile?.()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
    expect((error as SourceError).message).toBe(
      `ca-md: the form of ${server?.url}/Verification/download.aspx, posted back, was answered with a page, not the bulk file: the board did not take the post-back (its state, session cookie or button; postBack.submit names the button)`,
    );
    const before = server?.requests.length ?? 0;
    expect(await source.health()).toMatchObject({ ok: true });
    expect(server?.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
  });
});

describe('DelimitedFileSource — a list in several files (moreFiles)', () => {
  /** Missouri's simulator shape: rows of one type, or of a type no board of ours licenses. */
  const moFile = (type: string, n: number) =>
    [
      MO_HEADER,
      ...Array.from({ length: n }, (_, i) => `F${i}\t\tL${i}\t\t${type}\t${type.length}${i}\tActive\t05/01/2004\t`),
    ].join('\r\n');
  const MD = 'PHYSICIAN AND SURGEON (MD)';
  const DO = 'PHYSICIAN AND SURGEON (DO)';

  async function twoFileSource(second: string) {
    const files: Record<string, Uint8Array> = {
      '/files/mo-med/licensees.zip': zipSync({ 'physicians.txt': strToU8(moFile(MD, 3)) }),
      '/more/dos.zip': zipSync({ 'dos.txt': strToU8(second) }),
    };
    await server?.close();
    server = await startFixtureServer((req, res, url) => serveFile(files[url.pathname] ?? '')(req, res, url, ''));
    // Another profession's rows are skipped, as in a real multi-profession list.
    const board = simBoard('mo-med', server.url, {
      moreFiles: [{ url: `${server.url}/more/dos.zip`, zipEntry: 'dos.txt' }],
      unknownLicenseType: 'skip',
    });
    return createSource(board, { gates: createGateRegistry() }) as DelimitedFileSource;
  }

  it('reads every file in one iteration, a file of DOs only included, and checks each is there', async () => {
    const source = await twoFileSource(moFile(DO, 2));
    const items = await collect(source.fetchBulkFile());
    expect(errors(items)).toEqual([]);
    expect(records(items).map((r) => r.licenseType)).toEqual(['MD', 'MD', 'MD', 'DO', 'DO']);
    const before = server?.requests.length ?? 0;
    expect(await source.health()).toMatchObject({ ok: true });
    expect(server?.requests.slice(before).map((r) => r.url.pathname)).toEqual([
      '/files/mo-med/licensees.zip',
      '/more/dos.zip',
    ]);
  });

  it("fails a file from which nothing of the board's is read, naming it, though the other held physicians", async () => {
    const source = await twoFileSource(moFile('DENTIST', 2));
    await expect(collect(source.fetchBulkFile())).rejects.toThrow(
      "mo-med: none of the 2 rows of the bulk file dos.zip is of this board's license types; the list's types were 'DENTIST' (2)",
    );
  });

  it('reads a copy a person loaded of any of the files, by whichever configured entry the ZIP holds', async () => {
    const source = await twoFileSource(moFile(DO, 2));
    const once = (bytes: Uint8Array) =>
      (async function* () {
        yield bytes;
      })();
    const dos = await collect(source.readBulkFile(once(zipSync({ 'dos.txt': strToU8(moFile(DO, 2)) }))));
    expect(records(dos).map((r) => r.licenseType)).toEqual(['DO', 'DO']);
    await expect(collect(source.readBulkFile(once(zipSync({ 'other.txt': strToU8(moFile(DO, 2)) }))))).rejects.toThrow(
      "the ZIP holds no entry named 'physicians.txt' or 'dos.txt'",
    );
  });
});

describe('unzipEntry', () => {
  it('stops reading once the wanted entry is complete', async () => {
    const zip = zipSync({ 'a.txt': strToU8('alpha'), 'b.txt': strToU8('beta') });
    let pulled = 0;
    async function* chunks() {
      for (let i = 0; i < zip.length; i += 16) {
        pulled++;
        yield zip.subarray(i, i + 16);
      }
    }
    const parts: Uint8Array[] = [];
    for await (const part of unzipEntry(chunks(), 'a.txt')) parts.push(part);
    expect(Buffer.concat(parts).toString()).toBe('alpha');
    expect(pulled).toBeLessThan(Math.ceil(zip.length / 16));
  });
});

describe('textLines', () => {
  async function* chunked(bytes: Uint8Array, size: number) {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  async function join(lines: AsyncIterable<string>) {
    let all = '';
    for await (const block of lines) all += block;
    return all;
  }

  it('decodes UTF-8 split across chunks and Latin-1', async () => {
    const text = 'a|García|Nguyễn\nb|Zoë|Ørsted\n';
    expect(await join(textLines(chunked(Buffer.from(text), 3), 'utf-8', null))).toBe(text);
    expect(await join(textLines(chunked(Buffer.from('Müller|José\n', 'latin1'), 2), 'latin1', null))).toBe(
      'Müller|José\n',
    );
  });

  it('refuses a file with no line breaks at all', async () => {
    const blob = new Uint8Array(3 << 20).fill(65);
    const error = await join(textLines(chunked(blob, 1 << 16), 'utf-8', null)).catch((e: unknown) => e);
    expect((error as SourceError).failure.kind).toBe('parse-failure');
  });
});

describe('DelimitedFileSource row filters', () => {
  const NATIONAL = [
    'LICENSE_NUMBER|LAST_NAME|FIRST_NAME|MIDDLE_NAME|SUFFIX|PROFESSION|STATUS|ORIGINAL_ISSUE_DATE|EXPIRATION_DATE|DISCIPLINE|STATE',
    'ME1|SMITH|JOHN|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027||TX',
    'ME2|JONES|AMY|||MEDICAL DOCTOR|CLEAR/ACTIVE|07/01/2001|01/31/2027||OK',
    'ME3|BROWN|ZOE|||MEDICAL DOCTOR|SURRENDERED|07/01/2001|01/31/2027|| tx ',
    'ME4|GREEN|AL|||MEDICAL DOCTOR|GONE FISHING|07/01/2001|01/31/2027||NM',
  ].join('\n');

  it('keeps only the rows whose column equals the value, compared trimmed and case-insensitively', async () => {
    const source = await boardSource('fl-md', serveFile(NATIONAL), { filter: { column: 'state', equals: 'TX' } });
    const items = await collect(source.fetchBulkFile?.());
    expect(records(items).map((r) => [r.licenseNumber, r.status])).toEqual([
      ['ME1', 'active'],
      ['ME3', 'surrendered'],
    ]);
  });

  it('keeps the rows whose column is in the list, and marks unknown status wording', async () => {
    const source = await boardSource('fl-md', serveFile(NATIONAL), { filter: { column: 'STATE', in: ['OK', 'NM'] } });
    const items = await collect(source.fetchBulkFile?.());
    expect(records(items).map((r) => r.licenseNumber)).toEqual(['ME2', 'ME4']);
    expect(items.filter((i) => 'unknown' in i)).toEqual([
      expect.objectContaining({ unknown: { field: 'status', value: 'GONE FISHING' } }),
    ]);
  });

  it('fails the bulk file when the filter column is not in the header', async () => {
    const source = await boardSource('fl-md', serveFile(NATIONAL), { filter: { column: 'province', equals: 'TX' } });
    await expect(collect(source.fetchBulkFile?.())).rejects.toThrow(/lacks the filter column 'province'/);
  });
});
