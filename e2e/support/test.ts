import { randomBytes } from 'node:crypto';
import { test as base, type Page } from '@playwright/test';

/**
 * Public pages arrive prerendered: visible, but their buttons work only once React has taken
 * them over (<html data-ready>). A test acts like a visitor who waits for that.
 */
async function waitUntilInteractive(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('#root[data-prerendered]') || document.documentElement.hasAttribute('data-ready'),
  );
}

/**
 * Every test browses from its own client address (the e2e server trusts X-Forwarded-For),
 * so the per-IP sign-in and sign-up limits of one test never block another; page.goto and
 * page.reload return once the page is interactive.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript a prerendered page never becomes interactive; it is only read.
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitUntilInteractive(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitUntilInteractive(page);
      return response;
    };
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    const b = randomBytes(3);
    await use({ 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` });
  },
});

export { expect } from '@playwright/test';
