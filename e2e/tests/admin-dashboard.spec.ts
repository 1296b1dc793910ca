import type { AdminBilling, AdminDashboard } from '@licensewatch/shared/admin-insights';
import type { Locator, Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { becomeAdmin } from '../support/admin-session.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

const PASSWORD = 'admin-dashboard-e2e-password';

// Two CLI runs (a Node start each) and a checkout through the test provider. Measured 2026-11-29
// with the machine busy (another test run beside this one): 1.5–1.7 min, each CLI run about 19 s
// and axe on a long page; the 90 s this was timed out. Twice that.
test.describe.configure({ timeout: 180_000 });

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A physician pays for Premium through the test-mode checkout, as on /pricing. */
async function buyPremium(page: Page, prefix: string): Promise<string> {
  const email = await signedInAccount(page, prefix, PASSWORD, 'free');
  await page.goto('/pricing');
  await page
    .getByRole('article', { name: 'Premium', exact: true })
    .getByRole('button', { name: 'Subscribe: Premium plan' })
    .click();
  await expect(page).toHaveURL(/\/test-checkout\//);
  await page.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the dashboard shows the figures and the chart; billing shows a test-mode subscription', async ({ page }) => {
      const buyer = await buyPremium(page, `admin-dash-buyer-${viewport.name}`);
      await becomeAdmin(page, `admin-dash-${viewport.name}`, 'Dashboard Admin');
      const problems = await watchPageProblems(page);

      await page.goto('/admin');
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
      const sidebar = page.getByRole('complementary', { name: 'Admin' });
      const compact = page.getByRole('navigation', { name: 'Admin sections (compact)' });
      if (viewport.name === 'phone') {
        await expect(sidebar).toBeHidden();
        await expect(compact).toBeVisible();
      } else {
        await expect(sidebar).toBeVisible();
        await expect(compact).toBeHidden();
      }

      const stat = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
      await expect(stat('Users')).toContainText(/\d+ new this week · \d+ active in 30 days/);
      // The buyer pays $15 at least: MRR is never $0 after a test-mode purchase.
      await expect(stat('MRR').locator('dd').first()).not.toHaveText('$0');
      await expect(stat('Paying plans').locator('dd').first()).not.toHaveText('0');
      await expect(page.getByText(/^Active: signed in, or used a session/)).toBeVisible();

      const chart = page.getByRole('figure', { name: /API calls · .* credits used/ });
      await expect(chart).toBeVisible();
      await expect(chart.locator('svg g')).toHaveCount(30);
      await expect(chart.getByRole('table').locator('tbody tr')).toHaveCount(30);

      const plans = page.getByRole('region', { name: 'Plans held' });
      await expect(plans.getByRole('listitem')).toHaveCount(6);
      await expect(plans.getByRole('listitem').filter({ hasText: 'Premium' })).toContainText(/paying/);

      const boards = page.getByRole('region', { name: 'Board health' });
      await expect(boards.getByText('States Confirmed')).toBeVisible();
      await expect(boards.getByRole('region', { name: 'Boards, problems first' }).locator('tbody tr')).toHaveCount(8);
      const more = boards.getByRole('button', { name: /^Show all \d+ boards$/ });
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(boards.getByRole('button', { name: 'Show problems only' })).toHaveAttribute('aria-expanded', 'true');
      expect(await boards.locator('tbody tr').count()).toBeGreaterThan(8);

      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/insights-admin-dashboard-${viewport.width}.png`, fullPage: true });

      // To billing through the sidebar, or the compact tabs on a phone.
      const nav = viewport.name === 'phone' ? compact : sidebar;
      await nav.getByRole('link', { name: 'Billing' }).click();
      await expect(page).toHaveURL(/\/admin\/billing$/);
      await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
      await expect(page.getByText("Test mode: Stripe links open Stripe's test dashboard.")).toBeVisible();

      const subscriptions = page.getByRole('region', { name: 'Subscriptions', exact: true });
      const row = subscriptions.getByRole('row').filter({ hasText: buyer });
      await expect(row).toContainText('Premium');
      await expect(row).toContainText('active');
      const customer = row.getByRole('link', { name: /^Customer/ });
      await expect(customer).toHaveAttribute('href', /^https:\/\/dashboard\.stripe\.com\/test\/customers\/cus_/);
      await expect(customer).toHaveAttribute('target', '_blank');
      await expect(customer).toHaveAttribute('rel', /noopener/);
      await expect(row.getByRole('link', { name: /^Subscription/ })).toHaveAttribute(
        'href',
        /^https:\/\/dashboard\.stripe\.com\/test\/subscriptions\/sub_/,
      );

      const checkouts = page.getByRole('region', { name: 'Recent checkouts', exact: true });
      await expect(checkouts.getByRole('row').filter({ hasText: buyer })).toContainText('$15');
      await expect(page.getByRole('region', { name: 'Refunds', exact: true })).toContainText('No refunds.');

      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `/tmp/insights-admin-billing-${viewport.width}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  });
}

