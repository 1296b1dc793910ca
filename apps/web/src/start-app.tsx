import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { loadMatchedRoutes, routes } from './app/router';

function App({ router }: { router: ReturnType<typeof createBrowserRouter> }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

/** Renders the app into #root, or takes over the prerendered markup already there. */
export async function startApp(container: HTMLElement, prerendered: boolean): Promise<void> {
  if (!prerendered) {
    createRoot(container).render(<App router={createBrowserRouter(routes)} />);
    return;
  }
  await loadMatchedRoutes(window.location.pathname);
  const router = createBrowserRouter(routes);
  // A transition lets React hydrate in short slices, so the page answers input while it does.
  startTransition(() => {
    hydrateRoot(container, <App router={router} />);
  });
}
