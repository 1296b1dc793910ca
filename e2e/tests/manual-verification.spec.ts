import { readFile } from 'node:fs/promises';
import { addDays } from '@licensewatch/shared/licenses';
import { stateName } from '@licensewatch/shared/states';
import type { StateStatusResponse } from '@licensewatch/shared/states-api';
import type { Page } from '@playwright/test';
import type { SimLicense, SimPerson } from '../../apps/board-sim/src/population.ts';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { baseURL, simURL } from '../support/e2e-env.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { postReport } from '../support/reports.ts';
import { EVIDENCE_PNG as PNG } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

// docs/product-rules.md, Verification by hand. The report waits for the worker (see reports.spec.ts).
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'manual-verification-e2e-password';

const utcToday = () => new Date().toISOString().slice(0, 10);
/** The simulator's look-up prints dates as MM/DD/YYYY. */
const isoOf = (us: string) => `${us.slice(6, 10)}-${us.slice(0, 2)}-${us.slice(3, 5)}`;

/**
 * A simulated MD, named plainly and like no one else, with active numbered licenses in two states whose
 * boards no machine may read: one to verify today, one as if verified 31 days ago.
 */
async function physicianOnBoardsVerifiedByHand(page: Page): Promise<{ person: SimPerson; licenses: SimLicense[] }> {
  const status = (await (await page.request.get('/api/v2/states/status')).json()) as StateStatusResponse;
  const byHand = new Set(
    status.states.flatMap((s) =>
      s.boards.filter((b) => b.method === 'manual' || b.method === 'off').map((b) => b.board_id),
    ),
  );
  const text = await (await fetch(`${simURL}/ground-truth.jsonl`)).text();
  const people = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as SimPerson);
  const names = new Map<string, number>();
  for (const p of people)
    names.set(`${p.firstName} ${p.lastName}`, (names.get(`${p.firstName} ${p.lastName}`) ?? 0) + 1);
  const plain = (s: string | null) => s === null || /^[A-Za-z]+$/.test(s);
  const today = utcToday();
  for (const person of people) {
    if (person.suffix || !plain(person.firstName) || !plain(person.middleName) || !plain(person.lastName)) continue;
    if (names.get(`${person.firstName} ${person.lastName}`) !== 1) continue;
    if (person.licenses.some((l) => l.licenseType !== 'MD')) continue;
    const licenses = person.licenses.filter(
      (l) => byHand.has(l.boardId) && l.licenseNumber && l.status === 'active' && (l.expiryDate ?? '') > today,
    );
    if (new Set(licenses.map((l) => l.jurisdiction)).size >= 2 && licenses.length === 2) return { person, licenses };
  }
  throw new Error('no simulated physician with two licenses on boards verified by hand');
}