type DashboardBoard = AdminDashboard['boards']['list'][number];

/** A busy month the e2e server cannot make in time: the chart and the board table are the subject. */
function busyDashboard(): AdminDashboard {
  const today = new Date();
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(today.getTime() - (29 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, api_calls: i % 6 === 2 ? 0 : 100 + i * 9, credits_used: 60 + i * 4 };
  });
  const board = (
    id: string,
    jurisdiction: string,
    available: boolean | null,
    ingest: string | null,
    patch: Partial<DashboardBoard> = {},
  ): DashboardBoard => ({
    board_id: id,
    name: `${jurisdiction} Board`,
    jurisdiction,
    method: 'lookup',
    method_detail: null,
    available,
    checked_at: available === null ? null : today.toISOString(),
    last_error: available === false ? 'HTTP 503 from the board' : null,
    probe: null,
    source_unavailable: available === false,
    last_successful_ingest_at: ingest,
    ...patch,
  });
  const passed = {
    outcome: 'ok',
    probed_at: today.toISOString(),
    failures: null,
    verified_at: today.toISOString(),
  } as const;
  return {
    generated_at: today.toISOString(),
    users: { total: 100_000, new_this_week: 1_234, active_30_days: 33_339 },
    plans: {
      per_plan: [
        { plan_name: 'free', users: 60_000, paying: 0, organisations: 300, paying_organisations: 0 },
        { plan_name: 'basic', users: 10_000, paying: 9_400, organisations: 0, paying_organisations: 0 },
        { plan_name: 'premium', users: 10_000, paying: 9_400, organisations: 0, paying_organisations: 0 },
        { plan_name: 'small', users: 10_000, paying: 9_400, organisations: 1_200, paying_organisations: 1_100 },
        { plan_name: 'growth', users: 10_000, paying: 9_400, organisations: 800, paying_organisations: 750 },
        { plan_name: 'enterprise', users: 0, paying: 0, organisations: 0, paying_organisations: 0 },
      ],
      trials: 60_000,
      trials_ending_14_days: 9_000,
      paying: 37_600,
      mrr_cents: 729_428_500,
      paying_organisations: 1_850,
      organisations_mrr_cents: 65_000_000,
    },
    content: { reports: 30_000, tracked_licenses: 81_000 },
    usage: {
      days,
      api_calls: days.reduce((n, d) => n + d.api_calls, 0),
      credits_used: days.reduce((n, d) => n + d.credits_used, 0),
    },
    alerts: { email: { sent: 4_000, failed: 12 }, sms: { sent: 800, failed: 3 } },
    boards: {
      states_confirmed: 46,
      states_not_checked: 3,
      states_unavailable: 2,
      methods: { bulk: 8, lookup: 40, manual: 16, off: 0 },
      list: [
        // Answers the health check, but its look-up now shows a CAPTCHA wall: users see it unavailable.
        board('ny-med', 'NY', true, '2026-11-19T10:00:00.000Z', {
          probe: {
            outcome: 'blocked',
            probed_at: today.toISOString(),
            failures: ['blocked (HTTP 403): www.nysed.example answered a Cloudflare challenge page (HTTP 403)'],
            verified_at: '2026-11-12T09:30:00.000Z',
          },
          source_unavailable: true,
        }),
        board('ca-md', 'CA', false, '2026-11-20T10:00:00.000Z', { method: 'bulk' }),
        board('tx-med', 'TX', null, null),
        ...Array.from({ length: 10 }, (_, i) => board(`b${i}-med`, 'OR', true, today.toISOString(), { probe: passed })),
        board('hi-med', 'HI', null, null, {
          method: 'manual',
          method_detail: "The board's robots.txt forbids automated access: robots.txt disallows every path.",
        }),
      ],
    },
    exclusions: {
      files: [
        {
          source: 'leie',
          kind: 'full',
          period: null,
          status: 'warned',
          started_at: today.toISOString(),
          rows_read: 80_012,
          rows_rejected: 2,
          error: null,
          rejections: [
            { row: 1_204, reason: "EXCLDATE '2023-13-45' is not a date (YYYYMMDD)" },
            { row: 5_310, reason: "NPI '12345' is not ten digits" },
          ],
          last_success_at: today.toISOString(),
        },
        {
          source: 'leie',
          kind: 'reinstatements',
          period: '2026-10',
          status: 'failed',
          started_at: today.toISOString(),
          rows_read: 40,
          rows_rejected: 0,
          error: "unknown exclusion type '9999z' on line 12: nothing was changed",
          rejections: [],
          last_success_at: null,
        },
      ],
      entries_listed: 79_950,
      matches_confirmed: 14,
      matches_to_review: 3,
    },
  };
}

