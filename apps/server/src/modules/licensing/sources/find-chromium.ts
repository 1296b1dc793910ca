import { accessSync, constants } from 'node:fs';

/** Where Debian's package puts Chromium; CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** The environment variable an operator sets to point browser look-ups at their Chromium. */
export const CHROMIUM_PATH_VARIABLE = 'CHROMIUM_PATH';

/**
 * The Chromium executable browser look-ups launch, or null when there is none: a deployment without
 * a browser reads its browser boards as off, never as boards that found nobody.
 */
export function findChromium(readVariable: (name: string) => string | undefined = (name) => process.env[name]): {
  path: string;
  installed: boolean;
} {
  const path = readVariable(CHROMIUM_PATH_VARIABLE)?.trim() || DEFAULT_CHROMIUM_PATH;
  try {
    accessSync(path, constants.X_OK);
    return { path, installed: true };
  } catch {
    return { path, installed: false };
  }
}
