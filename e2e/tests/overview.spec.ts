import { ACCOUNT_MESSAGES } from '@licensewatch/shared/account-messages';
import type { Credentials } from '@licensewatch/shared/credentials';
import { MESSAGES } from '@licensewatch/shared/messages';
import type { PlanName } from '@licensewatch/shared/plans';
import { stateName } from '@licensewatch/shared/states';
import type { Page } from '@playwright/test';
import { createUserWithCli, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';
import { simulatedPhysician } from '../support/simulated-physician.ts';
import { expect, test } from '../support/test.ts';

const { apiKey: messages } = ACCOUNT_MESSAGES;
const PASSWORD = 'overview-e2e-password';
/** First 5 characters, 20 asterisks, last 4 (docs/product-rules.md, API key and credentials). */
const MASKED = /^\S{5}\*{20}\S{4}$/;

async function signedIn(page: Page, prefix: string, plan?: PlanName) {
  return signedInAccount(page, prefix, PASSWORD, plan);
}

/** The signed-in user's credentials record as the server has it now (the page's own session). */
async function serverCredentials(page: Page): Promise<Credentials> {
  const res = await page.request.get('/api/v1/credentials/');
  expect(res.status()).toBe(200);
  return (await res.json()) as Credentials;
}

const masked = (key: string) => `${key.slice(0, 5)}${'*'.repeat(20)}${key.slice(-4)}`;

function apiKey(page: Page) {
  return page.getByRole('region', { name: 'API key' }).locator('code').first();
}

/** A read-only value of the overview by its label. */
function stat(page: Page, label: string) {
  return page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
}

/** A top-bar counter (desktop): its text is its label, then its value. */
function counter(page: Page, buyLabel: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: buyLabel }).locator('xpath=..');
}

async function openOverview(page: Page) {
  await page.goto('/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'License Information' })).toBeVisible();
}

test('a new account sees its Free trial, credits and masked key, and copies the key', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedIn(page, 'overview-copy');
  await openOverview(page);
  const credentials = await serverCredentials(page);

  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan).toContainText('Free');
  await expect(plan).toContainText(/Free trial until \w{3} \d{1,2}, \d{4}/);
  // Free never lapses: no ending to show, only when it renews itself (ADR 026).
  await expect(plan.getByText(/^This plan will end on/)).toHaveText(
    /^This plan will end on -: Free does not end, it renews itself each month \(next renewal \w{3} \d{1,2}, \d{4}\)\.$/,
  );
  await expect(plan.getByRole('link', { name: 'Change plan' })).toHaveAttribute('href', '/pricing');
  await expect(stat(page, 'Available Credits')).toHaveText('0');
  await expect(stat(page, 'Available Reports')).toHaveText('1');

  await expect(apiKey(page)).toHaveText(MASKED);
  await expect(apiKey(page)).toHaveText(masked(credentials.credential_key));
  // The whole key is never on the page.
  await expect(page.getByText(credentials.credential_key)).toHaveCount(0);

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(messages.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(credentials.credential_key);
  await expectNoAxeViolations(page);
});

test('a clipboard that refuses the key says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
  });
  await signedIn(page, 'overview-copy-fails');
  await openOverview(page);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText(messages.copyFailed)).toBeVisible();
});

test('regenerating the key asks first, then replaces the masked key with the new one', async ({ page }) => {
  await signedIn(page, 'overview-regenerate');
  await openOverview(page);
  const before = (await serverCredentials(page)).credential_key;
  await expect(apiKey(page)).toHaveText(masked(before));

  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: messages.confirmTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(messages.confirmText);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await serverCredentials(page)).credential_key).toBe(before);

  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText(messages.regenerated)).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = (await serverCredentials(page)).credential_key;
  expect(after).not.toBe(before);
  await expect(apiKey(page)).toHaveText(masked(after));
  await expect(page.getByText(masked(before), { exact: true })).toHaveCount(0);

  // The answer replaced the cached record: a reload shows the same new key.
  await page.reload();
  await expect(apiKey(page)).toHaveText(masked(after));
});

