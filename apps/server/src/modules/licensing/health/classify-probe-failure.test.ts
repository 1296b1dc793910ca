import { describe, expect, it } from 'vitest';
import { classifyProbeFailure } from './classify-probe-failure.ts';

describe('classifyProbeFailure', () => {
  it.each([
    [{ kind: 'moved', status: 404, message: 'board.example answered HTTP 404' }, 'moved'],
    [{ kind: 'moved', message: 'redirected to https://portal.example/' }, 'moved'],
    [{ kind: 'blocked', status: 403, message: 'a Cloudflare challenge page' }, 'blocked'],
    [{ kind: 'timeout', message: 'board.example did not answer within 20000 ms' }, 'slow'],
    [{ kind: 'parse-failure', message: 'the answer has neither result rows nor the no-results marker' }, 'changed'],
    [{ kind: 'parse-failure', message: "the bulk file's header lacks 'LAST_NAME'" }, 'changed'],
    [{ kind: 'unsupported', message: 'publishes one name column' }, 'changed'],
    [{ kind: 'unavailable', status: 503, message: 'maintenance page' }, 'unavailable'],
    [{ kind: 'rate-limited', status: 429, message: 'retry after 60 s' }, 'unavailable'],
  ] as const)('%o → %s', (failure, outcome) => {
    expect(classifyProbeFailure(failure)).toBe(outcome);
  });
});
