import { type Browser, chromium } from 'playwright-core';

/**
 * The features Playwright turns off itself (playwright-core's chromium switches). Chromium reads only
 * the last `--disable-features`, so ours below repeats them: open-shared-chromium.test.ts fails when
 * Playwright's own list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * The address bar's pop-up, a page of the browser's own: Chromium 156 loads it in a renderer of its
 * own for every window, each context a look-up or a browser test opens included, though a headless
 * page has no address bar. Measured here, twelve contexts took 0.68× the CPU without it (6.5 s
 * against 9.6 s, two runs each way).
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

// The flags Chromium runs with here: headless and sandboxless (a server runs as a service user or as
// root in a container, where the sandbox cannot start), no GPU, and none of the browser's own calls
// home (updates, sync, safe-browsing lists), which a closed network refuses and which are not ours
// to make from a server reading boards. The browser tests run with the same (e2e/playwright.config.ts).
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
] as const;

const browsers = new Map<string, Promise<Browser>>();

/**
 * The one Chromium of this process for `executablePath`, started on first use and shared by every
 * browser look-up (each search opens its own context, so nothing carries from one to the next). A
 * browser that crashed or was closed is started again on the next call.
 */
export async function openSharedChromium(executablePath: string): Promise<Browser> {
  const known = browsers.get(executablePath);
  if (known) {
    const browser = await known.catch(() => null);
    if (browser?.isConnected()) return browser;
    forget(executablePath, known);
    // Another caller may have started the next one while this one looked.
    const next = browsers.get(executablePath);
    if (next) return next;
  }
  const started = chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS] });
  browsers.set(executablePath, started);
  started.then(
    (b) => b.on('disconnected', () => forget(executablePath, started)),
    () => forget(executablePath, started),
  );
  return started;
}

function forget(executablePath: string, browser: Promise<Browser>) {
  if (browsers.get(executablePath) === browser) browsers.delete(executablePath);
}

/** Closes every shared Chromium (a test file's end, a process shutting down). */
export async function closeSharedChromium(): Promise<void> {
  const open = [...browsers.values()];
  browsers.clear();
  await Promise.all(open.map((browser) => browser.then((b) => b.close()).catch(() => undefined)));
}
