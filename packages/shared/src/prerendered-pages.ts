/**
 * Public pages the web build renders to HTML ahead of time (apps/web/build/prerender-plugin.ts)
 * and the server sends for exactly these paths (apps/server/src/platform/http/spa-route.ts); every other
 * path gets the empty shell and renders in the browser.
 */
export const PRERENDERED_PATHS = ['/', '/features', '/pricing', '/contact', '/privacy-policy', '/terms'] as const;

/** The build's folder for them, inside the web build's output. */
export const PRERENDERED_DIR = 'prerendered';

/** `/` → `index.html`, `/features` → `features.html`. */
export function prerenderedFileName(pathname: string): string {
  return `${pathname === '/' ? 'index' : pathname.slice(1)}.html`;
}
