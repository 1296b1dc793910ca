import { type Browser, chromium } from 'playwright-core';

// The flags Chromium runs with here: headless and sandboxless (a server runs as a service user or as
// root in a container, where the sandbox cannot start), no GPU, and none of the browser's own calls
// home (updates, sync, safe-browsing lists), which a closed network refuses and which are not ours
// to make from a server reading boards.
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
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