test.describe('with a busy month', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the chart draws both series for each day and the table names them; the boards put problems first', async ({
    page,
  }) => {
    await becomeAdmin(page, 'admin-dash-busy', 'Dashboard Admin');
    const problems = await watchPageProblems(page);
    const data = busyDashboard();
    await page.route('**/api/v2/admin/dashboard', (route) => route.fulfill({ json: data }));
    await page.goto('/admin');

    const chart = page.getByRole('figure', { name: /API calls · .* credits used/ });
    await expect(chart).toContainText(`${data.usage.api_calls.toLocaleString('en-US')} API calls`);
    const last = data.usage.days.at(-1);
    if (!last) throw new Error('no days');
    await expect(chart.locator(`g[data-date="${last.date}"] title`)).toHaveText(
      new RegExp(`: ${last.api_calls} API calls, ${last.credits_used} credits used$`),
    );
    const drawn = await chart
      .locator('svg g')
      .evaluateAll((groups) =>
        groups.map((g) => [...g.querySelectorAll('rect[class]')].map((r) => Number(r.getAttribute('height')) > 0)),
      );
    expect(drawn).toHaveLength(30);
    expect(drawn.every((bars) => bars.length === 2 && bars[1])).toBe(true);
    expect(drawn.filter((bars) => !bars[0])).toHaveLength(5);
    await expect(chart.getByRole('table').locator('tbody tr').last().getByRole('cell')).toHaveText([
      String(last.api_calls),
      String(last.credits_used),
    ]);

    await expect(page.locator('dt', { hasText: /^MRR$/ }).locator('..')).toContainText('$7,294,285');
    const boardHealth = page.getByRole('region', { name: 'Board health' });
    // A state no check ever reached is not called Confirmed.
    const stat = (label: string) => boardHealth.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
    await expect(stat('States Confirmed')).toHaveText('46');
    await expect(stat('States Not Checked Yet')).toHaveText('3');
    await expect(stat('States Site Not Available')).toHaveText('2');
    await expectBoardHealth(boardHealth);

    // The exclusion lists: a file with rejected rows names them; a failed one says why.
    const lists = page.getByRole('region', { name: 'Exclusion lists' });
    await expect(lists).toContainText('Possible matches to review');
    await expect(lists).toContainText('80,012 rows read, 2 rejected');
    await expect(lists).toContainText("Line 1204: EXCLDATE '2023-13-45' is not a date (YYYYMMDD)");
    await expect(lists).toContainText('LEIE reinstatements supplement (2026-10)');
    await expect(lists).toContainText("unknown exclusion type '9999z' on line 12: nothing was changed");

    await expectNoAxeViolations(page);
    await page.screenshot({ path: '/tmp/insights-admin-dashboard-busy-1280.png', fullPage: false });
    await chart.screenshot({ path: '/tmp/insights-admin-dashboard-busy-chart-1280.png' });
    await boardHealth.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/insights-admin-dashboard-busy-boards-1280.png', fullPage: false });
    expect(problems).toEqual([]);
  });

  test('a dashboard that fails to load says so and can be asked for again', async ({ page }) => {
    await becomeAdmin(page, 'admin-dash-error', 'Dashboard Admin');
    let fail = true;
    await page.route('**/api/v2/admin/dashboard', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { detail: 'boom', code: 'INTERNAL_ERROR' } })
        : route.fulfill({ json: busyDashboard() }),
    );
    await page.goto('/admin');
    await expect(page.getByRole('alert')).toHaveText('Error loading the dashboard. Please try again later.');
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('figure', { name: /API calls · .* credits used/ })).toBeVisible();
  });
});

