/**
 * Records the /features walkthrough from the real product: starts the server on a free port with a
 * throwaway database, drives it with Playwright through sign-up, a report and the alert settings,
 * screenshots every step, and encodes the frames with ffmpeg into apps/web/public/media
 * (walkthrough.mp4, .webm, -poster.jpg and .vtt). `npm run video`; needs the built web app (built
 * here when missing) and ffmpeg.
 *
 * Frames are not timed by the wall clock: each screenshot is shown for a fixed time in the video,
 * so the result does not depend on how busy the machine was, and the captions can be timed exactly.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BRAND } from '@licensewatch/shared/brand';
import { outboxResponseSchema } from '@licensewatch/shared/dev-outbox';
import { MESSAGES } from '@licensewatch/shared/messages';
import { chromium, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../apps/server/src/modules/licensing/sources/open-shared-chromium.ts';
import { simulatedPhysician } from '../e2e/support/simulated-physician.ts';
import { startLocalApp } from './start-local-app.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const OUT_DIR = path.join(ROOT, 'apps/web/public/media');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// A 1024×576 page drawn at 1.25× gives 1280×720 frames whose text stays legible when the player
// is shown smaller than full size (about 900 px wide on /features).
const VIEWPORT = { width: 1024, height: 576 };
const SCALE = 1.25;
/** How long one moving frame (typing, scrolling, the progress bar) is shown: 10 frames a second. */
const FRAME_S = 0.1;
/** Characters typed per moving frame: 20 a second reads as brisk but human typing. */
const CHARS_PER_FRAME = 2;
/** Committed output must stay small (the repository carries it); the encoder settings aim far below. */
const MAX_TOTAL_BYTES = 8 * 1024 * 1024;
const EMAIL = 'dr.morgan@clinic.example';
const PASSWORD = 'walkthrough-demo-7';

// ---------------------------------------------------------------------------------------------
// The app under the camera

/**
 * The simulated boards answer in milliseconds, which would make the background update invisible;
 * a delay per board request shows the progress bar moving as it does against real boards.
 */
