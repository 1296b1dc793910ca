import { randomBytes } from 'node:crypto';
import { test as base } from '@playwright/test';

/**
 * Every test browses from its own client address (the e2e server trusts X-Forwarded-For),
 * so the per-IP sign-in and sign-up limits of one test never block another.
 */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their dependencies
  extraHTTPHeaders: async ({}, use) => {
    const b = randomBytes(3);
    await use({ 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` });
  },
});

export { expect } from '@playwright/test';
