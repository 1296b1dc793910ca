import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** GET /api/openapi.json: an OpenAPI 3.1 document (only its frame is checked here; the rest is JSON). */
export const openApiDocumentSchema = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/**
 * What an operator and an API client read about the server itself (docs/operating-interface.md,
 * What an operator sees): health, metrics, and the API document. Public.
 */
export const SYSTEM_ENDPOINTS = defineEndpoints({
  health: {
    method: 'GET',
    path: '/healthz',
    summary: 'Health: {"status":"ok"} once the database answers; 503 {"status":"unavailable"} while it does not',
    response: z.object({ status: z.literal('ok') }),
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics: Authorization: Bearer METRICS_TOKEN, or a request from this machine',
    responseType: 'text/plain',
    errors: [401],
  },
  openApi: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: every public endpoint as OpenAPI 3.1',
    response: openApiDocumentSchema,
  },
  /** The events a webhook sends and the feed answers, as an AsyncAPI 3 document (webhook-events.ts). */
  asyncApi: {
    method: 'GET',
    path: '/api/asyncapi.json',
    summary: 'Every webhook event, its headers and an example body, as an AsyncAPI 3.0 document',
    response: z.looseObject({ asyncapi: z.literal('3.0.0') }),
  },
});
