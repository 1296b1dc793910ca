import { BRAND } from '@licensewatch/shared/brand';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

// The committed recording itself (apps/web/public/media, made by `npm run video`), not a stand-in.
const player = (page: Page) => page.getByLabel(`${BRAND.name} product walkthrough`);

async function videoState(page: Page) {
  return player(page).evaluate((node) => {
    const video = node as HTMLVideoElement;
    return { paused: video.paused, readyState: video.readyState, currentSrc: video.currentSrc };
  });
}

/** Scrolls so that `fraction` of the video's height is inside the viewport, from its bottom edge. */
async function showVideoFraction(page: Page, fraction: number) {
  await player(page).evaluate((node, part) => {
    const box = node.getBoundingClientRect();
    window.scrollTo(0, box.top + window.scrollY - window.innerHeight + box.height * part);
  }, fraction);
}

// Short enough that the player (about 180 px tall at this width) can be partly off screen.
test.use({ viewport: { width: 390, height: 500 } });

test('the committed walkthrough loads, waits while partly hidden, plays in full view, with captions on', async ({
  page,
}) => {
  await page.goto('/features');
  const video = player(page);
  await expect(video).toHaveAttribute('poster', '/media/walkthrough-poster.jpg');

  // Half on screen: it buffers and becomes playable, but does not start.
  await showVideoFraction(page, 0.5);
  await expect.poll(async () => (await videoState(page)).readyState).toBeGreaterThanOrEqual(2);
  await page.waitForTimeout(500);
  expect((await videoState(page)).paused).toBe(true);
  // Chromium takes the first source, the VP9 WebM.
  expect(new URL((await videoState(page)).currentSrc).pathname).toBe('/media/walkthrough.webm');

  // Wholly on screen: it plays by itself.
  await showVideoFraction(page, 1.05);
  await expect.poll(async () => (await videoState(page)).paused).toBe(false);

  // The English captions track is on by default and its cues were loaded and parsed.
  const captions = () =>
    video.evaluate((node) => {
      const track = node.querySelector('track');
      const text = (node as HTMLVideoElement).textTracks[0];
      return {
        loaded: track?.readyState === HTMLTrackElement.LOADED,
        kind: text?.kind,
        language: text?.language,
        mode: text?.mode,
        cues: text?.cues?.length ?? 0,
      };
    });
  await expect.poll(async () => (await captions()).loaded).toBe(true);
  expect(await captions()).toMatchObject({ kind: 'captions', language: 'en', mode: 'showing' });
  expect((await captions()).cues).toBeGreaterThan(3);
});

test('the MP4 fallback and the poster are served as what they are and decode', async ({ page, request }) => {
  const files: [path: string, type: string][] = [
    ['/media/walkthrough.mp4', 'video/mp4'],
    ['/media/walkthrough.webm', 'video/webm'],
    ['/media/walkthrough-poster.jpg', 'image/jpeg'],
    ['/media/walkthrough.vtt', 'text/vtt'],
  ];
  for (const [path, type] of files) {
    const response = await request.head(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
  }
  // The file Safari and players without VP9 get: H.264 that a browser can decode to a first frame.
  await page.goto('/terms');
  const readyState = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const video = document.createElement('video');
        video.muted = true;
        video.preload = 'auto';
        video.addEventListener('loadeddata', () => resolve(video.readyState));
        video.addEventListener('error', () => reject(new Error(`MP4 error ${video.error?.code}`)));
        video.src = '/media/walkthrough.mp4';
      }),
  );
  expect(readyState).toBeGreaterThanOrEqual(2);
});
