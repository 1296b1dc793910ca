import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_DOCS_MESSAGES } from '@licensewatch/shared/api-docs-messages';
import type { Credentials } from '@licensewatch/shared/credentials';
import { SEARCH_API_ENDPOINTS } from '@licensewatch/shared/search-api-endpoints';
import { stateName } from '@licensewatch/shared/states';
import { WEBHOOK_EVENTS } from '@licensewatch/shared/webhooks';
import type { Page } from '@playwright/test';
import { signedInAccount } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { holdRoute } from '../support/hold-route.ts';
import { expectNoSidewaysScroll } from '../support/no-sideways-scroll.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { type SimulatedPhysician, simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

// /api-docs: the try-it console against the real search API (docs/product-rules.md, API docs), its
// code samples run as real programs, the static docs, and the page at phone width.

const PASSWORD = 'api-docs-e2e-password';
const { searchLicense, searchLicenseByState, searchLicenseByNumber, betaSearchLicenseByState } = SEARCH_API_ENDPOINTS;

// Signing up and moving the account to a plan (an operator CLI run) take seconds under load.
test.describe.configure({ timeout: 90_000 });

/** A signed-in account on Small (1,000 API credits), and its key as the server has it. */
async function signedInWithCredits(page: Page, prefix: string): Promise<string> {
  await signedInAccount(page, prefix, PASSWORD, 'small');
  const res = await page.request.get('/api/v1/credentials/');
  expect(res.status()).toBe(200);
  const credentials = (await res.json()) as Credentials;
  expect(credentials.amount).toBe(1000);
  return credentials.credential_key;
}

async function openDocs(page: Page) {
  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API Documentation' })).toBeVisible();
}

function endpointButton(page: Page, title: string) {
  return page
    .getByRole('navigation', { name: 'Endpoints' })
    .getByRole('button', { name: `POST ${title}`, exact: true });
}

/** The console's input for a parameter: its label is the parameter's name (plus '(optional)'). */
function input(page: Page, name: string) {
  return page.getByRole('tabpanel').getByLabel(new RegExp(`^${name}( \\(optional\\))?$`));
}

function response(page: Page) {
  return page.getByRole('region', { name: 'Response', exact: true });
}

/** The physician these tests search for: an MD with numbered licenses in at least two states. */
function physician(): SimulatedPhysician & { license: SimulatedPhysician['licenses'][number] } {
  const found = simulatedPhysician({ skip: 11 });
  const [license] = found.licenses;
  if (!license) throw new Error('the physician has no license');
  return { ...found, license };
}

type Search = { title: string; path: string; fill: (page: Page) => Promise<void> };

/** Each endpoint of the console, with how to fill its form for `doctor`. */
function searches(doctor: ReturnType<typeof physician>): Search[] {
  const state = stateName(doctor.license.state);
  return [
    {
      title: 'Search License by Name',
      path: searchLicense.path,
      fill: async (page) => {
        await input(page, 'First_Name').fill(doctor.firstName);
        await input(page, 'Last_Name').fill(doctor.lastName);
        await input(page, 'License_Type').selectOption('MD');
      },
    },
    {
      title: 'Search License by State',
      path: searchLicenseByState.path,
      fill: async (page) => {
        await input(page, 'First_Name').fill(doctor.firstName);
        await input(page, 'Last_Name').fill(doctor.lastName);
        await input(page, 'License_Type').selectOption('MD');
        await input(page, 'State').selectOption(state);
      },
    },
    {
      title: 'Search License by Number',
      path: searchLicenseByNumber.path,
      fill: async (page) => {
        await input(page, 'License_Number').fill(doctor.license.number);
        await input(page, 'State').selectOption(state);
      },
    },
    {
      title: 'Search License by State (Beta)',
      path: betaSearchLicenseByState.path,
      fill: async (page) => {
        await input(page, 'state_name').selectOption(state);
        await input(page, 'first_name').fill(doctor.firstName);
        await input(page, 'last_name').fill(doctor.lastName);
        await input(page, 'license_type').selectOption('MD');
      },
    },
  ];
}

