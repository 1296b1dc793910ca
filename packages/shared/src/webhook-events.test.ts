import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_DOCS } from './webhook-event-examples.ts';
import { webhookEnvelopeSchema } from './webhook-events.ts';
import { WEBHOOK_EVENTS } from './webhooks.ts';

describe('the events as documented', () => {
  it('has an example of every event, each valid against its schema', () => {
    expect(WEBHOOK_EVENT_DOCS.map((d) => d.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const doc of WEBHOOK_EVENT_DOCS) {
      expect(webhookEnvelopeSchema(doc.type).safeParse(doc.example).error, doc.type).toBeUndefined();
    }
  });

  it('refuses a body that is not the event it claims to be', () => {
    const [found] = WEBHOOK_EVENT_DOCS.filter((d) => d.type === 'license.found');
    expect(
      webhookEnvelopeSchema('license.expiring').safeParse({ ...found?.example, type: 'license.expiring' }).success,
    ).toBe(false);
  });
});
