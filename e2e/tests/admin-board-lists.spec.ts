import type { Page } from '@playwright/test';
import { createPopulation } from '../../apps/board-sim/src/population.ts';
import { createUserWithCli, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { simURL } from '../support/e2e-env.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { signInOverHttp } from '../support/sign-in.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'board-lists-e2e-password';

async function signInAdmin(page: Page) {
  const email = uniqueEmail('lists-admin');
  await createUserWithCli({ email, password: PASSWORD, role: 'admin', name: 'Ada Lists' });
  await signInOverHttp(page.request, email, PASSWORD);
}

const usDate = (iso: string | null) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '');

/**
 * The list Mississippi's board sells, as a file: a title line, the header, a row per license of the
 * e2e simulator's Mississippi physicians (same population as the e2e server), and one bad row.
 */
function mississippiList(): { csv: string; licenses: number } {
  const rows: string[] = [];
  for (const person of createPopulation({ size: 2000 }).people())
    for (const l of person.licenses)
      if (l.boardId === 'ms-med' && l.licenseNumber && !/[",]/.test(person.lastName + person.firstName))
        rows.push(
          `${l.licenseNumber},${person.lastName.toUpperCase()},${person.firstName.toUpperCase()},Active,${usDate(l.expiryDate)}`,
        );
  const csv = [
    'Mississippi State Board of Medical Licensure - licensees',
    'License Number,Last Name,First Name,License Status,Expiration Date',
    ...rows,
    'X1,NODATE,PAT,Active,31/31/2031',
  ].join('\r\n');
  return { csv, licenses: rows.length };
}

// Each flow runs at one width, its result checked at the other (support/widths.ts).
test("an administrator checks, then loads, a board's purchased list (1280 px, the result at 390 px)", async ({
  page,
}, testInfo) => {
  const { width } = DESKTOP;
  test.setTimeout(90_000);
  const problems = await watchPageProblems(page);
  await page.setViewportSize({ width, height: 900 });
  await signInAdmin(page);
  const { csv, licenses } = mississippiList();
  expect(licenses).toBeGreaterThan(3);

  await page.goto('/admin/board-lists');
  await expect(page.getByRole('heading', { level: 2, name: 'Board lists' })).toBeVisible();
  const mississippi = page.getByLabel('Board', { exact: true }).locator('option', { hasText: 'Mississippi' });
  await page.getByLabel('Board', { exact: true }).selectOption((await mississippi.getAttribute('value')) ?? '');
  // A file that is no list says so at once, and nothing can be sent.
  await page
    .getByLabel('List file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toContainText('No header of three or more columns');
  await expect(page.getByRole('button', { name: 'Check the list' })).toBeDisabled();

  await page
    .getByLabel('List file')
    .setInputFiles({ name: 'ms-licensees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // Mapped from the header, which the form found below the title line.
  await expect(page.getByLabel('License number')).toHaveValue('License Number');
  await expect(page.getByLabel('Last name')).toHaveValue('Last Name');
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('License Status');
  await expect(page.getByLabel('Expiry date')).toHaveValue('Expiration Date');
  await expect(page.getByLabel(/Header starts with/)).toHaveValue('License Number');
  await expect(page.getByRole('button', { name: 'Load the list' })).toBeDisabled();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Check the list' }).click();
  const result = page.getByRole('region', { name: /Checked: the list of Mississippi/ });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Nothing was stored');
  await expect(result).toContainText("invalid expiry date '31/31/2031'");
  await expect(result.getByText('Rows refused').locator('..')).toContainText('1');
  await page.screenshot({ path: `test-results/admin-board-lists-checked-${width}.png`, fullPage: true });
  await expectNoSidewaysScroll(page);
  await expectLayoutAt(page, PHONE, { testInfo, name: 'admin-board-lists-checked' });

  await page.getByRole('button', { name: 'Load the list' }).click();
  await expect(page.getByText('List of Mississippi State Board of Medical Licensure loaded')).toBeVisible();
  const loaded = page.getByRole('region', { name: /Loaded: the list of Mississippi/ });
  await expect(loaded).toContainText('reports find its licenses from now on');
  await expect(loaded.getByText('Rows read').locator('..')).toContainText(String(licenses + 1));
  await expect(page.getByRole('button', { name: 'Load the list' })).toBeDisabled();

  // The audit log says who loaded which list.
  await page.goto('/admin/audit');
  await expect(
    page.getByRole('row').filter({ hasText: "Board's list loaded" }).filter({ hasText: 'Mississippi' }).first(),
  ).toBeVisible();
  expect(problems).toEqual([]);
});

test('an administrator loads a file as its board publishes it, nothing to map (390 px, the result at 1280 px)', async ({
  page,
}, testInfo) => {
  const { width } = PHONE;
  test.setTimeout(90_000);
  const problems = await watchPageProblems(page);
  await page.setViewportSize({ width, height: 900 });
  await signInAdmin(page);
  // Maryland's monthly list as a person downloads it from the board (the e2e simulator's copy).
  const download = await page.request.get(`${simURL}/sites/www.mbp.state.md.us/forms/doctor_list_revised.csv`);
  expect(download.status()).toBe(200);
  const file = await download.body();
  const rows = file.toString('utf8').trimEnd().split('\r\n').length - 2;
  expect(rows).toBeGreaterThan(3);

  await page.goto('/admin/board-lists');
  const board = page.getByLabel('Board', { exact: true });
  const maryland = board.locator('option', { hasText: 'Maryland' });
  await board.selectOption((await maryland.getAttribute('value')) ?? '');
  await expect(page.getByLabel('Read the file')).toHaveValue('published');
  await page
    .getByLabel('List file')
    .setInputFiles({ name: 'doctor_list_revised.csv', mimeType: 'text/csv', buffer: file });
  // Nothing to map: the board's own layout reads it.
  await expect(page.getByText('Read in the layout the Maryland Board of Physicians publishes')).toBeVisible();
  await expect(page.getByLabel('License number')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Check the list' }).click();
  const result = page.getByRole('region', { name: /Checked: the list of Maryland/ });
  await expect(result).toBeVisible();
  await expect(result.getByText('Rows read').locator('..')).toContainText(String(rows));
  await expect(result.getByText('Rows refused').locator('..')).toContainText('0');
  await page.screenshot({ path: `test-results/admin-board-lists-published-${width}.png`, fullPage: true });
  await expectNoSidewaysScroll(page);
  await expectLayoutAt(page, DESKTOP, { testInfo, name: 'admin-board-lists-published' });

  // Mapping the columns instead reads the header in the browser, as for any list.
  await page.getByLabel('Read the file').selectOption('mapped');
  await expect(page.getByLabel('License number')).toHaveValue('License #');
  await expect(page.getByLabel(/Header starts with/)).toHaveValue('License #');
  expect(problems).toEqual([]);
});
