import { PATHS } from '@licensewatch/shared/web-paths';
import { useEffect, useRef } from 'react';
import { matchPath, Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { BetaBanner } from './beta-banner';
import { Footer } from './footer';
import { PromoBanner } from './promo-banner';
import { TopBar } from './top-bar';

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-teal-100" aria-hidden="true">
      <div className="h-full w-1/3 animate-progress bg-teal-600" />
    </div>
  );
}

/** Moves focus to the new screen after client-side navigation, as a full page load would for screen readers. */
function useFocusMainOnNavigation(pathname: string) {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout() {
  const location = useLocation();
  // Prerendered pages can be read (and their links followed) before React takes them over; this
  // marks the moment their buttons and forms start working too (the e2e tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  const showFooter = location.pathname !== PATHS.apiDocs;
  // A verification is a document a third party checks: no offer or beta notice beside the evidence.
  const showBanners = !matchPath(PATHS.verifyPattern, location.pathname);
  useFocusMainOnNavigation(location.pathname);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <a
        href="#main"
        className="sr-only z-[70] rounded-md bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <header>
        <TopBar />
        {/* The bar is fixed; banners sit in normal flow below it, so their height moves the content and nothing overlaps. */}
        <div className="pt-16">
          {showBanners ? (
            <>
              <PromoBanner />
              <BetaBanner />
            </>
          ) : null}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {showFooter ? <Footer /> : null}
      <ScrollRestoration />
    </div>
  );
}
