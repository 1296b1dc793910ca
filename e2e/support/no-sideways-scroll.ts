import { expect, type Page } from '@playwright/test';

/**
 * The page does not scroll sideways; what a scrolling table region holds may be wider, since it
 * scrolls inside the region. On failure, the outermost elements that stick out name the culprit.
 */
export async function expectNoSidewaysScroll(page: Page) {
  const { overflow, culprits } = await page.evaluate(() => {
    const wide = [...document.querySelectorAll('body *')].filter(
      (el) =>
        el.getBoundingClientRect().right > window.innerWidth + 1 && !el.parentElement?.closest('.overflow-x-auto'),
    );
    const outermost = wide.filter((el) => !wide.includes(el.parentElement as Element));
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      culprits: outermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
    };
  });
  expect(overflow, culprits.join('\n')).toBeLessThanOrEqual(0);
}
