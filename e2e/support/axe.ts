import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type RunOptions = Parameters<AxeBuilder['options']>[0];

/** The axe-core @axe-core/playwright injects, resolved from it: the same version, no second copy. */
const axeSource: string = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))(
  'axe-core',
).source;

/**
 * Only the violations are read: axe still runs every rule on every element, but gives one example
 * of the other result types (passes, inapplicable, incomplete) instead of every element's, whose
 * selectors are the slow end of a scan.
 */
const OPTIONS: RunOptions = { resultTypes: ['violations'] };

/**
 * Runs axe on the page as it is now. @axe-core/playwright's analyze() evaluates axe's 560 kB source
 * in the page on every call, runs it frame by frame, and joins the parts in a new blank page it
 * opens for the purpose; here axe is injected once per document and run in it. Measured on this
 * busy machine, a document scanned at two widths: 4.1 s by analyze(), 1.4 s so (14 documents of
 * seven public pages). Both found the same violations, node for node and message for message, on a
 * page planted with 23 of them (shadow DOM and a same-origin frame included). A frame of another
 * origin only analyze() reaches (it injects axe there itself): a page with one is scanned by it.
 */
export async function axeScan(page: Page): Promise<AxeResults> {
  const origin = new URL(page.url()).origin;
  const frames = page.frames();
  const foreign = frames.some((frame) => frame.url().startsWith('http') && new URL(frame.url()).origin !== origin);
  if (foreign) return new AxeBuilder({ page }).options(OPTIONS).analyze();
  for (const frame of frames) {
    if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource);
  }
  return page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: (context: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        options,
      ),
    OPTIONS,
  );
}

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
  const results = await axeScan(page);
  // Each element with axe's own finding (colours and ratio for contrast), so a failure explains itself.
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.any.map((check) => check.message).join('; ')}`),
  );
  expect(found).toEqual([]);
}
