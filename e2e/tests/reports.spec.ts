import { readFile } from 'node:fs/promises';
import type { Credentials } from '@licensewatch/shared/credentials';
import { MESSAGES } from '@licensewatch/shared/messages';
import { attentionReasons, type Report } from '@licensewatch/shared/reports';
import { STATE_NAMES, type StateCode, stateName, toStateCode } from '@licensewatch/shared/states';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { assignPlanWithCli, signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createReportOverHttp, postReport } from '../support/reports.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'reports-e2e-password';

// Plans are set with the operator CLI (a Node start, seconds under load) and reports wait for the
// worker: measured up to 29 s with both workers busy (the whole flow below, 50 s).
test.describe.configure({ timeout: 90_000 });

/** A signed-in account; on Premium (every state per report) unless told otherwise (Free, in the trial). */
async function signedInUser(page: Page, prefix: string, plan: 'premium' | 'free' = 'premium') {
  return signedInAccount(page, prefix, PASSWORD, plan === 'free' ? undefined : plan);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A state's checkbox, named by the state alone (its source badge is its description). */
function stateCheckbox(page: Page, code: StateCode) {
  return page.getByRole('checkbox', { name: stateName(code), exact: true });
}

test('a physician creates a report across every state, watches it update, hides a license and deletes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const physician = simulatedPhysician();
  const reportName = `Licenses of ${physician.firstName} ${physician.lastName}`;
  await signedInUser(page, 'reports-flow');
  await page.goto('/dashboard');

  await expect(page.getByRole('heading', { level: 1, name: 'Medical License Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
  await page.getByRole('link', { name: 'Create New Report' }).click();
  await expect(page).toHaveURL(/\/reports\/new$/);

  await page.getByLabel('Report name').fill(reportName);
  await page.getByLabel('First name').fill(physician.firstName);
  if (physician.middleName) await page.getByLabel('Middle name').fill(physician.middleName);
  await page.getByLabel('Last name').fill(physician.lastName);
  await page.getByLabel('License type').selectOption('MD');
  await expect(page.getByRole('checkbox')).toHaveCount(51);
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(page.getByText('51 of 51 selected')).toBeVisible();
  await expect(stateCheckbox(page, 'DC')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Unselect All' })).toBeVisible();

  // The simulated boards answer within seconds, so the first status answer says "40%" to show the
  // bar; every later poll is the server's own, which carries the update to completion.
  let held = false;
  await page.route('**/api/v2/states/update-status/*', async (route) => {
    if (held) return route.continue();
    held = true;
    await route.fulfill({ json: { is_completed: false, progress: 40, unavailable_states: [] } });
  });

  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByText(MESSAGES.reports.created)).toBeVisible();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  const reportId = page.url().split('/').pop() as string;

  const bar = page.getByRole('progressbar', { name: 'Report update progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  await expect(page.getByText('40%')).toBeVisible();
  // The note says what is true of the registry and the boards, not a 20–30 minute wait.
  await expect(page.getByText(/usually takes under a minute; boards that answer slowly can take longer/)).toBeVisible();
  await expect(page.getByText(/20–30 minutes/)).toHaveCount(0);
  await expect(bar).toBeHidden({ timeout: 60_000 });

  // Licenses grouped by state (a switch over the one table), one heading per state the physician
  // holds a license in.
  const fullName = [physician.firstName, physician.middleName, physician.lastName].filter(Boolean).join(' ');
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  await page.getByRole('button', { name: 'Group by state' }).click();
  for (const license of physician.licenses) {
    const group = page.getByRole('region', { name: new RegExp(`^${escapeRegExp(stateName(license.state))}\\b`) });
    await expect(group.getByRole('heading', { level: 2 })).toContainText(stateName(license.state));
    await expect(group.getByText(license.number, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  const [hidden] = physician.licenses;
  if (!hidden) throw new Error('the physician has no license');
  await page.getByRole('button', { name: `Hide license ${hidden.number} (${stateName(hidden.state)})` }).click();
  const hideDialog = page.getByRole('dialog', { name: 'Hide this license?' });
  await expect(hideDialog).toBeVisible();
  await hideDialog.getByRole('button', { name: 'Hide License' }).click();
  await expect(page.getByText(MESSAGES.reports.licenseHidden)).toBeVisible();
  await expect(hideDialog).toBeHidden();
  await expect(page.getByTestId('license-row').filter({ hasText: hidden.number })).toHaveCount(0);

  // The CSV download: the header, the tracked licenses, not the hidden one.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Licenses-of-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe(
    'State,License number,License type,Name on license,Status,Board status,Issued,Expires,Days to expiry,Discipline,Source,Verified at,NPI,Internal ID',
  );
  expect(lines.length).toBeGreaterThanOrEqual(1);
  // Every license of this physician was read from the board by a machine, at a stated time; the
  // report has no NPI or Internal ID (it was not imported from a roster).
  for (const line of lines) expect(line, line).toMatch(/,(Bulk list|Look-up) \([^)]+\),\d{4}-\d{2}-\d{2}T[\d:.]+Z,,$/);
  for (const license of physician.licenses.slice(1)) {
    expect(lines.some((line) => line.startsWith(`${stateName(license.state)},${license.number},`))).toBe(true);
  }
  expect(csv).not.toContain(`,${hidden.number},`);
  await expect(page.getByRole('link', { name: 'Download Excel (XLSX)' })).toHaveAttribute(
    'href',
    `/api/v2/reports/${reportId}/export.xlsx`,
  );
  // The XLSX download: dates are spreadsheet dates shown as yyyy-mm-dd, days to expiry a number.
  const downloadingXlsx = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Excel (XLSX)' }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(await (await downloadingXlsx).path())).buffer);
  const sheet = workbook.getWorksheet('Licenses');
  if (!sheet) throw new Error('the XLSX export has no "Licenses" sheet');
  const columns = (sheet.getRow(1).values as unknown[]).slice(1);
  const expires = sheet.getRow(2).getCell(columns.indexOf('Expires') + 1);
  expect(expires.value).toBeInstanceOf(Date);
  expect(expires.numFmt).toBe('yyyy-mm-dd');
  expect(typeof sheet.getRow(2).getCell(columns.indexOf('Days to expiry') + 1).value).toBe('number');

  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: reportName, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: reportName, exact: true })).toHaveAttribute(
    'href',
    `/reports/${reportId}`,
  );
  // One license hidden: the others are counted.
  await expect(row.locator('td[data-label="Total"]')).toHaveText(String(physician.licenses.length - 1));
  await expect(row.getByRole('link', { name: `Download CSV for ${reportName}` })).toHaveAttribute(
    'href',
    `/api/v2/reports/${reportId}/export.csv`,
  );
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: `Delete ${reportName}` }).click();
  const deleteDialog = page.getByRole('dialog', { name: 'Delete report?' });
  await deleteDialog.getByRole('button', { name: 'Delete Report' }).click();
  await expect(page.getByText(MESSAGES.reports.deleted)).toBeVisible();
  await expect(page.getByRole('link', { name: reportName, exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No reports yet' })).toBeVisible();
});

test('a hidden license is listed under the table and restored, back in the table and the counts', async ({ page }) => {
  const physician = simulatedPhysician({ skip: 5 });
  const [license] = physician.licenses;
  if (!license) throw new Error('the physician has no license');
  const licenseName = `${license.number} (${stateName(license.state)})`;
  await signedInUser(page, 'reports-restore');
  const reportId = await createReportOverHttp(page, physician, 'Restore report');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${reportId}`);
  const rows = page.getByTestId('license-row');
  await expect(rows).toHaveCount(physician.licenses.length, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: /^Hidden licenses/ })).toHaveCount(0);

  await page.getByRole('button', { name: `Hide license ${licenseName}` }).click();
  await page.getByRole('dialog', { name: 'Hide this license?' }).getByRole('button', { name: 'Hide License' }).click();
  await expect(rows).toHaveCount(physician.licenses.length - 1);
  const total = page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd');
  await expect(total).toHaveText(String(physician.licenses.length - 1));
  // The state accounts for the hidden license instead of saying nothing was found there.
  const others = physician.licenses.filter((l) => l.state === license.state).length - 1;
  await page.getByRole('button', { name: /states searched/ }).click();
  await expect(
    page
      .getByRole('list', { name: 'Every state searched' })
      .getByTestId('state-outcome')
      .filter({ hasText: stateName(license.state) }),
  ).toHaveText(
    `${stateName(license.state)}: ${others > 0 ? `${others} ${others === 1 ? 'license' : 'licenses'}; ` : ''}1 hidden`,
  );
  const disclosure = page.getByRole('button', { name: /^Hidden licenses \(1\)/ });
  await expect(disclosure).toHaveAttribute('aria-expanded', 'false');
  await disclosure.click();
  await expect(disclosure).toHaveAttribute('aria-expanded', 'true');
  const restore = page.getByRole('button', { name: `Restore license ${licenseName}` });
  await expect(restore).toBeVisible();
  await expectNoAxeViolations(page);

  await restore.click();
  await expect(page.getByText(MESSAGES.reports.licenseRestored)).toBeVisible();
  await expect(rows).toHaveCount(physician.licenses.length);
  await expect(rows.filter({ hasText: license.number })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Hidden licenses/ })).toHaveCount(0);
  // The report's own count follows: every license tracked again.
  await expect(total).toHaveText(String(physician.licenses.length));
});

test('every state of a report is accounted for: licenses found, or none found', async ({ page }) => {
  const physician = simulatedPhysician({ skip: 6 });
  const held = new Set(physician.licenses.map((l) => l.state));
  const nowhere = STATE_NAMES.find((name) => !held.has(toStateCode(name) as StateCode));
  if (!nowhere) throw new Error('the physician holds a license everywhere');
  await signedInUser(page, 'reports-states');
  const id = await createReportOverHttp(page, physician, 'States report', [nowhere]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${id}`);
  const states = held.size + 1;
  const count = physician.licenses.length;
  await expect(page.getByTestId('state-summary')).toHaveText(
    `${states} states searched · ${count} ${count === 1 ? 'license' : 'licenses'} in ${held.size} ${held.size === 1 ? 'state' : 'states'}`,
    { timeout: 30_000 },
  );
  const toggle = page.getByRole('button', { name: /states searched/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const list = page.getByRole('list', { name: 'Every state searched' });
  await expect(list.getByTestId('state-outcome')).toHaveCount(states);
  await expect(list.getByTestId('state-outcome').filter({ hasText: nowhere })).toHaveText(`${nowhere}: None found`);
  for (const code of held) {
    await expect(list.getByTestId('state-outcome').filter({ hasText: stateName(code) })).toContainText(
      /: \d+ licenses?$/,
    );
  }
  await expectNoAxeViolations(page);
});

test('the create-report form shows the schema messages by each field and sends nothing', async ({ page }) => {
  await signedInUser(page, 'reports-validation', 'free');
  await page.goto('/reports/new');
  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/v2/reports/')) posted = true;
  });
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('License type must be MD or DO')).toBeVisible();
  await expect(page.getByText('Select at least one state')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/reports\/new$/);
  expect(posted).toBe(false);
  await expectNoAxeViolations(page);

  // Back goes to the dashboard.
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** Presses Tab until the element has the focus, as a keyboard user would; fails after a few. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 5; presses++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  await expect(target).toBeFocused();
}

test('a report is created with the keyboard alone, states chosen through the filter', async ({ page }) => {
  const physician = simulatedPhysician({ minStates: 2, skip: 3 });
  const [first, second] = physician.licenses;
  if (!first || !second) throw new Error('the simulated physician has fewer than two licenses');
  await signedInUser(page, 'reports-keyboard');
  await page.goto('/reports/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Report' })).toBeVisible();
  // From the first field on, only keys: Tab moves, typing fills, Space ticks, Enter submits.
  await page.getByLabel('Report name').focus();
  await page.keyboard.type('Keyboard report');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('First name')).toBeFocused();
  await page.keyboard.type(physician.firstName);
  await page.keyboard.press('Tab');
  if (physician.middleName) await page.keyboard.type(physician.middleName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(physician.lastName);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('License type')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('License type')).toHaveValue('MD');

  for (const license of [first, second]) {
    // Enter in the filter narrows to the one state without sending the form.
    await page.getByLabel('Filter states').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(stateName(license.state));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/reports\/new$/);
    await expect(page.getByText('First name is required')).toBeHidden();
    await expect(page.getByText('Select at least one state')).toBeHidden();
    // Tab past "Select All" to the state (a name may be part of another's: Kansas, Arkansas).
    await tabTo(page, stateCheckbox(page, license.state));
    await page.keyboard.press('Space');
    await expect(stateCheckbox(page, license.state)).toBeChecked();
  }
  await expect(page.getByText(`2 of ${STATE_NAMES.length} selected`)).toBeVisible();

  // On to the submit button, and Enter.
  await tabTo(page, page.getByRole('button', { name: 'Create Report' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(physician.lastName) })).toBeVisible();
});

