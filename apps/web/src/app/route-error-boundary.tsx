import { APP_MESSAGES } from '@licensewatch/shared/app-messages';
import { PATHS } from '@licensewatch/shared/web-paths';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Button, ButtonLink } from '../components/ui/button';
import { PageTitle } from '../session/page-title';

function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    // Keep the cause visible to developers; the visitor only sees the friendly screen.
    console.error(error);
  }, [error]);

  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <PageTitle title={APP_MESSAGES.errorBoundary.title} />
      <div className="mb-6 flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <svg
          viewBox="0 0 24 24"
          className="size-7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 8v5m0 3h.01M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      </div>
      <h1 className="text-2xl font-bold text-slate-900">{APP_MESSAGES.errorBoundary.title}</h1>
      <p className="mt-3 text-slate-600">
        An unexpected problem stopped this page from loading. Your data is safe; try again, or head back to your
        dashboard.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={PATHS.dashboard} variant="secondary">
          {APP_MESSAGES.errorBoundary.back}
        </ButtonLink>
        <Button onClick={() => window.location.reload()}>{APP_MESSAGES.errorBoundary.retry}</Button>
      </div>
    </div>
  );
}

/** Rendered inside the shared layout, in place of the failed protected screen. */
export function RouteErrorBoundary() {
  return <ErrorScreen />;
}

/** Last resort when the shell itself failed: no layout around it, so it brings its own landmark. */
export function RootErrorPage() {
  return (
    <main id="main" className="min-h-dvh bg-white">
      <ErrorScreen />
    </main>
  );
}