/** What the board panel says of the busy month: counts by method, problems first, each probe with what failed. */
async function expectBoardHealth(boardHealth: Locator) {
  const stat = (label: string) => boardHealth.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('..');
  await expect(stat('States Site Not Available').locator('dd')).toHaveText('2');
  await expect(stat('Bulk lists').locator('dd')).toHaveText('8');
  await expect(stat('Look-ups').locator('dd')).toHaveText('40');
  await expect(stat('Verified by hand').locator('dd')).toHaveText('16');
  await expect(stat('Sources off').locator('dd')).toHaveText('0');
  const rows = boardHealth.getByRole('region', { name: 'Boards, problems first' }).locator('tbody tr');
  // A failed probe is a problem even when the board answers its health check.
  await expect(rows.first()).toContainText('Site Not Available');
  await expect(rows.first()).toContainText('Blocked');
  await expect(rows.first()).toContainText('answered a Cloudflare challenge page (HTTP 403)');
  await expect(rows.first()).toContainText(/Last verified .*2026/);
  await expect(rows.nth(1)).toContainText('Bulk list');
  await expect(rows.nth(1)).toContainText('HTTP 503 from the board');
  await expect(rows.nth(1)).toContainText('Never probed');
  await expect(rows.nth(2)).toContainText('Not checked yet');
  await expect(rows.nth(2)).toContainText('Never');
  await expect(rows.nth(3)).toContainText('Passed');
  await boardHealth.getByRole('button', { name: 'Show all 14 boards' }).click();
  const manual = rows.last();
  await expect(manual).toContainText('Verified by hand');
  await expect(manual).toContainText('robots.txt forbids automated access');
  await expect(manual).toContainText('Not read by a machine');
}

test.describe('board health at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('counts, problems first and each probe fit the phone, the table scrolling in its region', async ({ page }) => {
    await becomeAdmin(page, 'admin-dash-boards-phone', 'Dashboard Admin');
    const problems = await watchPageProblems(page);
    await page.route('**/api/v2/admin/dashboard', (route) => route.fulfill({ json: busyDashboard() }));
    await page.goto('/admin');
    const boardHealth = page.getByRole('region', { name: 'Board health' });
    await expectBoardHealth(boardHealth);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await boardHealth.scrollIntoViewIfNeeded();
    await boardHealth.screenshot({ path: '/tmp/insights-admin-dashboard-boards-390.png' });
    expect(problems).toEqual([]);
  });
});

/** Page `page` of 60 subscriptions, 25 a page, and nothing else recorded. */
function billingPage(page: number): AdminBilling {
  const count = page < 3 ? 25 : 10;
  return {
    stripe_mode: 'live',
    subscriptions: {
      items: Array.from({ length: count }, (_, i) => {
        const n = (page - 1) * 25 + i + 1;
        return {
          user_id: `u${n}`,
          email: `payer-${n}@example.com`,
          organisation: null,
          plan_name: 'basic',
          status: n === 1 ? 'past_due' : 'active',
          current_period_end: '2026-12-24T00:00:00.000Z',
          cancel_at_period_end: n === 2,
          customer_id: `cus_${n}`,
          subscription_id: `sub_${n}`,
          customer_url: `https://dashboard.stripe.com/customers/cus_${n}`,
          subscription_url: `https://dashboard.stripe.com/subscriptions/sub_${n}`,
        };
      }),
      total: 60,
      page,
      page_size: 25,
    },
    failed_payments: [],
    checkouts: [],
    refunds: [],
    credit_changes: [],
  };
}

test.describe('billing at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('pages through subscriptions, says when a list is empty, and fits the phone', async ({ page }) => {
    await becomeAdmin(page, 'admin-billing-pages', 'Dashboard Admin');
    const problems = await watchPageProblems(page);
    const asked: number[] = [];
    await page.route('**/api/v2/admin/billing?*', (route) => {
      const n = Number(new URL(route.request().url()).searchParams.get('page'));
      asked.push(n);
      return route.fulfill({ json: billingPage(n) });
    });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin sections (compact)' })
      .getByRole('link', { name: 'Billing' })
      .click();

    const subscriptions = page.getByRole('region', { name: 'Subscriptions', exact: true });
    await expect(subscriptions.getByRole('row').filter({ hasText: 'payer-1@example.com' })).toContainText('past_due');
    await expect(subscriptions.getByRole('row').filter({ hasText: 'payer-2@example.com' })).toContainText(
      'Cancels at period end',
    );
    await expect(subscriptions.getByRole('link', { name: /^Customer/ }).first()).toHaveAttribute(
      'href',
      'https://dashboard.stripe.com/customers/cus_1',
    );
    await expect(page.getByText("Test mode: Stripe links open Stripe's test dashboard.")).toHaveCount(0);
    const pages = page.getByRole('navigation', { name: 'Subscription pages' });
    await expect(pages).toContainText('Page 1 of 3');
    await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 2 of 3');
    await expect(subscriptions.getByRole('row').filter({ hasText: 'payer-26@example.com' })).toBeVisible();
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(pages).toContainText('Page 3 of 3');
    await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(asked).toEqual([1, 2, 3]);

    for (const text of [
      'No failed payments.',
      'No checkouts yet.',
      'No refunds.',
      'No temporary credits granted yet.',
    ]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page
      .locator('section[aria-labelledby="billing-subscriptions"]')
      .screenshot({ path: '/tmp/insights-admin-billing-pages-390.png' });
    expect(problems).toEqual([]);
  });
});
