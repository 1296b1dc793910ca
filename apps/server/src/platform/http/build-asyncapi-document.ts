import { BRAND } from '@licensewatch/shared/brand';
import { WEBHOOK_EVENT_DOCS } from '@licensewatch/shared/webhook-event-examples';
import { webhookEnvelopeSchema } from '@licensewatch/shared/webhook-events';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
} from '@licensewatch/shared/webhooks';
import { z } from 'zod';

type Json = Record<string, unknown>;

/** `license.status_changed` → `licenseStatusChanged`: a name every AsyncAPI tool takes as a key. */
const keyOf = (type: string) => type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The AsyncAPI 3.0 document of the events (docs/product-rules.md, Events feed; ADR 044): one channel
 * and one `send` operation per event type, its message the envelope with the event's own `data`
 * (packages/shared/src/webhook-events.ts, which the server's tests check real events against), the
 * signing headers and an example. Served at /api/asyncapi.json beside the OpenAPI document.
 */
export function buildAsyncApiDocument(): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const { type, label, example } of WEBHOOK_EVENT_DOCS) {
    const key = keyOf(type);
    const { $schema: _, ...payload } = z.toJSONSchema(webhookEnvelopeSchema(type), {
      target: 'draft-07',
      unrepresentable: 'throw',
    });
    messages[key] = {
      name: type,
      title: label,
      contentType: 'application/json',
      headers: { $ref: '#/components/schemas/DeliveryHeaders' },
      payload,
      examples: [{ name: type, payload: example }],
    };
    channels[key] = {
      address: '/',
      title: type,
      description: `${label}. POSTed to each endpoint subscribed to ${type}, and answered by GET /api/v2/events.`,
      messages: { [key]: { $ref: `#/components/messages/${key}` } },
    };
    operations[`send${key.charAt(0).toUpperCase()}${key.slice(1)}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${key}` },
      summary: label,
      messages: [{ $ref: `#/channels/${key}/messages/${key}` }],
    };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: `${BRAND.name} events`,
      version: '1.0.0',
      description: [
        `The events ${BRAND.name} POSTs to a workspace's webhook endpoints, and answers in order from GET /api/v2/events for systems that cannot receive them.`,
        `Each body is \`{id, type, created_at, data}\`; the id stays the same on retries and replays. The ${WEBHOOK_SIGNATURE_HEADER} header is \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>\`; refuse a t more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from now. See /api-docs#verifying-webhooks.`,
      ].join('\n\n'),
    },
    defaultContentType: 'application/json',
    servers: {
      endpoint: {
        host: 'your-endpoint.example.com',
        protocol: 'https',
        description: 'Your HTTPS endpoint, as added on the Webhooks page or by an API key with the webhooks scope.',
      },
    },
    channels,
    operations,
    components: {
      messages,
      schemas: {
        DeliveryHeaders: {
          type: 'object',
          required: [WEBHOOK_SIGNATURE_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_DELIVERY_HEADER],
          properties: {
            [WEBHOOK_SIGNATURE_HEADER]: {
              type: 'string',
              description: 't=<unix seconds>,v1=<hex HMAC-SHA256>; two v1 values for 24 hours after a secret rotation',
            },
            [WEBHOOK_EVENT_HEADER]: { type: 'string', description: 'The event type' },
            [WEBHOOK_DELIVERY_HEADER]: {
              type: 'string',
              description: 'The delivery id (a retry keeps it; a replay gets a new one)',
            },
          },
        },
      },
    },
  };
}
