import { BRAND } from '@licensewatch/shared/brand';
import { OFFER } from '@licensewatch/shared/offer';
import { signedInAccount } from '../support/accounts.ts';
import { expect, test } from '../support/test.ts';

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signed out, the menu button offers Sign In and Sign Up; Escape closes it', async ({ page }) => {
    await page.goto('/');
    // The desktop links are not shown at this width.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    const button = page.getByRole('button', { name: 'Open menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(menu.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Following a link closes the menu too.
    await button.click();
    await menu.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(menu).toBeHidden();
  });

  test('signed in, the menu mirrors the top bar, credit counters included, and signs out', async ({ page }) => {
    await signedInAccount(page, 'mobile-menu', 'correct-horse-7');
    await page.goto('/dashboard');

    const button = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await button.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(menu.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/overview');
    await expect(menu.getByRole('link', { name: 'API Documentation' })).toHaveAttribute('href', '/api-docs');
    await expect(menu.getByRole('link', { name: 'Business Plans' })).toHaveAttribute('href', '/pricing?tab=business');
    await expect(menu.getByText('API Credits')).toBeVisible();
    await expect(menu.getByText('Report Credits')).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Get more API credits' })).toHaveAttribute('href', '/pricing');
    await expect(menu.getByRole('link', { name: 'Get more report credits' })).toHaveAttribute('href', '/pricing');
    await expect(menu.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Sign In' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(menu).toBeHidden();

    await button.click();
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('the promotional and beta banners can be dismissed and stay dismissed after a reload', async ({ page }) => {
  await page.goto('/');
  const promo = page.locator('[data-banner="promo"]').getByText(OFFER.trial);
  const beta = page.getByText(/We're in beta and your feedback shapes what comes next/);
  await expect(promo).toBeVisible();
  await expect(beta).toBeVisible();
  // The beta banner invites feedback by email or through the contact page.
  await expect(page.getByRole('link', { name: BRAND.supportEmail }).first()).toHaveAttribute(
    'href',
    `mailto:${BRAND.supportEmail}`,
  );
  await expect(page.getByRole('link', { name: 'contact page' })).toHaveAttribute('href', '/contact');

  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await expect(promo).toBeHidden();
  await expect(beta).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss beta notice' }).click();
  await expect(beta).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Simplify Medical License Management' })).toBeVisible();
  await expect(promo).toBeHidden();
  await expect(beta).toBeHidden();
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Dismiss promotion' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Dismiss beta notice' })).toHaveCount(0);
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the two banners take one line each, with 44 px dismiss targets, and the page starts right below them', async ({
    page,
  }) => {
    await page.goto('/');
    const promo = page.locator('[data-banner="promo"]');
    const beta = page.locator('[data-banner="beta"]');
    const boxes = { promo: await promo.boundingBox(), beta: await beta.boundingBox() };
    for (const [name, box] of Object.entries(boxes)) {
      // One line of 13 px text beside a 44 px button: the button sets the height.
      expect(box?.height, name).toBeLessThanOrEqual(46);
    }
    for (const label of ['Dismiss promotion', 'Dismiss beta notice']) {
      const target = await page.getByRole('button', { name: label }).boundingBox();
      expect(target?.width, label).toBeGreaterThanOrEqual(44);
      expect(target?.height, label).toBeGreaterThanOrEqual(44);
    }
    // Each banner still says what it is for, and its links work.
    await expect(promo.getByText(OFFER.trialShort, { exact: true })).toBeVisible();
    await expect(promo.getByRole('link', { name: 'Compare plans' })).toHaveAttribute('href', '/pricing');
    await expect(beta.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', `mailto:${BRAND.supportEmail}`);
    await expect(beta.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    // Nothing is cut off: each line fits its banner.
    for (const line of [promo.locator('p'), beta.locator('p').filter({ visible: true })]) {
      expect(await line.evaluate((p) => p.scrollWidth <= p.clientWidth)).toBe(true);
    }

    // The content follows the banners' height: it starts where they end, and moves up when one closes.
    const main = page.locator('#main');
    const bottom = (boxes.beta?.y ?? 0) + (boxes.beta?.height ?? 0);
    expect(Math.abs(((await main.boundingBox())?.y ?? 0) - bottom)).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Dismiss promotion' }).click();
    await expect(promo).toHaveCount(0);
    expect(Math.abs(((await main.boundingBox())?.y ?? 0) - (bottom - (boxes.promo?.height ?? 0)))).toBeLessThanOrEqual(
      1,
    );
  });
});

test('the footer carries the tagline and its links, except on the API docs', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(BRAND.tagline, { exact: true })).toBeVisible();
  const expected: [string, string][] = [
    ['Features', '/features'],
    ['Pricing', '/pricing'],
    ['Contact', '/contact'],
    ['Privacy Policy', '/privacy-policy'],
    ['Terms of Service', '/terms'],
  ];
  for (const [name, href] of expected) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }

  await page.goto('/api-docs');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByText(BRAND.tagline)).toHaveCount(0);

  // And it comes back when leaving the docs inside the app.
  await page.getByRole('link', { name: BRAND.name }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('contentinfo').getByText(BRAND.tagline)).toBeVisible();
});
