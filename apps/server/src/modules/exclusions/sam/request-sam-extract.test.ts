import { afterEach, describe, expect, it } from 'vitest';
import {
  type FixtureHandler,
  type FixtureServer,
  sendJson,
  startFixtureServer,
} from '../../licensing/fixture-server.ts';
import { createGateRegistry, HttpClient } from '../../licensing/http-client.ts';
import { SourceError } from '../../licensing/types.ts';
import { requestSamExtract } from './request-sam-extract.ts';

const API_KEY = 'SAM-0123456789abcdef-secret-key';

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

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  return error as SourceError;
}

const LINK = (host: string) =>
  `Extract File will be available for download with url: https://${host}/entity-information/v4/download-exclusions?api_key=REPLACE_WITH_API_KEY&token=cfQOzKSSYv in some time. If you have requested for an email notification, you will receive it once the file is ready for download.`;

describe('requestSamExtract', () => {
  it('asks for the individuals as CSV and reads the token out of the answer, as text or as JSON', async () => {
    for (const answer of [
      (res: Parameters<FixtureHandler>[1]) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(LINK('api.sam.gov'));
      },
      (res: Parameters<FixtureHandler>[1]) => sendJson(res, { message: LINK('api.sam.gov') }),
    ]) {
      const { http, config, spent } = await sam((_req, res) => answer(res), '/sam');
      expect(await requestSamExtract(http, config)).toBe('cfQOzKSSYv');
      const [request] = server?.requests ?? [];
      expect(request?.url.pathname).toBe('/sam/entity-information/v4/exclusions');
      expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
        api_key: API_KEY,
        classification: 'Individual',
        format: 'csv',
      });
      expect(spent).toEqual(['request']);
      await server?.close();
    }
  });

  it('reports an answer without a token, and a refused key without the key', async () => {
    const none = await sam((_req, res) => sendJson(res, { message: 'Something else' }));
    expect((await failure(requestSamExtract(none.http, none.config))).failure.kind).toBe('parse-failure');
    await server?.close();
    const refused = await sam((_req, res) => sendJson(res, { code: '900901', message: `bad ${API_KEY}` }, 403));
    const error = await failure(requestSamExtract(refused.http, refused.config));
    expect(error.failure).toMatchObject({ kind: 'unsupported', status: 403 });
    expect(error.message).not.toContain(API_KEY);
  });
});
