import type { Page, TestInfo } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expectNoSidewaysScroll } from './no-sideways-scroll.ts';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * A flow's steps run once, at one width; the screens it reaches are checked at the other width here:
 * the layout follows the width through CSS, so resizing shows what that width's visitor sees. Running
 * every step at both widths doubled the browser tests' heaviest flows (docs/decisions/051). On a phone
 * the page must not scroll sideways; at either width axe must find nothing. Back to the page's own
 * width afterwards.
 */
export async function expectLayoutAt(
  page: Page,
  viewport: { width: number; height: number },
  screenshot?: { testInfo: TestInfo; name: string },
) {
  const own = page.viewportSize();
  await page.setViewportSize(viewport);
  try {
    if (viewport.width < 640) await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    if (screenshot)
      await page.screenshot({
        path: screenshot.testInfo.outputPath(`${screenshot.name}-${viewport.width}.png`),
        fullPage: true,
      });
  } finally {
    if (own) await page.setViewportSize(own);
  }
}
