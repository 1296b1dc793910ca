import { gzipSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FixtureHandler,
  type FixtureServer,
  sendJson,
  startFixtureServer,
} from '../../licensing/fixture-server.ts';
import { createGateRegistry, HttpClient } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import { downloadSamExtract } from './download-sam-extract.ts';

const API_KEY = 'SAM-0123456789abcdef-secret-key';
const CSV = 'classificationType,lastName\nIndividual,HWANG\n';

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function sam(handler: FixtureHandler, prefix = '') {
  server = await startFixtureServer(handler);
  const http = new HttpClient(
    'sam-extract-test',
    { timeoutMs: 2_000, retries: 0, backoffMs: 1, concurrency: 1 },
    { gates: createGateRegistry(), sleep: async () => {} },
  );
  const spent: string[] = [];
  const config = {
    baseUrl: `${server.url}${prefix}`,
    apiKey: API_KEY,
    spend: async () => {
      spent.push('request');
    },
  };
  return { http, config, spent };
}

const waits: number[] = [];
const polling = (attempts: number) => ({
  attempts,
  intervalMs: 5,
  sleep: async (ms: number) => {
    waits.push(ms);
  },
});

async function text(body: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

describe('downloadSamExtract', () => {
  it('asks the configured origin with the token, again while SAM is still generating, each ask from the budget', async () => {
    let asked = 0;
    const { http, config, spent } = await sam((_req, res) => {
      asked++;
      if (asked === 1) return sendJson(res, { message: 'Extract File Generation is Still in Progress.' }, 400);
      // Seen by others while the file is made: a JSON body with 200.
      if (asked === 2) return sendJson(res, { message: 'not ready' });
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(gzipSync(CSV));
    }, '/sam');
    waits.length = 0;
    const file = await downloadSamExtract(http, config, 'cfQOzKSSYv', polling(5));
    expect(await text(file.body)).toBe(CSV);
    file.close();
    expect(server?.requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`)).toEqual(
      Array(3).fill(`/sam/entity-information/v4/download-exclusions?api_key=${API_KEY}&token=cfQOzKSSYv`),
    );
    expect(spent).toHaveLength(3);
    // Never at once: the file takes time to generate.
    expect(waits).toEqual([5, 5, 5]);
  });

  it('reads the CSV out of a ZIP, and a plain CSV as it is', async () => {
    const zipped = await sam((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(Buffer.from(zipSync({ 'SAM_Exclusions.csv': strToU8(CSV) })));
    });
    const fromZip = await downloadSamExtract(zipped.http, zipped.config, 't', polling(1));
    expect(await text(fromZip.body)).toBe(CSV);
    await server?.close();
    const plain = await sam((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.end(CSV);
    });
    const fromCsv = await downloadSamExtract(plain.http, plain.config, 't', polling(1));
    expect(await text(fromCsv.body)).toBe(CSV);
  });

  it('gives up after its attempts, and stops at once on a refused key or a spent budget', async () => {
    const never = await sam((_req, res) => sendJson(res, { message: 'Extract File Not Found' }, 400));
    const late = await failure(downloadSamExtract(never.http, never.config, 't', polling(3)));
    expect(late.message).toMatch(/not ready after 3 attempts/);
    expect(server?.requests).toHaveLength(3);
    await server?.close();

    const refused = await sam((_req, res) => sendJson(res, { message: 'Invalid Credentials' }, 401));
    const error = await failure(downloadSamExtract(refused.http, refused.config, 't', polling(3)));
    expect(error.failure).toMatchObject({ kind: 'unsupported', status: 401 });
    expect(server?.requests).toHaveLength(1);
    await server?.close();

    const spentOut = await sam((_req, res) => sendJson(res, {}, 400));
    const budget = {
      ...spentOut.config,
      spend: () => Promise.reject(new SourceError({ kind: 'rate-limited', message: 'spent' })),
    };
    expect((await failure(downloadSamExtract(spentOut.http, budget, 't', polling(3)))).message).toBe('spent');
    expect(server?.requests).toHaveLength(0);
  });
});