test('a visitor sees the four endpoints, their parameters and an empty key; nothing is sent with a field missing', async ({
  page,
}) => {
  const problems = await watchPageProblems(page);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/search-license')) requests.push(request.url());
  });
  await openDocs(page);

  const list = page.getByRole('navigation', { name: 'Endpoints' });
  await expect(list.getByRole('button')).toHaveText([
    'POST Search License by Name',
    'POST Search License by State',
    'POST Search License by Number',
    'POST Search License by State (Beta)',
  ]);
  await expect(endpointButton(page, 'Search License by Name')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText(searchLicense.path, { exact: true })).toBeVisible();
  const table = page.getByRole('table', { name: 'Search License by Name parameters' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Type', 'Required', 'Description', 'Example']);
  await expect(table.getByRole('row', { name: /^Middle_Name/ })).toContainText('Optional');
  await expect(table.getByRole('row', { name: /^First_Name/ })).toContainText('Required');

  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Shell', exact: true, pressed: true })).toBeVisible();
  for (const language of ['Node', 'Python', 'Ruby', 'PHP']) {
    await expect(page.getByRole('button', { name: language, exact: true, pressed: false })).toBeVisible();
  }

  // By state: its State select offers the 51 jurisdictions.
  await endpointButton(page, 'Search License by State').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Search License by State' })).toBeVisible();
  await expect(input(page, 'State').locator('option:not([value=""])')).toHaveCount(51);
  await expect(input(page, 'State').locator('option', { hasText: 'Washington, DC' })).toHaveCount(1);
  await expect(input(page, 'License_Type').locator('option:not([value=""])')).toHaveText(['MD', 'DO']);

  await input(page, 'First_Name').fill('Maya');
  await page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt }).click();
  await expect(response(page)).toContainText(API_DOCS_MESSAGES.requiredFields);
  await expect(input(page, 'Last_Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  expect(requests).toEqual([]);

  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

test('a signed-in user tries every endpoint with their own key and gets the physician back', async ({ page }) => {
  test.setTimeout(120_000);
  const problems = await watchPageProblems(page);
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  const key = await signedInWithCredits(page, 'api-docs-try');
  const doctor = physician();
  await openDocs(page);
  // Prefilled from the account's credentials.
  await expect(page.getByLabel('API key')).toHaveValue(key);

  for (const search of searches(doctor)) {
    await endpointButton(page, search.title).click();
    await expect(page.getByRole('heading', { level: 2, name: search.title })).toBeVisible();
    await search.fill(page);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === search.path);
    await page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.headers().authorization).toBe(`Bearer ${key}`);

    await expect(response(page)).toContainText(API_DOCS_MESSAGES.successLabel(200), { timeout: 20_000 });
    const body = page.getByRole('region', { name: 'Response body' });
    await expect(body).toContainText('"status": "success"');
    await expect(body).toContainText(doctor.license.number);
    await expect(page.getByText(API_DOCS_MESSAGES.success).first()).toBeVisible();
  }

  await expectNoAxeViolations(page);
  // Four answered searches, four credits.
  const after = (await (await page.request.get('/api/v1/credentials/')).json()) as Credentials;
  expect(after.amount).toBe(996);
  expect(consoleText.filter((text) => text.includes(key))).toEqual([]);
  expect(problems).toEqual([]);
});

test('a wrong key shows the server’s message in a red box', async ({ page }) => {
  await openDocs(page);
  await input(page, 'First_Name').fill('Maya');
  await input(page, 'Last_Name').fill('Patel');
  await input(page, 'License_Type').selectOption('MD');
  await page.getByLabel('API key').fill('lw_not_a_real_key');
  const release = await holdRoute(page, `**${searchLicense.path}`);
  const answer = page.waitForResponse((res) => new URL(res.url()).pathname === searchLicense.path);
  await page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt }).click();
  // While the call runs the button says so and cannot be pressed again.
  const sending = page.getByRole('button', { name: API_DOCS_MESSAGES.sending });
  await expect(sending).toBeDisabled();
  await expect(response(page)).toContainText(API_DOCS_MESSAGES.sending);
  release();
  const res = await answer;
  await expect(page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt })).toBeEnabled();
  expect(res.status()).toBe(401);
  const { detail } = (await res.json()) as { detail: string };

  await expect(response(page).getByText('Error 401', { exact: true })).toBeVisible();
  await expect(response(page).getByText(detail, { exact: true })).toBeVisible();
  await expect(response(page)).not.toContainText(API_DOCS_MESSAGES.successLabel(200));
  await expectNoAxeViolations(page);
});

