import { type OutboxMessage, outboxResponseSchema } from '@licensewatch/shared/dev-outbox';
import { type APIRequestContext, expect } from '@playwright/test';

/** Every email to `to` in the dev outbox, newest first. */
export async function emailsTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return outboxResponseSchema.parse(await res.json());
}

/** The newest email to `to` whose subject matches, from the dev outbox (the server sends in the background). */
export async function latestEmail(request: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await emailsTo(request, to)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found as OutboxMessage;
}

export function linkIn(message: OutboxMessage): string {
  const match = /(https?:\/\/\S+)/.exec(message.text);
  if (!match?.[1]) throw new Error(`no link in email "${message.subject}"`);
  return match[1];
}
