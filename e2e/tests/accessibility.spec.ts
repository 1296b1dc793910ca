import { MESSAGES } from '@licensewatch/shared/messages';
import type { Page } from '@playwright/test';
import { axeScan, settleAnimations } from '../support/axe.ts';
import { expect, test } from '../support/test.ts';

type Screen = {
  name: string;
  path: string;
  ready: (page: Page) => Promise<void>;
  /** The screen leaves by itself after a few seconds: hold such long timers so the scan sees it whole. */
  holdLongTimers?: boolean;
  /** Brings up a state worth scanning on its own (a dialog, an open menu). */
  open?: (page: Page) => Promise<void>;
  /** Only at these widths (default: all). */
  widths?: number[];
};

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

// Every route's plain state is scanned by every-route.spec.ts; here are the states a plain visit
// does not show: a screen that leaves by itself, an open dialog, an open menu.
const SCREENS: Screen[] = [
  {
    name: 'reset password without a link',
    path: '/reset-password',
    // It sends the visitor on to /forgot-password after 3 seconds.
    holdLongTimers: true,
    ready: async (page) => {
      await expect(page.getByRole('alert')).toHaveText(MESSAGES.reset.missingParams);
    },
  },
  {
    name: 'sign-up with the User Agreement open',
    path: '/signup',
    ready: heading('Create your account'),
    open: async (page) => {
      await page.getByRole('button', { name: 'User Agreement' }).click();
      await expect(page.getByRole('dialog', { name: 'User Agreement' })).toBeVisible();
    },
  },
  {
    name: 'home with the mobile menu open',
    path: '/',
    ready: heading('Simplify Medical License Management'),
    open: async (page) => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    },
    widths: [390],
  },
];

/**
 * Runs in the page: timers of 3 s or more never fire. (page.clock cannot be used: pausing it
 * also stops the short timers axe itself relies on.)
 */
function holdLongTimers() {
  const setTimeout = window.setTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
    (delay ?? 0) >= 3_000 ? 0 : setTimeout(handler, delay, ...args)) as typeof window.setTimeout;
}

const WIDTHS = [
  { label: 'desktop', viewport: { width: 1280, height: 800 } },
  { label: 'phone', viewport: { width: 390, height: 844 } },
];

/** Everything axe found, by rule and element, so a failure names what to fix. */
async function violationsOf(page: Page) {
  await settleAnimations(page);
  const { violations, passes } = await axeScan(page);
  expect(passes.length).toBeGreaterThan(0);
  return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target) }));
}

// One page load per screen, scanned at each of its widths in turn: a page load costs far more
// than a scan on this machine, and the layout follows the width through CSS media queries, so
// the narrow scan sees what a phone sees.
for (const screen of SCREENS) {
  const widths = WIDTHS.filter((w) => !screen.widths || screen.widths.includes(w.viewport.width));
  test(`${screen.name} (${screen.path}) has no axe violations at ${widths.map((w) => `${w.viewport.width}px`).join(' and ')}`, async ({
    page,
  }) => {
    if (screen.holdLongTimers) await page.addInitScript(holdLongTimers);
    const [first] = widths;
    if (first) await page.setViewportSize(first.viewport);
    await page.goto(screen.path);
    await screen.ready(page);
    await screen.open?.(page);
    for (const { label, viewport } of widths) {
      await test.step(`at ${viewport.width}px (${label})`, async () => {
        await page.setViewportSize(viewport);
        expect(await violationsOf(page), `axe violations at ${viewport.width}px`).toEqual([]);
        expect(new URL(page.url()).pathname).toBe(screen.path);
      });
    }
  });
}
