import { ACTION_NEEDED_MESSAGES, type ActionNeeded, actionItemText } from '@licensewatch/shared/action-needed';
import type { ReportLicense } from '@licensewatch/shared/reports';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseURL } from '../support/e2e-env.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { createReportOverHttp } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, PHONE } from '../support/widths.ts';

// The plan is set with the operator CLI and the report waits for the worker: measured up to 29 s
// with both workers busy (reports.spec.ts); the rest takes seconds.
test.describe.configure({ timeout: 90_000 });

// The flow runs at phone width, whose top bar holds the bell of its own; the inbox is checked at
// desktop width too, with the desktop top bar's bell.
const viewport = PHONE;
const w = viewport.width;

test('the Action needed inbox counts what waits in the top bar, links to where it is resolved and lets it go once resolved (390 px, the inbox at 1280 px)', async ({
  page,
}) => {
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, `action-needed-${w}`, 'action-needed-e2e-password', 'premium');

  // Nothing yet: the bell carries no number, the inbox says all is clear.
  await page.goto('/dashboard');
  const bell = page.getByTestId('action-needed-link').locator('visible=true');
  await expect(bell).toHaveAccessibleName(ACTION_NEEDED_MESSAGES.linkLabel(0));
  await bell.click();
  await expect(page).toHaveURL(/\/action-needed$/);
  await expect(page.getByRole('heading', { level: 1, name: ACTION_NEEDED_MESSAGES.title })).toBeVisible();
  await expect(page.getByText(ACTION_NEEDED_MESSAGES.empty)).toBeVisible();

  // A physician with a suspended license (a later one than other specs take).
  const physician = simulatedPhysician({ withStatus: 'suspended', skip: 3 });
  const suspended = physician.licenses.find((l) => l.status === 'suspended');
  if (!suspended) throw new Error('the physician has no suspended license');
  const reportId = await createReportOverHttp(page, physician, `Action needed ${w}`);
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/v2/states/update-status/${reportId}`)).json()).is_completed,
      { timeout: 60_000 },
    )
    .toBe(true);
  const inbox = (await (await page.request.get('/api/v2/action-needed')).json()) as ActionNeeded;
  const status = inbox.items.find((i) => i.kind === 'license_status' && i.report_id === reportId);
  expect(status).toBeDefined();

  await page.goto('/dashboard');
  await expect(bell).toHaveAccessibleName(ACTION_NEEDED_MESSAGES.linkLabel(inbox.total));
  await expect(bell).toContainText(String(inbox.total));
  await bell.click();
  const items = page.getByTestId('action-item');
  await expect(items).toHaveCount(inbox.items.length);
  const item = items.filter({ hasText: 'License status' });
  const name = [physician.firstName, physician.middleName, physician.lastName].filter(Boolean).join(' ');
  await expect(item).toContainText(
    `${name}: ${actionItemText(status ?? { kind: 'license_status', count: 1 }, inbox.expiring_within_days)}`,
  );
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `test-results/action-needed-${w}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await page.setViewportSize(DESKTOP);
  await expect(bell).toHaveAccessibleName(ACTION_NEEDED_MESSAGES.linkLabel(inbox.total));
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/action-needed-${DESKTOP.width}.png`, fullPage: true });
  await page.setViewportSize(viewport);

  // The link goes where it is resolved: the report.
  await item.getByRole('link', { name: `See the licenses: ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${reportId}$`));

  // Resolved (the license is hidden as not this physician's): gone from the inbox.
  const licenses = (await (await page.request.get(`/api/v2/reports/${reportId}/licenses`)).json()) as ReportLicense[];
  for (const license of licenses.filter((l) => l.standing === 'attention')) {
    const hidden = await page.request.patch(`/api/v2/reports/licenses/${license.id}`, {
      headers: { origin: baseURL },
    });
    expect(hidden.status()).toBe(200);
  }
  await page.goto('/action-needed');
  await expect(page.getByTestId('action-item').filter({ hasText: 'License status' })).toHaveCount(0);
  expect(problems).toEqual([]);
});
