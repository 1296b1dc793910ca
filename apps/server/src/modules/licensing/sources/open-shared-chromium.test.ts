import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from './find-chromium.ts';
import {
  CHROMIUM_FLAGS,
  closeSharedChromium,
  openSharedChromium,
  PLAYWRIGHT_DISABLED_FEATURES,
} from './open-shared-chromium.ts';

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

  it("keeps Playwright's own disabled features, which a second --disable-features would replace", async () => {
    // Started with Playwright's defaults alone, Chromium shows the list Playwright gave it.
    const plain = await chromium.launch({ executablePath: path, args: ['--headless', '--no-sandbox'] });
    try {
      const page = await plain.newPage();
      await page.goto('chrome://version');
      const commandLine = await page.locator('#command_line').innerText();
      const given = /--disable-features=(\S+)/.exec(commandLine)?.[1]?.split(',');
      expect(given).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
    } finally {
      await plain.close();
    }
  });

  it("opens a context without the address bar's pop-up page, which costs a renderer per window", async () => {
    expect(CHROMIUM_FLAGS.filter((flag) => flag.startsWith('--disable-features='))).toHaveLength(1);
    const browser = await openSharedChromium(path);
    const context = await browser.newContext();
    try {
      await (await context.newPage()).setContent('<h1>A board</h1>');
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
      expect(targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://'))).toEqual([]);
      expect(targetInfos.filter((t) => t.type === 'page')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
