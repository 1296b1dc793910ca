import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AIRTABLE_RATE_LIMIT_WAIT_MS,
  AirtableError,
  airtableBaseUrlFor,
  airtableErrorOf,
  baseIdFromUrl,
  createAirtableClient,
  inBatches,
  rateLimitWaitMs,
} from './airtable.ts';

describe('inBatches', () => {
  it('cuts a list into batches of at most 10, keeping the order', () => {
    const ids = Array.from({ length: 23 }, (_, i) => i);
    expect(inBatches(ids).map((b) => b.length)).toEqual([10, 10, 3]);
    expect(inBatches(ids).flat()).toEqual(ids);
    expect(inBatches([])).toEqual([]);
  });
});

describe('rateLimitWaitMs', () => {
  it('follows Retry-After in seconds or as a date, and waits Airtable’s 30 s without it', () => {
    expect(rateLimitWaitMs('2')).toBe(2000);
    expect(rateLimitWaitMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(rateLimitWaitMs(null)).toBe(AIRTABLE_RATE_LIMIT_WAIT_MS);
    expect(rateLimitWaitMs('soon')).toBe(30_000);
  });
});

describe('airtableErrorOf', () => {
  it('reads the error type from each shape Airtable answers with', () => {
    expect(airtableErrorOf({ error: { type: 'INVALID_PERMISSIONS', message: 'no' } })).toEqual({
      type: 'INVALID_PERMISSIONS',
      message: 'no',
    });
    expect(airtableErrorOf({ error: 'NOT_FOUND' })).toEqual({ type: 'NOT_FOUND', message: 'NOT_FOUND' });
    expect(airtableErrorOf({ errors: [{ error: 'RATE_LIMIT_REACHED', message: 'slow down' }] }).type).toBe(
      'RATE_LIMIT_REACHED',
    );
    expect(airtableErrorOf(null).type).toBe('UNKNOWN');
  });
});

describe('base links', () => {
  it('round-trip the base id', () => {
    expect(baseIdFromUrl(airtableBaseUrlFor('appAbCdEfGh1234567'))).toBe('appAbCdEfGh1234567');
    expect(baseIdFromUrl('https://docs.google.com/spreadsheets/d/x/edit')).toBeNull();
    expect(baseIdFromUrl(null)).toBeNull();
  });
});

describe('the client on 429', () => {
  let close = () => {};
  afterEach(() => close());

  it('waits 30 s between tries without Retry-After and gives up after maxAttempts with the status and type', async () => {
    let requests = 0;
    const server = createServer((_req, res) => {
      requests++;
      res.writeHead(429, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ error: 'RATE_LIMIT_REACHED', message: 'Rate limit exceeded' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => server.close();
    const waits: number[] = [];
    const client = createAirtableClient({
      apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      token: 't',
      workspaceId: 'w',
      maxAttempts: 3,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const error = await client.listRecords('appX', 'Licenses', ['State']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AirtableError);
    expect(error).toMatchObject({ status: 429, type: 'RATE_LIMIT_REACHED' });
    expect(String((error as Error).message)).toContain('429 RATE_LIMIT_REACHED');
    expect(requests).toBe(3);
    expect(waits.filter((ms) => ms === AIRTABLE_RATE_LIMIT_WAIT_MS)).toHaveLength(2);
  });
});
