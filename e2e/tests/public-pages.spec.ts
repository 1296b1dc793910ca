import { BRAND } from '@licensewatch/shared/brand';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

// The first of the committed sources (VITE_WALKTHROUGH_VIDEO_URL is not set for the e2e build),
// the one Chromium plays; these tests swap in a small recording of their own.
const VIDEO_PATH = '/media/walkthrough.webm';
const VIDEO_UNAVAILABLE = 'The walkthrough video is not available right now.';

test('home shows its sections and, signed out, Get Started to /signup and Sign In', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Simplify Medical License Management' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/signup');
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  await expect(main.getByText('For physicians and credentialing teams')).toBeVisible();

  const whatWeDo = main.getByRole('region', { name: 'What We Do' });
  for (const title of ['License Type', 'License Status', 'Important Dates', 'Smart Alerts']) {
    await expect(whatWeDo.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  const whyChoose = main.getByRole('region', { name: `Why Choose ${BRAND.name}` });
  for (const title of [
    'Evidence with Every License',
    'Comprehensive & Accurate',
    'User-Centric Design',
    'Proactive Alerts',
  ]) {
    await expect(whyChoose.getByRole('heading', { level: 3, name: title })).toBeVisible();
  }
  await expect(main.getByRole('region', { name: /privacy commitment/i }).getByRole('link')).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  const about = main.getByRole('region', { name: 'About Us' });
  await expect(about.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  await expect(about.getByRole('heading', { name: 'Our commitment' })).toBeVisible();
  await expect(about.getByRole('listitem')).toHaveCount(4);
});

test('the home page example report is dated from today, its statuses true to its dates, and marked as sample data', async ({
  page,
}) => {
  // A day years from the build's, so a report dated when the page was written or built would show.
  const today = new Date(2031, 5, 15, 12);
  await page.clock.setFixedTime(today);
  await page.goto('/');
  const rows = page.locator('li', { hasText: 'expires' });
  await expect(rows).toHaveCount(4);
  const seen = new Set<string>();
  for (const text of await rows.allInnerTexts()) {
    const [, date, status] = /expires (\w{3} \d{1,2}, \d{4})\s*(Active|Expiring|Expired)/.exec(text) ?? [];
    expect(date, text).toBeDefined();
    const days = Math.round((new Date(`${date} 12:00`).getTime() - today.getTime()) / 86_400_000);
    const expected = days < 0 ? 'Expired' : days <= 42 ? 'Expiring' : 'Active';
    expect(status, text).toBe(expected);
    seen.add(expected);
  }
  expect([...seen].sort()).toEqual(['Active', 'Expired', 'Expiring']);
  await expect(page.getByText('Sample data for illustration, not a real physician.')).toBeVisible();
});

test('the privacy policy has 9 sections, its effective date, the age limit and the alert cadence', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Effective September 16, 2025')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d\. / })).toHaveCount(9);
  await expect(page.getByText(/not intended for anyone under 18/)).toBeVisible();
  await expect(page.getByText(/Alerts are sent by email, typically weekly/)).toBeVisible();
});

test('the terms show their effective date', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(page.getByText('Effective March 7, 2025')).toBeVisible();
});

test('the footer carries the tagline, the quick links and the legal links', async ({ page }) => {
  await page.goto('/features');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Simplifying medical license verification and tracking.')).toBeVisible();
  const quick = footer.getByRole('navigation', { name: 'Quick links' });
  await expect(quick.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
  await expect(quick.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(quick.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  const legal = footer.getByRole('navigation', { name: 'Legal' });
  await expect(legal.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  await expect(legal.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
});

// Axe at 1280 and 390 px for every public page: accessibility.spec.ts.

/**
 * A few seconds of real WebM, recorded from an animated canvas by the browser itself (no ffmpeg
 * here), so the player has something it can genuinely decode and play.
 */
async function recordWebm(page: Page, seconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const timer = setInterval(() => {
      frame += 1;
      context.fillStyle = `hsl(${(frame * 7) % 360} 60% 40%)`;
      context.fillRect(0, 0, 160, 90);
    }, 40);
    recorder.start(250);
    await new Promise((resolve) => setTimeout(resolve, ms));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}

async function videoState(page: Page) {
  return page.getByLabel(`${BRAND.name} product walkthrough`).evaluate((node) => {
    const video = node as HTMLVideoElement;
    return { paused: video.paused, currentTime: video.currentTime, readyState: video.readyState };
  });
}

/** Scrolls so that `fraction` of the video's height is inside the viewport, from its bottom edge. */
async function showVideoFraction(page: Page, fraction: number) {
  await page.getByLabel(`${BRAND.name} product walkthrough`).evaluate((node, part) => {
    const box = node.getBoundingClientRect();
    const top = box.top + window.scrollY;
    // The video's top sits `part` of its height above the viewport's bottom edge.
    window.scrollTo(0, top - window.innerHeight + box.height * part);
  }, fraction);
}

test.describe('the features walkthrough video', () => {
  // Short enough that the video (about 180 px tall at this width) can sit wholly in view or not.
  test.use({ viewport: { width: 390, height: 500 } });

  test('plays only while fully visible and ready, and pauses when scrolled away', async ({ page }) => {
    await page.goto('/terms');
    const webm = await recordWebm(page, 8);
    await page.route(`**${VIDEO_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'video/webm', body: webm }),
    );

    // Start with the player below the fold: nothing may play yet.
    await page.goto('/features');
    const video = page.getByLabel(`${BRAND.name} product walkthrough`);
    await expect(video).toHaveAttribute('poster', '/media/walkthrough-poster.jpg');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    expect(await video.evaluate((node) => (node as HTMLVideoElement).muted)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    expect((await videoState(page)).paused).toBe(true);

    // Half visible: it loads, but stays paused.
    await showVideoFraction(page, 0.5);
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(500);
    expect((await videoState(page)).paused).toBe(true);

    // Wholly visible: it plays, and time moves.
    await showVideoFraction(page, 1.05);
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
    const before = (await videoState(page)).currentTime;
    await expect.poll(async () => (await videoState(page)).currentTime).toBeGreaterThan(before + 0.3);

    // Scrolled out of view: paused, and time stands still.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    const stopped = (await videoState(page)).currentTime;
    await page.waitForTimeout(500);
    expect((await videoState(page)).currentTime).toBe(stopped);

    // Back in full view, it resumes by itself.
    await showVideoFraction(page, 1.05);
    await expect.poll(async () => (await videoState(page)).paused).toBe(false);
  });

  test('does not autoplay for visitors who prefer reduced motion', async ({ page }) => {
    await page.goto('/terms');
    const webm = await recordWebm(page, 3);
    await page.route(`**${VIDEO_PATH}`, (route) =>
      route.fulfill({ status: 200, contentType: 'video/webm', body: webm }),
    );
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/features');
    await showVideoFraction(page, 1.05);
    await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(3);
    await page.waitForTimeout(700);
    expect((await videoState(page)).paused).toBe(true);
  });

  test('shows the poster and a notice when the video cannot load', async ({ page }) => {
    // Every source missing, as on a deployment whose media did not make it: the last one's error counts.
    await page.route('**/media/walkthrough.{webm,mp4}', (route) => route.fulfill({ status: 404 }));
    await page.goto('/features');
    await expect(page.getByRole('status')).toContainText(VIDEO_UNAVAILABLE);
    await expect(page.getByLabel(`${BRAND.name} product walkthrough`)).toHaveCount(0);
    await expect(page.locator('img[src="/media/walkthrough-poster.jpg"]')).toBeVisible();
  });
});