async function setBoardLatency(simUrl: string, latencyMs: number) {
  const res = await fetch(`${simUrl}/_control/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ boardId: '*', latencyMs }),
  });
  if (!res.ok) throw new Error(`the simulator refused the latency: ${res.status}`);
}

function runCli(dataDir: string, args: string[]) {
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

// ---------------------------------------------------------------------------------------------
// The camera

type Frame = { file: string; seconds: number };
type Cue = { start: number; text: string };

/**
 * Screenshots with a fixed on-screen time each, a step title drawn into the page (bottom centre)
 * and a caption sentence per step for the WebVTT track (shown by the player at the top, so the two
 * never overlap).
 */
class Camera {
  readonly frames: Frame[] = [];
  readonly cues: Cue[] = [];
  posterFrame = 0;
  private title = '';
  private stepCount = 0;

  constructor(
    private readonly page: Page,
    private readonly dir: string,
    private readonly steps: number,
  ) {}

  get seconds() {
    return this.frames.reduce((sum, frame) => sum + frame.seconds, 0);
  }

  /** Starts a step: its title on screen from the next frame, its caption in the track from now. */
  step(title: string, caption: string) {
    this.stepCount += 1;
    this.title = `${this.stepCount}/${this.steps} · ${title}`;
    this.cues.push({ start: this.seconds, text: caption });
  }

  async shoot(seconds = FRAME_S) {
    // Redrawn before every frame: a full page load (the emailed link) would have removed it.
    await this.page.evaluate((title) => {
      let badge = document.getElementById('walkthrough-step');
      if (!badge) {
        badge = document.createElement('div');
        badge.id = 'walkthrough-step';
        badge.setAttribute(
          'style',
          'position:fixed;left:50%;bottom:20px;transform:translateX(-50%);z-index:2147483647;pointer-events:none;' +
            'padding:10px 22px;border-radius:999px;background:rgba(15,23,42,.88);color:#fff;' +
            'font:600 22px/1.3 system-ui,sans-serif;box-shadow:0 4px 16px rgba(0,0,0,.25);white-space:nowrap',
        );
        document.body.append(badge);
      }
      badge.textContent = title;
    }, this.title);
    const file = path.join(this.dir, `frame-${String(this.frames.length).padStart(5, '0')}.jpg`);
    await this.page.screenshot({ path: file, type: 'jpeg', quality: 92 });
    this.frames.push({ file, seconds });
  }

  /** One frame held for a while: a screen to read. */
  hold(seconds: number) {
    return this.shoot(seconds);
  }

  markPoster() {
    this.posterFrame = this.frames.length;
  }

  async type(field: Locator, text: string) {
    await field.click();
    for (let i = 0; i < text.length; i += CHARS_PER_FRAME) {
      await field.pressSequentially(text.slice(i, i + CHARS_PER_FRAME));
      await this.shoot();
    }
  }

  /** Scrolls the page by `pixels` over `frames` frames. */
  async scroll(pixels: number, frames: number) {
    for (let i = 0; i < frames; i += 1) {
      await this.page.evaluate((dy) => window.scrollBy(0, dy), pixels / frames);
      await this.shoot();
    }
  }

  /** Clicks with a short pause on the pressed control, so the viewer sees what was chosen. */
  async click(target: Locator) {
    await target.hover();
    await this.shoot(0.4);
    await target.click();
  }
}

/** Public pages arrive prerendered and work once React has taken them over (e2e/support/test.ts). */
async function waitUntilInteractive(page: Page) {
  await page.waitForFunction(
    () => !document.querySelector('#root[data-prerendered]') || document.documentElement.hasAttribute('data-ready'),
  );
}

async function confirmationLink(page: Page, to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const mail = outboxResponseSchema.parse(await res.json()).find((m) => /Confirm/.test(m.subject));
    const link = mail ? /(https?:\/\/\S+)/.exec(mail.text)?.[1] : undefined;
    if (link) return link;
    await page.waitForTimeout(300);
  }
  throw new Error('no confirmation email in the dev outbox');
}

// ---------------------------------------------------------------------------------------------
// The walkthrough

async function film(page: Page, camera: Camera, dataDir: string, simUrl: string) {
  const physician = simulatedPhysician();
  const fullName = [physician.firstName, physician.middleName, physician.lastName].filter(Boolean).join(' ');

  camera.step('Create your account', `Sign up for ${BRAND.name} with your email and a password.`);
  await page.goto('/signup');
  await waitUntilInteractive(page);
  // The site-wide beta and promotion banners would take a fifth of every frame.
  await page.getByRole('button', { name: 'Dismiss promotion' }).click();
  await page.getByRole('button', { name: 'Dismiss beta notice' }).click();
  await camera.hold(1.2);
  await camera.type(page.getByLabel('Email', { exact: true }), EMAIL);
  await camera.type(page.getByLabel('Full name'), 'Dr. Morgan Reyes');
  await page.getByLabel('User type').selectOption('individual_physician');
  await camera.shoot(0.4);
  await camera.type(page.getByLabel('Password', { exact: true }), PASSWORD);
  await camera.type(page.getByLabel('Confirm password'), PASSWORD);
  await page.getByRole('checkbox', { name: /I have read and agree to the User Agreement/ }).check();
  await camera.shoot(0.5);
  await camera.click(page.getByRole('button', { name: 'Create Account' }));
  await page.waitForURL(/\/email-confirmation$/);
  await page.getByRole('heading', { name: MESSAGES.signup.checkEmail }).waitFor();

  camera.step('Confirm your email', 'A confirmation link arrives by email; following it signs you in.');
  await camera.hold(3);

  // Off camera: the account moves off the trial's one-state Free plan, so the report can cover
  // every state, and the link is fetched from the dev outbox.
  runCli(dataDir, ['users:plan', '--email', EMAIL, '--plan', 'premium']);
  await page.goto(await confirmationLink(page, EMAIL));
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'No reports yet' }).waitFor();
  await camera.hold(1.8);

  camera.step('Create a report', 'Enter the physician’s name, the license type and the states to search.');
  await camera.click(page.getByRole('link', { name: 'Create New Report' }));
  await page.waitForURL(/\/reports\/new$/);
  await page.getByLabel('First name').waitFor();
  await camera.shoot(0.6);
  await camera.type(page.getByLabel('Report name'), `Licenses of ${fullName}`);
  await camera.type(page.getByLabel('First name'), physician.firstName);
  if (physician.middleName) await camera.type(page.getByLabel('Middle name'), physician.middleName);
  await camera.type(page.getByLabel('Last name'), physician.lastName);
  await page.getByLabel('License type').selectOption('MD');
  await camera.shoot(0.5);
  await camera.click(page.getByRole('button', { name: 'Select All' }));
  await page.getByText('51 of 51 selected').waitFor();
  await camera.scroll(260, 8);
  await camera.hold(1.2);

  camera.step(
    'Searching every state board',
    'The licenses are gathered in the background: the bar shows how far it got.',
  );
  await setBoardLatency(simUrl, 1500);
  await camera.click(page.getByRole('button', { name: 'Create Report' }));
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  const bar = page.getByRole('progressbar', { name: 'Report update progress' });
  await bar.waitFor({ timeout: 30_000 });
  // The bar changes at every status poll (5 s); a frame a second, each shown briefly, keeps the
  // wait short on screen. Capped: the video must not depend on how long the boards take.
  for (let i = 0; i < 40 && (await bar.isVisible()); i += 1) {
    await camera.shoot(0.25);
    await page.waitForTimeout(1000);
  }
  await setBoardLatency(simUrl, 0);
  await bar.waitFor({ state: 'hidden', timeout: 120_000 });

  camera.step('Your report', 'Each license, grouped by state, with its status and its renewal date.');
  await page.getByRole('heading', { level: 1, name: fullName }).waitFor();
  await camera.shoot(0.5);
  camera.markPoster();
  await camera.hold(2.5);
  await camera.scroll(420, 14);
  await camera.hold(2);
  await camera.scroll(-420, 6);

  camera.step('Alerts that keep you ahead', 'A weekly email report and SMS renewal notices come with your account.');
  await camera.click(page.getByRole('button', { name: `Account menu for ${EMAIL}` }));
  await camera.shoot(0.6);
  await camera.click(page.getByRole('menuitem', { name: 'Profile' }));
  await page.waitForURL(/\/profile$/);
  await page.getByText('SMS renewal notice').waitFor();
  await camera.hold(3.5);

  camera.step('Back to the dashboard', 'Every report in one place, updated automatically.');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: `Licenses of ${fullName}`, exact: true }).waitFor();
  await camera.hold(3);
}

// ---------------------------------------------------------------------------------------------
// Encoding

function ffmpeg(args: string[]) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ffmpeg ${args.join(' ')}`);
}

