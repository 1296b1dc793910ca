import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
// Relative on purpose, as in vite.config.ts: the config loader leaves packages to Node, which cannot run .ts.
import {
  PRERENDERED_DIR,
  PRERENDERED_PATHS,
  prerenderedFileName,
} from '../../../packages/shared/src/prerendered-pages.ts';
import { compressFile } from './precompress-plugin.ts';

const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE = /<title>[\s\S]*?<\/title>/;

/** The built shell with a page's markup in #root and the page's own <title> in place of the shell's. */
export function toDocument(shell: string, markup: string): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html must contain ${ROOT_ELEMENT}`);
  // React 19 writes a component's <title> into the markup; in the document it belongs in <head>,
  // where hydration finds and keeps it.
  const title = markup.match(TITLE)?.[0];
  const body = title ? markup.replace(title, '') : markup;
  const head = title ? shell.replace(TITLE, () => title) : shell;
  return head.replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered>${body}</div>`);
}

/**
 * After the client build, renders each public page (src/render-page.tsx, loaded through Vite so
 * it resolves and transforms exactly as the client build did) into a copy of the built
 * index.html, so a visitor reads the page before any script has run. Compressed like the rest.
 */
export function prerender(entry: string): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'licensewatch-prerender',
    apply: 'build',
    configResolved: (resolved) => {
      config = resolved;
    },
    closeBundle: async () => {
      const outDir = join(config.root, config.build.outDir);
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const { renderPage } = (await server.ssrLoadModule(entry)) as {
          renderPage: (pathname: string) => Promise<string>;
        };
        mkdirSync(join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const pathname of PRERENDERED_PATHS) {
          const file = join(outDir, PRERENDERED_DIR, prerenderedFileName(pathname));
          writeFileSync(file, toDocument(shell, await renderPage(pathname)));
          compressFile(file);
        }
      } finally {
        await server.close();
      }
    },
  };
}
