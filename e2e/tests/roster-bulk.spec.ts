import { readFile } from 'node:fs/promises';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import type { Locator, Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'roster-bulk-e2e-password';

/** The roster's total over HTTP once every report's update has attached what it found. */
async function rosterTotal(page: Page): Promise<number> {
  const res = await page.request.get('/api/v2/org/licenses');
  return ((await res.json()) as { total: number }).total;
}

/** Waits until each report's update has finished, so a refresh is not left to a running update. */
async function waitForUpdates(page: Page, reportIds: string[]) {
  for (const id of reportIds) {
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`/api/v2/states/update-status/${id}`)).json()) as { is_completed: boolean })
            .is_completed,
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(true);
  }
}

const rowBox = (row: Locator) => row.getByRole('checkbox');
const numberOf = (row: Locator) => row.getByTestId('roster-license-number').innerText();

/** Ticks the given rows' checkboxes; answers their license numbers. */
async function selectRows(rows: Locator, indices: number[]): Promise<string[]> {
  const numbers: string[] = [];
  for (const i of indices) {
    const row = rows.nth(i);
    await rowBox(row).check();
    numbers.push(await numberOf(row));
  }
  return numbers;
}

async function exportSelection(page: Page, bar: Locator): Promise<string[]> {
  const downloading = page.waitForEvent('download');
  await bar.getByRole('link', { name: ROSTER_MESSAGES.exportSelectedCsv }).click();
  const download = await downloading;
  const [, ...lines] = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  return lines.map((line) => line.split(',')[5] ?? '').sort();
}

test('selected rows are exported, refreshed and hidden, at 1280 and at 390 px', async ({ page }, testInfo) => {
  // Three reports matched and updated, then two rounds of actions.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'roster-bulk', PASSWORD, 'premium');
  const physicians = [12, 13, 14].map((skip) => simulatedPhysician({ skip }));
  const reportIds: string[] = [];
  for (const p of physicians)
    reportIds.push(await createReportOverHttp(page, p, `Licenses of ${p.firstName} ${p.lastName}`));
  const expected = physicians.reduce((n, p) => n + p.licenses.length, 0);
  await waitForUpdates(page, reportIds);
  await expect.poll(() => rosterTotal(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(expected);
  const total = await rosterTotal(page);

  await page.goto('/org/licenses?sort=physician');
  await expect(page.getByRole('heading', { level: 1, name: ROSTER_MESSAGES.title })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId('roster-row');
  await expect(rows).toHaveCount(Math.min(total, 25));
  const all = page.getByRole('checkbox', { name: ROSTER_MESSAGES.selectAll });
  const bar = page.getByTestId('roster-selection-bar');
  await expect(bar).toHaveCount(0);

  // Two selected: the header box is half-checked and the bar says how many.
  const exported = await selectRows(rows, [0, 1]);
  await expect(bar).toContainText(ROSTER_MESSAGES.selected(2));
  expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('roster-bulk-selected-1280.png') });

  // The export holds exactly the selected rows, and the selection is cleared after it.
  expect(await exportSelection(page, bar)).toEqual(exported.sort());
  await expect(bar).toHaveCount(0);

  // Select all on the page, then clear.
  await all.check();
  await expect(bar).toContainText(ROSTER_MESSAGES.selected(Math.min(total, 25)));
  await bar.getByRole('button', { name: ROSTER_MESSAGES.clearSelection }).click();
  await expect(bar).toHaveCount(0);

  // Refresh: the first physician's two rows are one report, refreshed once.
  const first = await rows.nth(0).getByRole('link').innerText();
  const firstRows = rows.filter({ has: page.getByRole('link', { name: first, exact: true }) });
  await rowBox(firstRows.nth(0)).check();
  await rowBox(firstRows.nth(1)).check();
  await bar.getByRole('button', { name: ROSTER_MESSAGES.refreshSelected }).click();
  await expect(page.getByRole('status').filter({ hasText: ROSTER_MESSAGES.refreshing([first]) })).toBeVisible();
  await expect(bar).toHaveCount(0);

  // Hide two after confirming: they leave the roster.
  const hidden = await selectRows(rows, [2, 3]);
  await bar.getByRole('button', { name: ROSTER_MESSAGES.hideSelected }).click();
  const dialog = page.getByRole('dialog', { name: ROSTER_MESSAGES.hideTitle(2) });
  await expect(dialog).toContainText('restored from its report');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: ROSTER_MESSAGES.hideConfirm }).click();
  await expect(page.getByRole('status').filter({ hasText: ROSTER_MESSAGES.hidden(2) })).toBeVisible();
  await expect(page.getByTestId('roster-range')).toContainText(`of ${total - 2}`);
  for (const number of hidden) await expect(page.getByText(number, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('roster-bulk-hidden-1280.png') });

  // On a phone: the checkboxes stay in the fixed physician column, the bar wraps, nothing overflows.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/org/licenses?sort=physician');
  await expect(rows).toHaveCount(Math.min(total - 2, 25));
  const phoneHidden = await selectRows(rows, [0, 1]);
  await expect(bar).toContainText(ROSTER_MESSAGES.selected(2));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('roster-bulk-selected-390.png'), fullPage: true });
  expect(await exportSelection(page, bar)).toEqual([...phoneHidden].sort());

  await selectRows(rows, [0, 1]);
  await bar.getByRole('button', { name: ROSTER_MESSAGES.hideSelected }).click();
  await page.getByRole('dialog').getByRole('button', { name: ROSTER_MESSAGES.hideConfirm }).click();
  await expect(page.getByRole('status').filter({ hasText: ROSTER_MESSAGES.hidden(2) })).toBeVisible();
  await expect(page.getByTestId('roster-range')).toContainText(`of ${total - 4}`);
  for (const number of phoneHidden) await expect(page.getByText(number, { exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('roster-bulk-hidden-390.png'), fullPage: true });

  // A change of page or filter clears the selection.
  await rowBox(rows.nth(0)).check();
  await expect(bar).toBeVisible();
  await page.getByLabel(ROSTER_MESSAGES.physicianSearch).fill(physicians[0]?.lastName ?? '');
  await expect(page).toHaveURL(/physician=/);
  await expect(bar).toHaveCount(0);

  expect(problems).toEqual([]);
});
