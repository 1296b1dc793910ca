import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.ts';
import { closeSharedChromium, openSharedChromium } from './open-shared-chromium.ts';

// Runs the system Chromium (scripts/ensure-test-tools.mjs installs it before the tests).
const { path } = findChromium();

afterAll(() => closeSharedChromium());

// The first test (two starts and a close) took 0.5 s here quiet, 0.9 s beside four busy loops,
// 1.5 s in the whole unit run beside two, and once over 5 s in a CI run. The other files that start
// Chromium allow it 30 s, and so does this one.
describe('openSharedChromium', { timeout: 30_000 }, () => {
  it('starts one browser and hands the same one to every caller until it is closed', async () => {
    const [first, second] = await Promise.all([openSharedChromium(path), openSharedChromium(path)]);
    expect(first).toBe(second);
    expect(first.isConnected()).toBe(true);
    await closeSharedChromium();
    expect(first.isConnected()).toBe(false);
    const third = await openSharedChromium(path);
    expect(third).not.toBe(first);
    expect(third.isConnected()).toBe(true);
  });

  it('starts another after the shared one went away', async () => {
    const before = await openSharedChromium(path);
    await before.close();
    const after = await openSharedChromium(path);
    expect(after).not.toBe(before);
    expect(after.isConnected()).toBe(true);
  });

  it('fails the call, and the next one tries again, when the executable cannot start', async () => {
    await expect(openSharedChromium('/nonexistent/chromium')).rejects.toThrow();
    await expect(openSharedChromium('/nonexistent/chromium')).rejects.toThrow();
  });
});
