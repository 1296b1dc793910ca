import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { endpointPath, type PathParamName } from './endpoint-path.ts';

const ENDPOINTS = defineEndpoints({
  list: { method: 'GET', path: '/api/v1/things/', response: z.array(z.string()) },
  get: { method: 'GET', path: '/api/v1/things/:id', response: z.string() },
  pair: { method: 'DELETE', path: '/api/v1/things/:id/parts/:partId' },
  create: { method: 'POST', path: '/api/v2/things/', body: z.object({ name: z.string() }), status: 201 },
});

describe('endpointPath', () => {
  it('is the path itself when the path has no params', () => {
    expect(endpointPath(ENDPOINTS.list)).toBe('/api/v1/things/');
    expect(endpointPath(ENDPOINTS.create, {})).toBe('/api/v2/things/');
  });

  it('fills each :name, encoded as one segment', () => {
    expect(endpointPath(ENDPOINTS.get, { id: 'abc' })).toBe('/api/v1/things/abc');
    expect(endpointPath(ENDPOINTS.get, { id: 'a/b?c#d e' })).toBe('/api/v1/things/a%2Fb%3Fc%23d%20e');
    expect(endpointPath(ENDPOINTS.pair, { id: '1', partId: '2' })).toBe('/api/v1/things/1/parts/2');
  });

  it('fills a param followed by more of its segment (export.csv)', () => {
    expect(endpointPath({ path: '/api/v2/things/:id/export.csv' }, { id: 'r1' })).toBe('/api/v2/things/r1/export.csv');
  });

  it('throws for a missing param, which is a type error too', () => {
    // @ts-expect-error: the path has :id
    expect(() => endpointPath(ENDPOINTS.get)).toThrow(':id');
    // @ts-expect-error: :partId is missing
    expect(() => endpointPath(ENDPOINTS.pair, { id: '1' })).toThrow(':partId');
  });
});

describe('defineEndpoints', () => {
  it('returns the table as given, literal methods and paths kept', () => {
    const table = { me: { method: 'GET', path: '/api/v2/me' } } as const;
    expect(defineEndpoints(table)).toBe(table);
    expect(ENDPOINTS.create.status).toBe(201);
    expectTypeOf(ENDPOINTS.get.method).toEqualTypeOf<'GET'>();
    expectTypeOf(ENDPOINTS.get.path).toEqualTypeOf<'/api/v1/things/:id'>();
  });

  it('name the params of a path', () => {
    expectTypeOf<PathParamName<'/api/v1/things/:id/parts/:partId'>>().toEqualTypeOf<'id' | 'partId'>();
    expectTypeOf<PathParamName<'/api/v1/things/'>>().toEqualTypeOf<never>();
  });
});