function vttTime(seconds: number) {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function writeCaptions(cues: Cue[], total: number, file: string) {
  const blocks = cues.map((cue, index) => {
    const end = cues[index + 1]?.start ?? total;
    // At the top of the picture: the step title is drawn at the bottom.
    return `${index + 1}\n${vttTime(cue.start)} --> ${vttTime(end)} line:5% position:50% align:center\n${cue.text}`;
  });
  writeFileSync(file, `WEBVTT\n\n${blocks.join('\n\n')}\n`);
}

function encode(camera: Camera, workDir: string) {
  // The concat demuxer shows each image for its duration; the last entry is listed twice because
  // the demuxer ignores the final duration otherwise.
  const list = camera.frames.map((frame) => `file '${frame.file}'\nduration ${frame.seconds.toFixed(3)}`);
  const last = camera.frames.at(-1);
  if (last) list.push(`file '${last.file}'`);
  const listFile = path.join(workDir, 'frames.txt');
  writeFileSync(listFile, `${list.join('\n')}\n`);

  const input = ['-f', 'concat', '-safe', '0', '-i', listFile, '-vf', 'fps=25,format=yuv420p', '-an'];
  // Screen content: large flat areas and text. CRF 28 keeps text sharp while the mostly still
  // picture costs little; one keyframe every 4 s keeps seeking quick.
  ffmpeg([
    ...input,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-tune',
    'stillimage',
    '-crf',
    '28',
    '-g',
    '100',
    '-movflags',
    '+faststart',
    path.join(OUT_DIR, 'walkthrough.mp4'),
  ]);
  ffmpeg([
    ...input,
    '-c:v',
    'libvpx-vp9',
    '-crf',
    '38',
    '-b:v',
    '0',
    '-g',
    '100',
    '-row-mt',
    '1',
    '-deadline',
    'good',
    '-cpu-used',
    '4',
    path.join(OUT_DIR, 'walkthrough.webm'),
  ]);
  const poster = camera.frames[camera.posterFrame] ?? camera.frames[0];
  if (poster) ffmpeg(['-i', poster.file, '-q:v', '5', path.join(OUT_DIR, 'walkthrough-poster.jpg')]);
  writeCaptions(camera.cues, camera.seconds, path.join(OUT_DIR, 'walkthrough.vtt'));
}

// ---------------------------------------------------------------------------------------------

if (spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status !== 0) {
  console.error('ffmpeg is needed to encode the walkthrough (Debian: apt-get install -y ffmpeg).');
  process.exit(1);
}
if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.log('Building the web app first (npm run build)…');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'lw-walkthrough-'));
const dataDir = path.join(workDir, 'data');
const framesDir = path.join(workDir, 'frames');
mkdirSync(framesDir);
const { child, url, simUrl } = await startLocalApp(dataDir);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_FLAGS],
});
try {
  const context = await browser.newContext({
    baseURL: url,
    viewport: VIEWPORT,
    deviceScaleFactor: SCALE,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    reducedMotion: 'no-preference',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const camera = new Camera(page, framesDir, 7);
  await film(page, camera, dataDir, simUrl);
  mkdirSync(OUT_DIR, { recursive: true });
  encode(camera, workDir);

  const files = ['walkthrough.mp4', 'walkthrough.webm', 'walkthrough-poster.jpg', 'walkthrough.vtt'];
  const sizes = files.map((file) => [file, statSync(path.join(OUT_DIR, file)).size] as const);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  for (const [file, size] of sizes) console.log(`${file.padEnd(24)} ${(size / 1024).toFixed(0).padStart(6)} KB`);
  console.log(`${camera.frames.length} frames, ${camera.seconds.toFixed(1)} s, ${(total / 1024 / 1024).toFixed(2)} MB`);
  if (total > MAX_TOTAL_BYTES) throw new Error(`the walkthrough files take more than ${MAX_TOTAL_BYTES} bytes`);
} finally {
  await browser.close();
  child.kill();
  // WALKTHROUGH_KEEP=1 leaves the frames and the database for a look at what went wrong.
  if (process.env.WALKTHROUGH_KEEP) console.log(`Frames kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}
