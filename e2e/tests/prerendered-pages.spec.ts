import { BRAND } from '@licensewatch/shared/brand';
import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import { OFFER } from '@licensewatch/shared/offer';
import { PRERENDERED_PATHS } from '@licensewatch/shared/prerendered-pages';
import type { Page } from '@playwright/test';
import { holdRoute } from '../support/hold-route.ts';
import { watchPageProblems } from '../support/page-problems.ts';
import { expect, test } from '../support/test.ts';

const HEADINGS: Record<(typeof PRERENDERED_PATHS)[number], string> = {
  '/': 'Simplify Medical License Management',
  '/features': 'Features',
  '/pricing': 'Plans',
  '/contact': 'Contact Us',
  '/privacy-policy': 'Privacy Policy',
  '/terms': 'Terms of Service',
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page arrives as readable HTML with its own title', async ({ page, request }) => {
    for (const path of PRERENDERED_PATHS) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('<div id="root" data-prerendered>');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: HEADINGS[path] }), path).toBeVisible();
      await expect(page.getByRole('contentinfo').getByText(BRAND.tagline, { exact: true }), path).toBeVisible();
      expect(await page.title(), path).toContain(BRAND.name);
    }
    // Everything else is the empty shell that renders in the browser.
    expect(await (await request.get('/dashboard')).text()).toContain('<div id="root"></div>');
  });
});

/** Each prerendered page, and the query strings its first render reads. */
const VISITS: { path: string; heading: string }[] = [
  ...PRERENDERED_PATHS.map((path) => ({ path, heading: HEADINGS[path] })),
  { path: '/pricing?tab=business', heading: HEADINGS['/pricing'] },
  { path: '/pricing?tab=individual', heading: HEADINGS['/pricing'] },
  // Back from a cancelled checkout: the notice is read after the takeover, not during it.
  { path: '/pricing?checkout=cancelled', heading: HEADINGS['/pricing'] },
  { path: '/?utm_source=newsletter', heading: HEADINGS['/'] },
  { path: '/contact?subject=renewal', heading: HEADINGS['/contact'] },
];

test('React takes over every prerendered page, with any query string, with no console error or failed request', async ({
  page,
}) => {
  const errors = await watchPageProblems(page);
  for (const { path, heading } of VISITS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    // Signed out, the top bar offers Sign In once the session check has answered.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' }), path).toBeVisible();
  }
  // The tab the address names is the one shown, once the page has been taken over.
  await page.goto('/pricing?tab=business');
  await expect(page.getByRole('tab', { name: 'Business Plans' })).toHaveAttribute('aria-selected', 'true');
  expect(errors).toEqual([]);

  // After hydration, links navigate in the page rather than reloading it.
  await page.goto('/');
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Features' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(await page.title()).toBe(`Features · ${BRAND.name}`);
});

test('a closed banner stays hidden from the first paint, before any app script runs', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await expect(page.locator('[data-banner="promo"]').getByText(OFFER.trial)).toBeHidden();

  // Without the app's scripts only the prerendered HTML, the stylesheet and the inline banner
  // script (allowed by the CSP through its hash) act on the page.
  // (Navigated by hand: page.goto would wait for the page to become interactive, which it cannot.)
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.evaluate(() => window.location.assign('/features'));
  await page.waitForURL('**/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Features' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dismiss promotion' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Dismiss beta notice' })).toBeVisible();
});

/** Opens a prerendered page with the app's start held back; the returned function lets it load. */
async function openBeforeTakeover(page: Page, path: string): Promise<() => void> {
  await page.goto('/');
  const release = await holdRoute(page, '**/assets/start-app-*.js');
  // (By hand: page.goto would wait for the page to become interactive, which it cannot yet.)
  await page.evaluate((target) => window.location.assign(target), path);
  await page.waitForURL(`**${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  return release;
}

test('a button pressed before the app takes over is pressed once it has', async ({ page }) => {
  const release = await openBeforeTakeover(page, '/features');
  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await expect(page.getByRole('button', { name: 'Dismiss promotion' })).toBeVisible();
  release();
  await expect(page.getByRole('button', { name: 'Dismiss promotion' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Dismiss beta notice' })).toBeVisible();
});

test('a contact form filled and sent before the app takes over keeps its text and is checked', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/slack-notification')) sent.push(request.url());
  });
  const release = await openBeforeTakeover(page, '/contact');
  const values = { 'Full name': 'Ada Quill', Subject: 'Renewal question', Message: 'Is my Ohio renewal on file?' };
  for (const [name, value] of Object.entries(values)) await page.getByRole('textbox', { name }).fill(value);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@clinic.example');
  // Enter submits the form; natively that would be a GET putting the message in the URL.
  await page.getByRole('textbox', { name: 'Subject' }).press('Enter');
  await page.waitForTimeout(500);
  expect(new URL(page.url()).search).toBe('');

  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
  // Taking over keeps what was typed, and the held submit runs the form's checks: no captcha yet.
  for (const [name, value] of Object.entries(values))
    await expect(page.getByRole('textbox', { name })).toHaveValue(value);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('ada@clinic.example');
  await expect(page.getByText(CONTACT_MESSAGES.captchaRequired)).toBeVisible();
  expect(page.url()).toMatch(/\/contact$/);
  expect(sent).toEqual([]);
});
