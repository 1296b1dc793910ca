import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

/**
 * The HTML of one public page as a signed-out visitor first sees it, for the build's prerender
 * (apps/web/build/prerender-plugin.ts). Queries render their loading state, exactly as the
 * browser's first render does, so hydration finds the same markup.
 */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${pathname} redirects; only plain pages can be prerendered`);
  if (context.statusCode !== 200) throw new Error(`${pathname} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        {/* hydrate={false}: no inline data script (the CSP forbids it, and these routes load no data). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
