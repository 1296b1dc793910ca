import { defineEndpoints } from '@licensewatch/shared/endpoint';
import { EMAIL_SEND_RATE_LIMIT_CODE } from '@licensewatch/shared/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiRequestError, callEndpoint, hasErrorCode, unparsed } from './api';

describe('hasErrorCode', () => {
  it('matches a code exactly as the server sends it, lowercase ones included', () => {
    const error = new ApiRequestError(429, EMAIL_SEND_RATE_LIMIT_CODE, 'Too many reset attempts.');
    expect(hasErrorCode(error, EMAIL_SEND_RATE_LIMIT_CODE)).toBe(true);
    expect(hasErrorCode(error, 'RATE_LIMITED')).toBe(false);
  });

  it('matches any of several codes, and nothing that is not an API error', () => {
    const error = new ApiRequestError(400, 'CAPTCHA_USED', 'used');
    expect(hasErrorCode(error, 'CAPTCHA_INVALID', 'CAPTCHA_USED')).toBe(true);
    expect(hasErrorCode(new Error('CAPTCHA_USED'), 'CAPTCHA_USED')).toBe(false);
  });
});

describe('callEndpoint', () => {
  const ENDPOINTS = defineEndpoints({
    rename: {
      method: 'PATCH',
      path: '/api/v1/things/:id',
      body: z.object({ name: z.string() }),
      response: z.object({ id: z.string(), renamed: z.literal(true) }),
    },
    list: { method: 'GET', path: '/api/v1/things/' },
  });

  function answer(body: unknown) {
    const fetch = vi.fn(
      async (_path: string, _init: RequestInit) => new Response(JSON.stringify(body), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("sends the endpoint's method to its path, params filled in, and parses the answer with its schema", async () => {
    const fetch = answer({ id: 'a b', renamed: true, extra: 1 });
    const renamed = await callEndpoint(ENDPOINTS.rename, { params: { id: 'a b' }, body: { name: 'New' } });
    expect(renamed).toEqual({ id: 'a b', renamed: true });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/things/a%20b');
    expect(fetch.mock.calls[0]?.[1]).toMatchObject({ method: 'PATCH', body: '{"name":"New"}' });
  });

  it('adds the query, leaving out undefined values, and takes a schema of its own', async () => {
    const fetch = answer(['x']);
    expect(
      await callEndpoint(ENDPOINTS.list, { query: { to: 'a@b.c', skip: undefined }, schema: unparsed<string[]>() }),
    ).toEqual(['x']);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v1/things/?to=a%40b.c');
    await expect(
      callEndpoint(ENDPOINTS.rename, { params: { id: '1' }, body: { name: 'x' }, schema: async () => z.number() }),
    ).rejects.toThrow();
  });
});
