import type { Page } from '@playwright/test';

/** Holds every request matching `pattern` until the returned function is called, to see what a page does meanwhile. */
export async function holdRoute(page: Page, pattern: Parameters<Page['route']>[0]): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
