import { afterEach, describe, expect, it, vi } from 'vitest';
import { renewWhileWorking } from './renew-while-working.ts';

describe('renewWhileWorking', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews every period until stopped, and a failed renewal is logged and followed by the next', async () => {
    vi.useFakeTimers();
    const warn = vi.fn();
    let calls = 0;
    const renew = vi.fn(async () => {
      calls += 1;
      if (calls === 2) throw new Error('connection terminated');
    });
    const stop = renewWhileWorking(10, renew, { warn }, { chunk: 'x' });
    expect(renew).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ chunk: 'x' }), 'could not renew a claim');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(renew).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).toHaveBeenCalledTimes(3);
  });
});