test('a paid plan shows its end date; an unlimited plan shows Unlimited reports and ∞ in the top bar', async ({
  page,
}) => {
  await signedIn(page, 'overview-enterprise', 'enterprise');
  await openOverview(page);
  const plan = page.getByRole('region', { name: 'Current plan' });
  await expect(plan).toContainText('Enterprise');
  await expect(plan.getByText(/^This plan will end on/)).toHaveText(/^This plan will end on \w{3} \d{1,2}, \d{4}$/);
  await expect(stat(page, 'Available Credits')).toHaveText('25,000');
  await expect(stat(page, 'Available Reports')).toHaveText('Unlimited');

  const reports = counter(page, 'Get more report credits');
  await expect(reports).toHaveText(/Report Credits∞Unlimited$/);
  await expect(reports.getByText('∞')).toHaveAttribute('aria-hidden', 'true');
  await expect(counter(page, 'Get more API credits')).toHaveText(/API Credits25,000$/);
});

test('the report-credit counter drops as soon as a report is created', async ({ page }) => {
  await signedIn(page, 'overview-counter');
  const physician = simulatedPhysician({ skip: 6 });
  const [license] = physician.licenses;
  if (!license) throw new Error('the physician has no license');

  await page.goto('/reports/new');
  await expect(counter(page, 'Get more report credits')).toHaveText(/Report Credits1$/);
  await page.getByLabel('First name').fill(physician.firstName);
  await page.getByLabel('Last name').fill(physician.lastName);
  await page.getByLabel('License type').selectOption('MD');
  await page.getByRole('checkbox', { name: stateName(license.state), exact: true }).check();
  await page.getByRole('button', { name: 'Create Report' }).click();
  await expect(page.getByText(MESSAGES.reports.created)).toBeVisible();
  await expect(counter(page, 'Get more report credits')).toHaveText(/Report Credits0$/);
});

test("credentials that fail to load show 'Error loading credentials'", async ({ page }) => {
  await signedIn(page, 'overview-error');
  // The one way to make our own server fail this call on demand.
  await page.route('**/api/v1/credentials/', (route) =>
    route.fulfill({ status: 500, json: { detail: 'down', code: 'INTERNAL' } }),
  );
  await openOverview(page);
  await expect(page.getByRole('alert').filter({ hasText: messages.loadFailed })).toBeVisible();
});

test('at phone width the overview fits and passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, 'overview-phone', 'premium');
  await openOverview(page);
  await expect(apiKey(page)).toHaveText(MASKED);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // The mobile menu carries the same live counters.
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Get more report credits' }).locator('xpath=..')).toHaveText(
    /Report Credits5$/,
  );
});

for (const width of [768, 880]) {
  test(`at ${width} px the top bar fits in one row and the account menu carries the credit balances`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedIn(page, 'overview-tablet', 'enterprise');
    await openOverview(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // The bar is fixed, so an overflow would not scroll the page: every control must end inside it.
    const avatar = page.getByRole('button', { name: /^Account menu for / });
    for (const control of [avatar, nav.getByRole('link', { name: /^Action needed/ })]) {
      const box = await control.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expect(nav.getByRole('link', { name: 'Get more API credits' })).toBeHidden();
    await avatar.click();
    await expect(page.getByTestId('menu-credits')).toHaveText([
      /^API Credits\s*25,000$/,
      /^Report Credits\s*∞Unlimited$/,
    ]);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: test.info().outputPath(`top-bar-${width}.png`) });
  });
}

test("an administrator's top bar fits in one row from tablet to desktop, Admin in reach at every width", async ({
  page,
}) => {
  // The CLI that makes the administrator takes most of it (about 19 s on a busy machine).
  test.setTimeout(90_000);
  const email = uniqueEmail('overview-admin-bar');
  await createUserWithCli({ email, password: PASSWORD, name: 'Bar Admin', role: 'admin' });
  await signIn(page, email, PASSWORD);
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dashboard');
    const avatar = page.getByRole('button', { name: /^Account menu for / });
    await expect(avatar).toBeVisible();
    const box = await avatar.boundingBox();
    expect(box && box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    // Below lg the Admin link leaves the row; the account menu has it at every width.
    await avatar.click();
    await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toBeVisible();
    await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toBeVisible();
});
