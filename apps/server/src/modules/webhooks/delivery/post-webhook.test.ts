import { describe, expect, it } from 'vitest';
import { postWebhook } from './post-webhook.ts';

describe('postWebhook', () => {
  // A URL stored before a range was refused, or written as an address: no DNS answer to check, so
  // the address itself is judged before any connection.
  it.each(['https://192.0.2.10/hook', 'https://[2002:c000:20a::1]/hook', 'https://[64:ff9b::a00:1]/hook'])(
    'in production, refuses %s without connecting',
    async (url) => {
      const outcome = await postWebhook(url, '{}', {}, { production: true });
      expect(outcome).toMatchObject({ status: null, error: expect.stringMatching(/^refused: .*private address/) });
    },
  );
});