test('a state no machine may read is verified by hand: look-up, copy, record with evidence, due after 30 days', async ({
  page,
}) => {
  // Measured 108 s with the machine otherwise quiet, and past 156 s with a full CI run beside it:
  // two reports' updates, two verifications by hand and their PDFs.
  test.setTimeout(300_000);
  const problems = await watchPageProblems(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { person, licenses } = await physicianOnBoardsVerifiedByHand(page);
  const [first, second] = licenses as [SimLicense, SimLicense];
  await signedInAccount(page, 'manual-verification', PASSWORD, 'premium');
  const reportId = await postReport(page, {
    name: 'Verified by hand',
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    licenseType: 'MD',
    states: [first.jurisdiction, second.jurisdiction].map(stateName),
  });
  const physician = [person.firstName, person.middleName, person.lastName].filter(Boolean).join(' ');

  await page.goto(`/reports/${reportId}`);
  const section = page.getByTestId('verify-by-hand');
  await expect(section.getByRole('heading', { name: 'Verify by hand (2 waiting)' })).toBeVisible({ timeout: 60_000 });
  const panel = section.getByTestId('verify-by-hand-state').filter({ hasText: stateName(first.jurisdiction) });
  await expect(panel.getByText('Not verified yet')).toBeVisible();
  await expect(page.getByTestId('state-summary')).toContainText('2 to verify by hand');

  // The physician's name, ready to paste into the board's form.
  await expect(panel.getByTestId('verify-physician')).toHaveText(physician);
  await panel.getByRole('button', { name: `Copy physician's name: ${physician}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(physician);

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/manual-verification-waiting-${size.width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The board's look-up opens in a new tab, where the person reads the license.
  const lookUp = panel.getByRole('link', { name: /^Open .* look-up/ });
  await expect(lookUp).toHaveAttribute('target', '_blank');
  await expect(lookUp).toHaveAttribute('rel', /noopener/);
  const [board] = await Promise.all([page.waitForEvent('popup'), lookUp.click()]);
  await board.getByLabel('Last name').fill(person.lastName);
  await board.getByLabel('First name').fill(person.firstName);
  await board.getByRole('button', { name: 'Search' }).click();
  const result = board.locator('tr.result').filter({ hasText: first.licenseNumber as string });
  await expect(result).toHaveCount(1);
  const read = {
    number: (await result.locator('.license-number').textContent())?.trim() ?? '',
    status: (await result.locator('.status').textContent())?.trim() ?? '',
    issued: isoOf((await result.locator('.issue-date').textContent())?.trim() ?? ''),
    expires: isoOf((await result.locator('.expiry-date').textContent())?.trim() ?? ''),
  };
  await board.close();

  // Recorded with what the board showed: a file that is no PDF, PNG or JPEG is refused, keeping what was typed.
  await panel.getByRole('button', { name: `Record verification for ${stateName(first.jurisdiction)}` }).click();
  const form = panel.getByTestId('record-verification-form');
  await form.getByLabel('License number', { exact: true }).fill(read.number);
  await form.getByLabel('Status, as the board words it').fill(read.status);
  await expect(form.getByLabel('What that status means')).toHaveValue('active');
  await form.getByLabel('Issued').fill(read.issued);
  await form.getByLabel('Expires').fill(read.expires);
  await expect(form.getByLabel('Date checked')).toHaveValue(utcToday());
  const file = form.locator('input[type="file"]');
  await file.setInputFiles({ name: 'board-page.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  await form.getByRole('button', { name: 'Record verification' }).click();
  await expect(form.getByText('The evidence must be a PDF, PNG or JPEG file')).toBeVisible();
  await expect(form.getByLabel('License number', { exact: true })).toHaveValue(read.number);
  // The form on a phone, refusal shown: one column, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await form.screenshot({ path: 'test-results/manual-verification-form-390.png' });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await form.screenshot({ path: 'test-results/manual-verification-form-1280.png' });
  await file.setInputFiles({ name: 'board-page.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByText(`board-page.png · ${PNG.length} bytes`)).toBeVisible();
  await form.getByRole('button', { name: 'Record verification' }).click();
  await expect(page.getByText(`Verification of ${stateName(first.jurisdiction)} recorded`)).toBeVisible();

  // In the table, "By hand", and in the counts.
  const row = page.getByTestId('license-row').filter({ hasText: read.number });
  await expect(row.getByTestId('verified-by-hand')).toContainText('By hand on');
  await expect(row.getByTestId('license-status')).toHaveText('Active');
  await expect(row.getByTestId('verification-due')).toHaveCount(0);
  await expect(page.getByTestId('count-total_license').locator('dd')).toHaveText('1');
  await expect(section.getByRole('heading', { name: 'Verify by hand (1 waiting)' })).toBeVisible();

  // The history lists the verification; its evidence downloads as it was attached.
  await row.getByRole('button', { name: /^History of license / }).click();
  const dialog = page.getByRole('dialog', { name: `History of ${read.number}` });
  await expect(dialog.getByTestId('manual-verification')).toHaveCount(1);
  await expect(dialog.getByTestId('manual-verification')).toContainText(`“${read.status}”`);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: /^Download evidence/ }).click();
  const evidence = await downloading;
  expect(evidence.suggestedFilename()).toBe('board-page.png');
  expect((await readFile(await evidence.path())).equals(PNG)).toBe(true);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  // The CSV says who verified it and when.
  const csv = await (await page.request.get(`/api/v2/reports/${reportId}/export.csv`)).text();
  expect(csv.split(/\r?\n/).find((line) => line.includes(read.number))).toMatch(
    new RegExp(`Verified by hand on ${utcToday()} by `),
  );

  // The second state, as if checked 31 days ago: due again, and said so in the table.
  const other = section.getByTestId('verify-by-hand-state').filter({ hasText: stateName(second.jurisdiction) });
  await other.getByRole('button', { name: `Record verification for ${stateName(second.jurisdiction)}` }).click();
  const secondForm = other.getByTestId('record-verification-form');
  await secondForm.getByLabel('License number', { exact: true }).fill(second.licenseNumber as string);
  await secondForm.getByLabel('Status, as the board words it').fill('Active');
  await secondForm.getByLabel('Expires').fill(second.expiryDate as string);
  await secondForm.getByLabel('Date checked').fill(addDays(utcToday(), -31));
  await secondForm
    .locator('input[type="file"]')
    .setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: PNG });
  await secondForm.getByRole('button', { name: 'Record verification' }).click();
  await expect(page.getByText(`Verification of ${stateName(second.jurisdiction)} recorded`)).toBeVisible();
  const dueRow = page.getByTestId('license-row').filter({ hasText: second.licenseNumber as string });
  await expect(dueRow.getByTestId('verification-due')).toHaveText('Verification due');
  await expect(other.getByText(/^Verification due since/)).toBeVisible();
  await expect(page.getByTestId('count-total_license').locator('dd')).toHaveText('2');

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await expect(dueRow.getByTestId('verification-due')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/manual-verification-due-${size.width}.png`, fullPage: true });
    await expectNoAxeViolations(page);
  }
  expect(problems).toEqual([]);
});
