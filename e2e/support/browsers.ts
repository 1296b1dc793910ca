import { randomBytes } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { test } from './test.ts';

/**
 * A second browser for another person (a customer, a colleague), from an address of its own like
 * every test's: sign-up and sign-in limits are per IP.
 */
export function anotherBrowser(browser: Browser) {
  const b = randomBytes(3);
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` },
  });
}
