import { MESSAGES } from '@licensewatch/shared/messages';
import { expect, test } from '../support/test.ts';

test('an unknown path renders the not-found screen with a way back', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: MESSAGES.notFound.title })).toBeVisible();
  await expect(page.getByText(MESSAGES.notFound.body)).toBeVisible();
  await page.getByRole('link', { name: /dashboard/i }).click();
  // Signed out, the dashboard is protected: the guard sends the visitor to sign in.
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown API path is a JSON 404, not the app', async ({ request }) => {
  const res = await request.get('/api/v1/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
});

test('a missing build file is a 404, so a stale chunk never loads the HTML shell as script', async ({ request }) => {
  const res = await request.get('/assets/no-such-chunk-1234.js');
  expect(res.status()).toBe(404);
});
