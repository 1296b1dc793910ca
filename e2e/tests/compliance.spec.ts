import { readFile } from 'node:fs/promises';
import { COMPLIANCE_GAP_WORDS, COMPLIANCE_MESSAGES } from '@licensewatch/shared/compliance';
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
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

// docs/product-rules.md, Monthly compliance record. The report waits for the worker (see reports.spec.ts).
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'compliance-e2e-password';

const utcToday = () => new Date().toISOString().slice(0, 10);

/** A simulated MD, named plainly and like no one else, with one active numbered license on a board no machine reads. */
async function physicianVerifiedByHand(page: Page, skip: number): Promise<{ person: SimPerson; license: SimLicense }> {
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
  let skipped = 0;
  for (const person of people) {
    if (person.suffix || !plain(person.firstName) || !plain(person.middleName) || !plain(person.lastName)) continue;
    if (names.get(`${person.firstName} ${person.lastName}`) !== 1) continue;
    if (person.licenses.length !== 1) continue;
    const [license] = person.licenses;
    if (license?.licenseType !== 'MD' || !byHand.has(license.boardId) || !license.licenseNumber) continue;
    if (license.status !== 'active' || (license.expiryDate ?? '') <= utcToday()) continue;
    if (skipped++ < skip) continue;
    return { person, license };
  }
  throw new Error('no simulated physician with one license on a board verified by hand');
}

// The flow runs at desktop width, reaching the page by the business menu; the record and its /verify
// page are checked at phone width too.
const viewport = DESKTOP;

test('the monthly compliance record: a gap in words, its CSV, and a signed PDF that /verify confirms (1280 px, its pages at 390 px)', async ({
  page,
}) => {
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'compliance', PASSWORD, 'premium');
  const { person, license } = await physicianVerifiedByHand(page, 0);
  const reportId = await postReport(page, {
    name: `Compliance of ${person.lastName}`,
    firstName: person.firstName,
    middleName: person.middleName,
    lastName: person.lastName,
    licenseType: 'MD',
    states: [stateName(license.jurisdiction)],
  });
  // Verified by hand 31 days ago: always in an earlier month, and due again since yesterday.
  await expect
    .poll(
      async () =>
        (
          await page.request.post(`/api/v2/reports/${reportId}/manual-verifications`, {
            headers: { origin: baseURL },
            data: {
              state: stateName(license.jurisdiction),
              license_number: license.licenseNumber,
              board_status_text: 'Active',
              status: 'active',
              expires: license.expiryDate,
              checked_on: addDays(utcToday(), -31),
              evidence: { file_name: 'board-page.png', content: PNG.toString('base64') },
            },
          })
        ).status(),
      { timeout: 60_000, intervals: [1000] },
    )
    .toBe(201);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'For Business' }).click();
  await page.getByRole('menuitem', { name: 'Compliance' }).click();
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
  const gap = page.getByTestId('compliance-gap').filter({ hasText: license.licenseNumber as string });
  await expect(gap).toContainText(`Gap: ${COMPLIANCE_GAP_WORDS.manual_overdue}`);
  await expect(gap).toContainText('None this month');
  await expect(page.getByRole('list', { name: 'Gaps by reason' })).toContainText(
    `${COMPLIANCE_GAP_WORDS.manual_overdue}: 1`,
  );
  // Only the reports with a gap, chosen by keyboard: the report with its gap stays.
  const gapsOnly = page.getByRole('checkbox', { name: COMPLIANCE_MESSAGES.gapsOnly });
  await gapsOnly.focus();
  await page.keyboard.press('Space');
  await expect(gapsOnly).toBeChecked();
  await expect(gap).toContainText(`Gap: ${COMPLIANCE_GAP_WORDS.manual_overdue}`);
  await expect(page.getByRole('list', { name: 'Gaps by reason' })).toContainText(
    `${COMPLIANCE_GAP_WORDS.manual_overdue}: 1`,
  );
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath(`compliance-${viewport.width}.png`), fullPage: true });
  await expectLayoutAt(page, PHONE, { testInfo: test.info(), name: 'compliance' });

  // The CSV: the header and the gap's line, in words.
  const downloadingCsv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csvFile = await downloadingCsv;
  expect(csvFile.suggestedFilename()).toMatch(/^compliance-\d{4}-\d{2}\.csv$/);
  const csv = (await readFile(await csvFile.path(), 'utf8')).split(/\r?\n/);
  expect(csv[0]).toBe(
    'Physician,External ID,Line,State,License number,Source,Checked in month,Last checked at (UTC),Method,Result,Gap',
  );
  expect(csv.find((line) => line.includes(license.licenseNumber as string))).toContain(
    COMPLIANCE_GAP_WORDS.manual_overdue,
  );

  // The signed PDF: downloaded, and its /verify page confirms the statement.
  const downloadingPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  const pdf = await downloadingPdf;
  expect(pdf.suggestedFilename()).toMatch(/^compliance-\d{4}-\d{2}-[a-z2-7]{26}\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByTestId('compliance-verify-link').click();
  await expect(page).toHaveURL(/\/verify\/[a-z2-7]{26}$/);
  await expect(page.getByRole('heading', { name: 'Compliance statement confirmed' })).toBeVisible();
  await expect(page.getByTestId('verified-compliance')).toContainText(`Gaps: ${COMPLIANCE_GAP_WORDS.manual_overdue}`);
  await expect(page.getByText(person.lastName).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath(`compliance-verify-${viewport.width}.png`), fullPage: true });
  await expectLayoutAt(page, PHONE, { testInfo: test.info(), name: 'compliance-verify' });
  expect(problems).toEqual([]);
});
