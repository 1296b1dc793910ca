import type { Page } from '@playwright/test';

/**
 * Collects what a visitor's console would show as wrong while the page is used: uncaught errors,
 * console errors (a failed load is logged there too), responses of 400 and above, requests that
 * failed, and Content-Security-Policy violations (reported only as an event, never thrown).
 * Call before the first navigation; read the returned list at the end.
 */
export async function watchPageProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    ),
  );
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${page.url()}: ${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // Leaving a page cancels what it was still loading: the browser's doing, not a failure.
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`${page.url()}: failed ${request.url()} ${reason}`);
  });
  return problems;
}
