import { MESSAGES } from '@licensewatch/shared/messages';
import { signedInAccount } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('an unknown path answers 404 and offers a signed-out visitor the way home', async ({ page }) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: MESSAGES.notFound.title })).toBeVisible();
      await expect(page.getByText(MESSAGES.notFound.body)).toBeVisible();
      await page.getByRole('link', { name: 'Go home' }).click();
      await expect(page).toHaveURL(/\/$/);
    });

    test('a guessed path such as /privacy opens the real page', async ({ page }) => {
      const response = await page.goto('/privacy');
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole('heading', { level: 1, name: /Privacy Policy/ })).toBeVisible();
    });
  });
}

test('a signed-in visitor on an unknown path is offered the dashboard', async ({ page }) => {
  await signedInAccount(page, 'not-found', 'Not-Found-Pass-1');
  const response = await page.goto('/reports/new/extra');
  expect(response?.status()).toBe(404);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
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
