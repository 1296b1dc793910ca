import { API_KEY_MESSAGES } from '@licensewatch/shared/api-keys';
import type { Credentials } from '@licensewatch/shared/credentials';
import { request as playwrightRequest } from '@playwright/test';
import { signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { anotherBrowser } from '../support/browsers.ts';
import { acceptInvitation, createOrganisationInPage, inviteFromPage } from '../support/organisations.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';
import { DESKTOP, expectLayoutAt, PHONE } from '../support/widths.ts';

const PASSWORD = 'api-key-scopes-e2e-password';

// The flow runs at desktop width; its screens are checked at phone width too.
const viewport = DESKTOP;

test("an API key's scopes are chosen on /overview, and a system's calls follow them (1280 px, its screens at 390 px)", async ({
  page,
  browser,
}) => {
  // Two sign-ups, an organization and an invitation: measured at 72–96 s with both workers busy
  // and another suite running beside them.
  test.setTimeout(200_000);
  await page.setViewportSize(viewport);
  const problems = await watchPageProblems(page);
  await signedInAccount(page, 'scopes', PASSWORD, 'premium');
  await page.goto('/overview');
  const key = page.getByRole('region', { name: 'API key' });
  const scopes = key.getByRole('group', { name: 'What this key may do' });
  await expect(scopes.getByRole('checkbox', { name: /Search/ })).toBeChecked();
  for (const name of [/Read reports/, /Change reports/, /Webhooks/]) {
    await expect(scopes.getByRole('checkbox', { name })).not.toBeChecked();
  }
  const save = key.getByRole('button', { name: 'Save scopes' });
  await expect(save).toBeDisabled();

  // A system with the key is refused the reports, and told which scope it lacks.
  const credentials = (await (await page.request.get('/api/v1/credentials/')).json()) as Credentials;
  const system = await playwrightRequest.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${credentials.credential_key}` },
  });
  const before = await system.get('/api/v2/reports/');
  expect(before.status()).toBe(403);
  expect((await before.json()).detail).toBe(API_KEY_MESSAGES.scopeMissing('reports:read'));

  await scopes.getByRole('checkbox', { name: /Read reports/ }).check();
  await scopes.getByRole('checkbox', { name: /Change reports/ }).check();
  await expect(key.getByText('Unsaved changes')).toBeVisible();
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: API_KEY_MESSAGES.scopesSaved })).toBeVisible();
  await expect(save).toBeDisabled();
  const after = await system.get('/api/v2/reports/');
  expect(after.status()).toBe(200);
  expect(await after.json()).toEqual({ reports: [], next_cursor: null });
  await system.dispose();

  await page.reload();
  await expect(scopes.getByRole('checkbox', { name: /Change reports/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await expectLayoutAt(page, PHONE);
  await key.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath(`api-key-scopes-${viewport.width}.png`), fullPage: true });

  // A viewer of an organization is offered only the scopes that change nothing.
  const clinic = `Scopes Clinic ${viewport.width}`;
  await createOrganisationInPage(page, clinic);
  const viewerEmail = uniqueEmail('scopes-viewer');
  const invitation = await inviteFromPage(page, viewerEmail, 'viewer');
  const context = await anotherBrowser(browser);
  try {
    const viewer = await context.newPage();
    await viewer.setViewportSize(viewport);
    const viewerProblems = await watchPageProblems(viewer);
    await acceptInvitation(viewer, invitation, viewerEmail, PASSWORD, clinic);
    await viewer.goto('/overview');
    const viewerScopes = viewer
      .getByRole('region', { name: 'API key' })
      .getByRole('group', { name: 'What this key may do' });
    await expect(viewerScopes.getByRole('checkbox', { name: /Read reports/ })).toBeEnabled();
    await expect(viewerScopes.getByRole('checkbox', { name: /Change reports/ })).toBeDisabled();
    await expect(viewerScopes.getByRole('checkbox', { name: /Webhooks/ })).toBeDisabled();
    await expect(viewer.getByText(API_KEY_MESSAGES.viewerScopes)).toBeVisible();
    await viewerScopes.getByRole('checkbox', { name: /Read reports/ }).check();
    await viewer.getByRole('button', { name: 'Save scopes' }).click();
    await expect(viewer.getByRole('alert').filter({ hasText: API_KEY_MESSAGES.scopesSaved })).toBeVisible();
    await expectNoAxeViolations(viewer);
    await expectLayoutAt(viewer, PHONE);
    expect(viewerProblems).toEqual([]);
  } finally {
    await context.close();
  }
  expect(problems).toEqual([]);
});
