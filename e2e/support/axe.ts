import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page's entrance animations (a second or less) have ended. Axe judges contrast
 * from the colours it sees at that instant: a toast still fading in reads as low contrast (seen
 * once in five runs of the contact page on a phone). Longer ones are not waited for: a spinner
 * never ends, and a toast's 3-second countdown bar would have the toast gone before the scan.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(() => {
    const ended = Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) => Number(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY) <= 1_000,
        )
        // A cancelled animation rejects `finished`; it is over all the same.
        .map((animation) => animation.finished.catch(() => undefined)),
    );
    // A paused animation never finishes: scan as it stands after two seconds.
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
}

/** Runs axe on the page as it is now (open dialogs included) and lists any violation by rule and element. */
export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  // Each element with axe's own finding (colours and ratio for contrast), so a failure explains itself.
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.any.map((check) => check.message).join('; ')}`),
  );
  expect(found).toEqual([]);
}
