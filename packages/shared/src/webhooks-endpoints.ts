import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import {
  eventFeedQuerySchema,
  eventFeedSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from './webhooks.ts';

const id = z.string().min(1).max(100);
const endpointParams = z.object({ id });
const okSchema = z.object({ ok: z.literal(true) });

/**
 * Webhook endpoints of the workspace the session works in (ADR 021): its owner and admins only
 * (a viewer 403); another workspace's endpoint or delivery answers 404 like a missing one. The
 * events feed is any member's: it reads, as the reports do.
 */
export const WEBHOOKS_ENDPOINTS = defineEndpoints({
  /** The pull feed: the same events as the webhooks, for systems that cannot receive them. */
  events: {
    method: 'GET',
    path: '/api/v2/events',
    signedIn: true,
    keyScope: 'reports:read',
    summary: "The workspace's events in order, after a cursor: the same events as the webhooks, kept 30 days",
    query: eventFeedQuerySchema,
    response: eventFeedSchema,
  },
  list: {
    method: 'GET',
    path: '/api/v2/webhooks/endpoints',
    signedIn: true,
    keyScope: 'webhooks',
    summary: "The workspace's webhook endpoints (owner or admin)",
    response: webhookEndpointListSchema,
    errors: [403],
  },
  create: {
    method: 'POST',
    path: '/api/v2/webhooks/endpoints',
    status: 201,
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'Register an HTTPS endpoint for the events it picks; the answer shows its signing secret, once',
    body: webhookEndpointInputSchema,
    response: webhookEndpointWithSecretSchema,
    errors: [403],
  },
  update: {
    method: 'PATCH',
    path: '/api/v2/webhooks/endpoints/:id',
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'Change its URL, description or events, or turn it off and on',
    params: endpointParams,
    body: webhookEndpointUpdateSchema,
    response: webhookEndpointSchema,
    errors: [403],
  },
  remove: {
    method: 'DELETE',
    path: '/api/v2/webhooks/endpoints/:id',
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'Delete the endpoint and its delivery log',
    params: endpointParams,
    response: okSchema,
    errors: [403],
  },
  rotateSecret: {
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/:id/rotate-secret',
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'A new signing secret, shown once; the old one keeps signing beside it for 24 hours',
    params: endpointParams,
    response: webhookEndpointWithSecretSchema,
    errors: [403],
  },
  sendTest: {
    method: 'POST',
    path: '/api/v2/webhooks/endpoints/:id/test',
    status: 201,
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'Queue a webhook.test event to the endpoint',
    params: endpointParams,
    response: webhookDeliverySchema,
    errors: [403],
  },
  deliveries: {
    method: 'GET',
    path: '/api/v2/webhooks/endpoints/:id/deliveries',
    signedIn: true,
    keyScope: 'webhooks',
    summary: "The endpoint's delivery log, newest first",
    params: endpointParams,
    query: webhookDeliveriesQuerySchema,
    response: webhookDeliveryPageSchema,
    errors: [403],
  },
  replay: {
    method: 'POST',
    path: '/api/v2/webhooks/deliveries/:id/replay',
    status: 201,
    signedIn: true,
    keyScope: 'webhooks',
    summary: 'Deliver the same event (same payload and event id) again, as a new delivery',
    params: endpointParams,
    response: webhookDeliverySchema,
    errors: [403],
  },
});
