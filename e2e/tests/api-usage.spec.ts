import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { ApiUsage } from '@licensewatch/shared/search-api';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { holdRoute } from '../support/hold-route.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

const { apiUsage: messages } = ACCOUNT_MESSAGES;
const PASSWORD = 'api-usage-e2e-password';
const USAGE_PATH = '**/api/v2/api-usage';

function panel(page: Page) {
  return page.getByRole('region', { name: messages.title });
}

/** A value of the panel by its label. */
function stat(page: Page, label: string) {
  return panel(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

function chart(page: Page) {
  return panel(page).getByRole('figure', { name: new RegExp(messages.chartTitle) });
}

async function openOverview(page: Page) {
  await page.goto('/overview');
  await expect(page.getByRole('heading', { level: 2, name: messages.title })).toBeVisible();
}

async function expectFitsAndPassesAxe(page: Page, width: number, screenshot: string) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await panel(page).screenshot({ path: `test-results/${screenshot}-${width}.png` });
  await page.screenshot({ path: `test-results/${screenshot}-${width}-page.png`, fullPage: true });
}

/** The signed-in user's API key, as the overview copies it. */
async function apiKey(page: Page): Promise<string> {
  const res = await page.request.get('/api/v1/credentials/');
  expect(res.status()).toBe(200);
  return (await res.json()).credential_key;
}

/** Today (UTC) as the chart writes a date: the server's days are UTC, shown as calendar dates. */
function todayText(): string {
  const [y, m, d] = new Date().toISOString().slice(0, 10).split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(
    new Date(y ?? 0, (m ?? 1) - 1, d),
  );
}

/** 30 UTC days ending today, oldest first, as the server answers them. */
function last30Days(): string[] {
  const today = new Date();
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: 30 }, (_, i) => new Date(start - (29 - i) * 86_400_000).toISOString().slice(0, 10));
}

test('an account that never called the API sees its credits and a pointer to the docs', async ({ page }) => {
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'api-usage-empty', PASSWORD, 'small');
  await openOverview(page);

  await expect(stat(page, messages.callsThisMonth)).toHaveText('0');
  await expect(stat(page, messages.creditsLeft)).toHaveText('1,000');
  await expect(panel(page)).toContainText(`${messages.empty} — ${messages.emptyLink}`);
  await expect(panel(page).getByRole('link', { name: messages.emptyLink })).toHaveAttribute('href', '/api-docs');
  await expect(chart(page)).toHaveCount(0);

  await expectFitsAndPassesAxe(page, 1280, 'api-usage-empty');
  await expectFitsAndPassesAxe(page, 390, 'api-usage-empty');
  expect(problems).toEqual([]);
});

test("a call made with the account's key shows in the count and the chart, for one credit", async ({
  page,
  request,
}) => {
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'api-usage-call', PASSWORD, 'small');
  await openOverview(page);
  await expect(panel(page)).toContainText(messages.empty);
  await expect(stat(page, messages.creditsLeft)).toHaveText('1,000');

  // As a customer's system calls it: its own HTTP client, the key in the header, no session.
  const key = await apiKey(page);
  const call = await request.post('/api/v1/medical/search-license-by-number/', {
    headers: { authorization: `Bearer ${key}` },
    form: { License_Number: 'A1', State: 'Texas' },
  });
  expect(call.status()).toBe(200);
  expect(call.headers()['x-credits-remaining']).toBe('999');

  await page.reload();
  await expect(stat(page, messages.callsThisMonth)).toHaveText('1');
  await expect(panel(page)).toContainText(messages.billed('1'));
  await expect(stat(page, messages.creditsLeft)).toHaveText('999');
  await expect(panel(page)).not.toContainText(messages.empty);
  const figure = chart(page);
  await expect(figure).toContainText(messages.chartSummary(1, { date: todayText(), calls: 1 }));
  const today = last30Days().at(-1);
  await expect(figure.locator(`g[data-date="${today}"] title`)).toHaveText(messages.bar(todayText(), 1, 1));
  await expect(figure.getByRole('table').locator('tbody tr').last().getByRole('cell')).toHaveText(['1', '1']);
  // The bar is drawn: today's column is the only one with height.
  const heights = await figure
    .locator('svg g')
    .evaluateAll((groups) => groups.map((g) => g.querySelector('rect.fill-teal-700')?.getAttribute('height')));
  expect(heights.filter((h) => Number(h) > 0)).toHaveLength(1);

  await expectFitsAndPassesAxe(page, 1280, 'api-usage-call');
  await expectFitsAndPassesAxe(page, 390, 'api-usage-call');
  expect(problems).toEqual([]);
});

test('a busy month draws one bar a day, with its numbers in a table and each bar titled', async ({ page }) => {
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'api-usage-chart', PASSWORD, 'small');
  // The server's answer for a month of calls no test could make in time: the chart is the subject.
  const days = last30Days().map((date, i) => ({ date, calls: i % 7 === 3 ? 0 : 40 + i * 3, billed: 35 + i * 2 }));
  for (const day of days) day.billed = Math.min(day.billed, day.calls);
  const usage: ApiUsage = { calls_this_month: 1_234, billed_this_month: 1_100, credits_remaining: 3_866, days };
  await page.route(USAGE_PATH, (route) => route.fulfill({ json: usage }));
  await openOverview(page);

  await expect(stat(page, messages.callsThisMonth)).toHaveText('1,234');
  await expect(panel(page)).toContainText(messages.billed('1,100'));
  await expect(stat(page, messages.creditsLeft)).toHaveText('3,866');
  const figure = chart(page);
  await expect(figure).toBeVisible();
  await expect(figure.locator('svg g')).toHaveCount(30);
  const busiest = days.at(-1);
  if (!busiest) throw new Error('no days');
  await expect(figure.locator(`g[data-date="${busiest.date}"] title`)).toHaveText(
    new RegExp(`: ${busiest.calls} calls, ${busiest.billed} billed$`),
  );
  const rows = figure.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(30);
  await expect(rows.last().getByRole('cell')).toHaveText([String(busiest.calls), String(busiest.billed)]);

  await expectFitsAndPassesAxe(page, 1280, 'api-usage-chart');
  await expectFitsAndPassesAxe(page, 390, 'api-usage-chart');
  expect(problems).toEqual([]);
});

test('usage that fails to load says so and can be asked for again', async ({ page }) => {
  await signedInAccount(page, 'api-usage-error', PASSWORD);
  let fail = true;
  await page.route(USAGE_PATH, (route) =>
    fail ? route.fulfill({ status: 500, json: { detail: 'down', code: 'INTERNAL' } }) : route.fallback(),
  );
  await openOverview(page);
  await expect(panel(page).getByRole('alert')).toHaveText(messages.loadFailed);
  // The rest of the page does not depend on it.
  await expect(page.getByRole('region', { name: 'API key' })).toBeVisible();
  await expectNoAxeViolations(page);

  fail = false;
  await panel(page).getByRole('button', { name: 'Try again' }).click();
  await expect(stat(page, messages.callsThisMonth)).toHaveText('0');
});

test('the panel shows a placeholder while usage loads', async ({ page }) => {
  await signedInAccount(page, 'api-usage-loading', PASSWORD);
  const release = await holdRoute(page, USAGE_PATH);
  await openOverview(page);
  await expect(panel(page).getByRole('status')).toHaveText(messages.loading);
  release();
  await expect(stat(page, messages.callsThisMonth)).toHaveText('0');
});