test('a refused report keeps the form and says why', async ({ page }) => {
  // Free grants one report credit (docs/product-rules.md, Catalogue and entitlements): once it is
  // spent, the server refuses the next report and the form keeps what was typed.
  await signedInUser(page, 'reports-refused', 'free');
  await postReport(page, {
    name: 'First',
    firstName: 'Nobody',
    middleName: '',
    lastName: 'Zzyzx',
    licenseType: 'MD',
    states: ['Ohio'],
  });
  await page.goto('/reports/new');
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Doe');
  await page.getByLabel('License type').selectOption('DO');
  await stateCheckbox(page, 'OH').check();
  await page.getByRole('button', { name: 'Create Report' }).click();
  const alert = page.getByRole('alert').filter({ hasText: MESSAGES.reports.createFailed }).first();
  await expect(alert).toContainText(MESSAGES.reports.noReportCredits);
  await expect(alert.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
  await expect(page).toHaveURL(/\/reports\/new$/);
  await expect(page.getByLabel('First name')).toHaveValue('Jane');
  await expect(stateCheckbox(page, 'OH')).toBeChecked();
});

test("an unknown report id shows 'Report not found'", async ({ page }) => {
  await signedInUser(page, 'reports-missing', 'free');
  await page.goto('/reports/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: MESSAGES.reports.notFound })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' }).first()).toHaveAttribute('href', '/dashboard');
});

