import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureServer, startFixtureServer } from '../../licensing/fixture-server.ts';
import { createGateRegistry, HttpClient } from '../../licensing/http-client.ts';
import { leieSupplementPaths, openLeieSupplement } from './open-leie-supplement.ts';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An OIG stand-in that publishes exactly `published` (case-sensitively) and answers `status` for `failing`. */
async function oig(published: string[], failing: Record<string, number> = {}) {
  server = await startFixtureServer((_req, res, url) => {
    const path = url.pathname.replace(/^\/exclusions\/downloadables\//, '');
    if (failing[path]) {
      res.writeHead(failing[path], { 'content-type': 'text/plain' });
      res.end('busy');
    } else if (published.includes(path)) {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(`LASTNAME\r\n${path}\r\n`);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  const client = new HttpClient(
    'leie-test',
    { timeoutMs: 2_000, retries: 0, backoffMs: 1, concurrency: 1 },
    {
      gates: createGateRegistry(),
    },
  );
  return (period: string, kind: 'exclusions' | 'reinstatements') =>
    openLeieSupplement(client, `${server?.url}/exclusions/downloadables`, { period, kind });
}

const requested = () => server?.requests.map((r) => r.url.pathname.replace('/exclusions/downloadables/', ''));
const body = async (opened: Awaited<ReturnType<Awaited<ReturnType<typeof oig>>>>) => {
  if (!opened.ok) throw new Error('not opened');
  const chunks: Uint8Array[] = [];
  for await (const chunk of opened.stream.body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
};

describe('leieSupplementPaths', () => {
  it('names the month as the OIG publishes it: lower case from 2026, upper case before, then the other spelling', () => {
    expect(leieSupplementPaths({ period: '2026-05', kind: 'exclusions' })).toEqual([
      '2026/2605excl.csv',
      '2026/2605EXCL.csv',
    ]);
    expect(leieSupplementPaths({ period: '2026-01', kind: 'reinstatements' })).toEqual([
      '2026/2601rein.csv',
      '2026/2601REIN.csv',
    ]);
    expect(leieSupplementPaths({ period: '2017-05', kind: 'reinstatements' })).toEqual([
      '2017/1705REIN.csv',
      '2017/1705rein.csv',
    ]);
    expect(leieSupplementPaths({ period: '2025-12', kind: 'exclusions' })).toEqual([
      '2025/2512EXCL.csv',
      '2025/2512excl.csv',
    ]);
  });
});

describe('openLeieSupplement', () => {
  it('reads a 2026 month under its lower-case name, asking once', async () => {
    const open = await oig(['2026/2605excl.csv']);
    const opened = await open('2026-05', 'exclusions');
    expect(opened).toMatchObject({ ok: true, path: '2026/2605excl.csv' });
    expect(await body(opened)).toContain('2026/2605excl.csv');
    expect(requested()).toEqual(['2026/2605excl.csv']);
  });

  it('tries the other spelling when the expected one answers 404, so a wrong-case 404 is never "not published"', async () => {
    const open = await oig(['2026/2604EXCL.csv', '2017/1705rein.csv']);
    const upper = await open('2026-04', 'exclusions');
    expect(upper).toMatchObject({ ok: true, path: '2026/2604EXCL.csv' });
    await body(upper);
    const lower = await open('2017-05', 'reinstatements');
    expect(lower).toMatchObject({ ok: true, path: '2017/1705rein.csv' });
    await body(lower);
    expect(requested()).toEqual(['2026/2604excl.csv', '2026/2604EXCL.csv', '2017/1705REIN.csv', '2017/1705rein.csv']);
  });

  it('says "not published" only when both spellings answer 404', async () => {
    const open = await oig([]);
    expect(await open('2026-06', 'reinstatements')).toEqual({ ok: false, notPublished: true });
    expect(requested()).toEqual(['2026/2606rein.csv', '2026/2606REIN.csv']);
  });

  it('reports any other failure as a failure, not as an unpublished month', async () => {
    const open = await oig(['2026/2606REIN.csv'], { '2026/2606rein.csv': 503 });
    const opened = await open('2026-06', 'reinstatements');
    expect(opened).toMatchObject({ ok: false, error: { kind: 'unavailable', status: 503 } });
    // The other spelling is not taken for the answer: the server did not say the first one is missing.
    expect(requested()).toEqual(['2026/2606rein.csv']);
  });
});