test('the code sample follows the form, the key and the language, and copies', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openDocs(page);
  const shell = page.getByRole('region', { name: 'Shell code sample' });
  await expect(shell).toContainText(`--url ${new URL(searchLicense.path, page.url()).href}`);
  await expect(shell).toContainText('Authorization: Bearer YOUR_API_KEY');

  await input(page, 'First_Name').fill("Ann O'Hara");
  await page.getByLabel('API key').fill('lw_sample_key');
  await expect(shell).toContainText(`--data-urlencode 'First_Name=Ann O'\\''Hara'`);
  await expect(shell).toContainText('Authorization: Bearer lw_sample_key');
  await expect(shell).not.toContainText('Last_Name');

  await page.getByRole('button', { name: 'Python', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Python', exact: true, pressed: true })).toBeVisible();
  const python = page.getByRole('region', { name: 'Python code sample' });
  await expect(python).toContainText('import requests');
  await page.getByRole('button', { name: 'Copy Python code' }).click();
  await expect(page.getByText(API_DOCS_MESSAGES.codeCopied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await python.textContent());

  // The beta endpoint takes JSON.
  await endpointButton(page, 'Search License by State (Beta)').click();
  await expect(python).toContainText('requests.post(url, json=payload, headers=headers)');
});

test('the static docs list the three GET endpoints with a sample answer', async ({ page }) => {
  await openDocs(page);
  await page.getByRole('tab', { name: 'Static docs' }).click();
  await expect(page.getByRole('tab', { name: 'Static docs' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Static docs' });
  for (const [path, params] of [
    ['/api/v1/search-license', ['name', 'state', 'license_type']],
    ['/api/v1/search-license-by-state', ['state', 'name', 'license_type']],
    ['/api/v1/search-license-by-number', ['license_number', 'state']],
  ] as const) {
    const section = panel.getByRole('region', { name: `GET ${path}`, exact: true });
    await expect(section).toBeVisible();
    await expect(section.getByRole('table').getByRole('row').locator('td:first-child')).toHaveText([...params]);
    const sample = section.getByRole('region', { name: `Sample response from ${path}` });
    await expect(sample).toContainText('"status": "success"');
    await expect(sample).toContainText('"data": [');
  }
  await expectNoAxeViolations(page);

  // Back to the console with the keyboard: the tabs follow the arrow keys.
  await page.getByRole('tab', { name: 'Static docs' }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Try it' })).toBeFocused();
  await expect(page.getByRole('navigation', { name: 'Endpoints' })).toBeVisible();
});

test('at 1280 px the three panels sit side by side', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInWithCredits(page, 'api-docs-wide');
  // The key loads after the page: until it is in, 'Try It!' waits rather than calling it missing.
  const releaseKey = await holdRoute(page, (url) => url.pathname === '/api/v1/credentials/');
  await openDocs(page);
  const doctor = physician();
  const [byName] = searches(doctor);
  await byName?.fill(page);
  const tryIt = page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt });
  await expect(tryIt).toBeDisabled();
  await expect(page.getByLabel('API key')).toHaveAttribute('placeholder', API_DOCS_MESSAGES.loadingKey);
  releaseKey();
  await tryIt.click();
  await expect(response(page)).toContainText(API_DOCS_MESSAGES.successLabel(200), { timeout: 20_000 });

  const left = await page.getByRole('navigation', { name: 'Endpoints' }).boundingBox();
  const key = await page.getByLabel('API key').boundingBox();
  const form = await input(page, 'First_Name').boundingBox();
  expect(left && form && key && left.x < form.x && form.x < key.x).toBe(true);
  await expect(page.getByRole('button', { name: 'Endpoints', exact: true })).toBeHidden();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('api-docs-1280.png'), fullPage: true });
  await expectNoAxeViolations(page);
});

test('at 390 px two toggles show the endpoints and the key, code and response', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const problems = await watchPageProblems(page);
  await openDocs(page);
  const endpoints = page.getByRole('button', { name: 'Endpoints', exact: true });
  const request = page.getByRole('button', { name: 'Key & response', exact: true });

  for (const toggle of [endpoints, request]) {
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = page.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    await expect(panel).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();
  }
  await expect(page.getByLabel('API key')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Endpoints' })).toBeVisible();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('api-docs-390-open.png'), fullPage: true });
  await expectNoAxeViolations(page);

  // Choosing an endpoint folds the list away so its form is in view.
  await endpointButton(page, 'Search License by Number').click();
  await expect(endpoints).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { level: 2, name: 'Search License by Number' })).toBeVisible();
  await page.getByRole('tab', { name: 'Static docs' }).click();
  const staticOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(staticOverflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('api-docs-390-static.png'), fullPage: true });

  // Try It sits under the form it sends, with the panel folded; its answer opens the panel in view.
  await page.getByRole('tab', { name: 'Try it' }).click();
  // Still open from above: fold it.
  await request.click();
  await expect(request).toHaveAttribute('aria-expanded', 'false');
  const tryIt = page.getByRole('button', { name: API_DOCS_MESSAGES.tryIt });
  await expect(tryIt).toHaveCount(1);
  await expect(tryIt).toBeVisible();
  await tryIt.click();
  await expect(request).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(API_DOCS_MESSAGES.requiredFields)).toBeInViewport();
  // One button still, the panel open.
  await expect(tryIt).toHaveCount(1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('api-docs-390-try-it.png') });
  expect(problems).toEqual([]);
});

