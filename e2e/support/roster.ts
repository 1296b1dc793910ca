import { expect, type Page } from '@playwright/test';

/**
 * Waits until the roster's table holds the rows its Total chip counts under the filters ("3 of 8"),
 * at most a page of 25. The counts and the rows are separate answers, so a test that reads the rows
 * as soon as the count changed can read the previous filter's rows (seen once in a whole run of the
 * suite, 2026-12-01: 8 rows counted where the chip said 3 of 8).
 */
export async function expectRowsOfFilteredCount(page: Page) {
  const total = page.getByTestId('roster-count-total');
  await expect(total).toContainText(/\d+\s*of\s*\d+/);
  const counted = Number(/(\d+)\s*of\s*\d+/.exec(await total.innerText())?.[1]);
  await expect(page.getByTestId('roster-row')).toHaveCount(Math.min(counted, 25));
}