test('the dashboard stacks reports as cards at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInUser(page, 'reports-phone');
  const physician = simulatedPhysician({ skip: 1 });
  await createReportOverHttp(page, physician, 'Phone report');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Phone report', exact: true })).toBeVisible();
  // Each count carries its own label on a phone (the table header is hidden).
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Phone report', exact: true }) });
  await expect(row.locator('td[data-label="Active"]')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete Phone report' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Download CSV for Phone report' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test('an expired plan greys the dashboard out and offers renewal', async ({ page }) => {
  const email = await signedInUser(page, 'reports-expired');
  const physician = simulatedPhysician({ skip: 2 });
  const reportId = await createReportOverHttp(page, physician, 'Expired plan report');
  await assignPlanWithCli(email, 'premium', true);

  // The CLI ended the plan yesterday: the real credentials record says so (docs/product-rules.md,
  // Plan expiry), while the report list itself still answers.
  const record = (await (await page.request.get('/api/v1/credentials/')).json()) as Credentials;
  expect(record.reports_plan.plan_name).toBe('premium');
  expect(new Date(record.reports_plan.end_date ?? 0).getTime()).toBeLessThan(Date.now());
  await page.goto('/dashboard');
  await expect(page.getByText('Expired plan report')).toBeVisible();
  await expect(page.getByText(MESSAGES.reports.planExpired).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew Plan' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('link', { name: 'Expired plan report', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete Expired plan report' })).toBeDisabled();
  // Exports are always available: the CSV download still works on an expired plan.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV for Expired plan report' }).click();
  expect((await readFile(await (await downloading).path(), 'utf8')).split('\r\n')[0]).toMatch(/^State,License number,/);

  // The report itself is refused by the server (403 PLAN_EXPIRED) with the same message.
  await page.goto(`/reports/${reportId}`);
  await expect(page.getByRole('status').filter({ hasText: MESSAGES.reports.planExpired })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew Plan' })).toHaveAttribute('href', '/pricing');
});

test('a Free account after its trial is not greyed out: its end date is ahead, by the spec’s own rule', async ({
  page,
}) => {
  const email = await signedInUser(page, 'reports-free-after-trial');
  await createReportOverHttp(page, simulatedPhysician({ skip: 4 }), 'Free plan report');
  await assignPlanWithCli(email, 'free');

  // The contract a client follows (docs/product-rules.md, Plan expiry; ADR 026): end_date set and ahead.
  const record = (await (await page.request.get('/api/v1/credentials/')).json()) as Credentials;
  expect(record.reports_plan.plan_name).toBe('free');
  expect(new Date(record.reports_plan.end_date ?? 0).getTime()).toBeGreaterThan(Date.now());
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'Free plan report', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Free plan report' })).toBeEnabled();
  await expect(page.getByText(MESSAGES.reports.planExpired)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Renew Plan' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`a report offers the downloads that work, and no Sheet or Table view the server is not set up for (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await signedInUser(page, `reports-exports-${width}`);
    await createReportOverHttp(page, simulatedPhysician({ skip: 3 }), 'Export report');
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Download CSV for Export report' })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Excel for Export report' }).click();
    expect((await downloading).suggestedFilename()).toMatch(/\.xlsx$/);
    // This server has no Google or Airtable account: no button that could only say so.
    await expect(page.getByRole('button', { name: 'Open Google Sheet for Export report' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open Airtable base for Export report' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

// The flow runs at desktop width; the report and the dashboard are checked at phone width too.
test("a suspended license shows the board's status and wording, never Active, and the counters match the rows (1280 px, the pages at 390 px)", async ({
  page,
}) => {
  const { width } = DESKTOP;
  await page.setViewportSize({ width, height: 900 });
  await signedInUser(page, `reports-suspended-${width}`);
  const physician = simulatedPhysician({ withStatus: 'suspended', skip: 0 });
  const suspended = physician.licenses.find((l) => l.status === 'suspended');
  if (!suspended) throw new Error('the physician has no suspended license');
  const reportId = await createReportOverHttp(page, physician, `Suspended ${width}`);
  await expect
    .poll(
      async () => (await (await page.request.get(`/api/v2/states/update-status/${reportId}`)).json()).is_completed,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  const shown = (await (await page.request.get(`/api/v2/reports/${reportId}/licenses`)).json()) as {
    license_number: string;
    standing: string;
    board_status_text: string | null;
    discipline: string | null;
  }[];
  const fromApi = shown.find((l) => l.license_number === suspended.number);
  if (!fromApi) throw new Error(`license ${suspended.number} is not in the report`);

  await page.goto(`/reports/${reportId}`);
  const rows = page.getByTestId('license-row');
  await expect(rows).toHaveCount(shown.length);
  const row = rows.filter({ hasText: suspended.number });
  await expect(row.getByTestId('license-status')).toHaveText('Suspended');
  // The board's own wording is on the row, as the badge or beside it.
  if (fromApi.board_status_text)
    await expect(row).toContainText(new RegExp(escapeRegExp(fromApi.board_status_text), 'i'));
  if (fromApi.discipline) await expect(row.getByTestId('license-discipline')).toContainText(fromApi.discipline);

  // Each counter equals the rows shown with that status.
  const statuses = await page.getByTestId('license-status').allTextContents();
  const count = (key: string) => page.getByTestId(`count-${key}`).locator('dd').first();
  await expect(count('total_license')).toHaveText(String(statuses.length));
  await expect(count('active_license')).toHaveText(String(statuses.filter((s) => s === 'Active').length));
  await expect(count('expired_license')).toHaveText(String(statuses.filter((s) => s === 'Expired').length));
  // Needs attention: the licenses the board restricts, and whatever else about the physician waits.
  const attentionLicenses = statuses.filter((s) => s !== 'Active' && s !== 'Expired').length;
  const report = (await (await page.request.get(`/api/v1/reports/${reportId}`)).json()) as Report;
  expect(report.attention.licenses).toBe(attentionLicenses);
  await expect(count('needs_attention')).toHaveText(String(report.needs_attention));
  await expect(page.getByTestId('attention-reasons')).toHaveText(attentionReasons(report.attention).join(' · '));
  await expect(count('expiring_license')).toHaveText(String(shown.filter((l) => l.standing === 'expiring').length));
  await page.screenshot({ path: `test-results/report-suspended-${width}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);

  // The dashboard's row carries the same counters.
  await page.goto('/dashboard');
  const reportRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Suspended ${width}`, exact: true }) });
  await expect(reportRow.locator('td[data-label="Total"]')).toHaveText(String(statuses.length));
  await expect(reportRow.locator('td[data-label="Active"]')).toHaveText(
    String(statuses.filter((s) => s === 'Active').length),
  );
  await expect(reportRow.locator('td[data-label="Needs attention"]')).toHaveText(String(report.needs_attention));
  await expect(reportRow.getByTestId('report-attention')).toHaveText(
    `Needs attention: ${attentionReasons(report.attention).join(' · ')}`,
  );
  await page.screenshot({ path: `test-results/dashboard-suspended-${width}.png`, fullPage: true });
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
});