// ---- The generated samples, run for real: each language's program, as shown, against this server.

// Every interpreter is provisioned by `npm test` (scripts/ensure-test-tools.mjs), so each runs here.
type Runner = { label: string; file: string; command: string; args: (file: string) => string[] };

const RUNNERS: Runner[] = [
  { label: 'Shell', file: 'sample.sh', command: 'bash', args: (f) => [f] },
  { label: 'Node', file: 'sample.js', command: process.execPath, args: (f) => [f] },
  { label: 'Python', file: 'sample.py', command: 'python3', args: (f) => [f] },
  { label: 'Ruby', file: 'sample.rb', command: 'ruby', args: (f) => [f] },
  { label: 'PHP', file: 'sample.php', command: 'php', args: (f) => [f] },
];

test.describe('the code samples run as shown', () => {
  // Each language uses another endpoint, so both encodings (form and the beta's JSON) are run.
  const ENDPOINT_OF: Record<string, number> = { Shell: 0, Node: 3, Python: 1, Ruby: 2, PHP: 0 };

  for (const runner of RUNNERS) {
    test(`${runner.label}`, async ({ page }) => {
      const key = await signedInWithCredits(page, `api-docs-run-${runner.label.toLowerCase()}`);
      const doctor = physician();
      const search = searches(doctor)[ENDPOINT_OF[runner.label] ?? 0] as Search;
      await openDocs(page);
      await endpointButton(page, search.title).click();
      await search.fill(page);
      await expect(page.getByLabel('API key')).toHaveValue(key);
      await page.getByRole('button', { name: runner.label, exact: true }).click();
      const sample = page.getByRole('region', { name: `${runner.label} code sample` });
      await expect(sample).toContainText(key);
      const code = (await sample.textContent()) ?? '';

      const dir = mkdtempSync(join(tmpdir(), 'lw-api-sample-'));
      try {
        const file = join(dir, runner.file);
        writeFileSync(file, code);
        // stderr kept apart: curl writes its progress meter there.
        const output = execFileSync(runner.command, runner.args(file), {
          encoding: 'utf8',
          timeout: 30_000,
          cwd: dir,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        expect(output).toContain('"status":"success"');
        expect(output).toContain(doctor.license.number);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`every event is listed with an example body and the AsyncAPI document behind it (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const problems = await watchPageProblems(page);
    await openDocs(page);
    const events = page.getByRole('region', { name: 'Events', exact: true });
    for (const type of WEBHOOK_EVENTS) await expect(events.getByText(type, { exact: true })).toBeVisible();
    await events.getByText('license.expired', { exact: true }).click();
    const example = events.getByRole('region', { name: 'Example license.expired event' });
    await expect(example).toContainText('"days_since": 3');
    await expect(example).toContainText('"type": "license.expired"');
    const asyncApi = await page.request.get(
      (await events.getByRole('link', { name: /AsyncAPI document/ }).getAttribute('href')) ?? '',
    );
    expect((await asyncApi.json()).asyncapi).toBe('3.0.0');
    await expectNoAxeViolations(page);
    if (viewport.width < 400) await expectNoSidewaysScroll(page);
    await example.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`api-docs-events-${viewport.width}.png`) });
    expect(problems).toEqual([]);
  });
}
