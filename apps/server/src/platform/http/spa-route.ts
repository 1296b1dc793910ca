import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { PRERENDERED_DIR, PRERENDERED_PATHS, prerenderedFileName } from '@licensewatch/shared/prerendered-pages';
import { aliasTarget, isWebPage } from '@licensewatch/shared/web-paths';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFoundBody } from '../errors.ts';
import { methodsAllowedAt } from './route-table.ts';

export const WEB_DIST = fileURLToPath(new URL('../../../../web/dist', import.meta.url));

/** Path → file (relative to the build) of the public pages the build prerendered. */
function findPrerenderedPages(root: string): Map<string, string> {
  const dir = join(root, PRERENDERED_DIR);
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  const pages = new Map<string, string>();
  for (const pathname of PRERENDERED_PATHS) {
    const file = prerenderedFileName(pathname);
    if (files.has(file)) pages.set(pathname, `${PRERENDERED_DIR}/${file}`);
  }
  return pages;
}

/**
 * Serves the built SPA and owns the not-found answer: a GET outside /api that is neither a route
 * nor a file returns its prerendered page if the build made one (the public pages), else
 * index.html. A path that is none of the app's pages (WEB_PAGE_PATTERNS) still gets index.html,
 * whose router shows its not-found screen, but with status 404, so crawlers and monitors are told
 * the truth; a guessed path (/privacy) is a 301 to its page. Everything else is a JSON 404 — or
 * 405 with Allow when the API path exists under other methods.
 */
export async function registerSpaRoute(app: FastifyInstance, root = WEB_DIST) {
  const hasSpa = existsSync(root);
  const prerendered = hasSpa ? findPrerenderedPages(root) : new Map<string, string>();
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root,
      // `/` is a page like the others (below), not the shell.
      index: false,
      // The build writes .br and .gz beside each text file (apps/web/build/precompress-plugin.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const sendPage = (reply: FastifyReply, url: string) => {
    const pathname = url.split('?', 1)[0] ?? url;
    reply.header('cache-control', 'no-cache');
    if (!isWebPage(pathname)) reply.status(404);
    return reply.sendFile(prerendered.get(pathname) ?? 'index.html');
  };
  if (hasSpa) app.get('/', (request, reply) => sendPage(reply, request.url));
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // A missing file (an old chunk after a deploy, an unconfigured video) must fail as a 404, not
    // be answered with HTML; app routes never end in an extension.
    const pathname = request.url.split('?', 1)[0] ?? request.url;
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
    const allowed = isApi ? methodsAllowedAt(app, pathname) : [];
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', allowed.join(', '))
        .send({
          detail: `${request.method} is not allowed here; use ${allowed.join(' or ')}`,
          code: 'METHOD_NOT_ALLOWED',
        });
    }
    if (!hasSpa || isApi || isFile || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send(notFoundBody(request.method, request.url));
    }
    const alias = aliasTarget(pathname);
    if (alias) return reply.redirect(`${alias}${request.url.slice(pathname.length)}`, 301);
    return sendPage(reply, request.url);
  });
}
