import { PATHS, safeRedirectPath } from '@licensewatch/shared/web-paths';
import { useLocation, useSearchParams } from 'react-router';

type FromState = { from?: { pathname?: string; search?: string; hash?: string } } | null;

/** Where a visitor goes after signing in: the protected page that sent them here, else the dashboard. */
export function usePostLoginPath(): string {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = (location.state as FromState)?.from;
  const remembered = from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : null;
  const target = safeRedirectPath(remembered) ?? safeRedirectPath(searchParams.get('redirect'));
  // Never bounce back to an auth screen, which would loop.
  if (!target || target.startsWith(PATHS.login) || target.startsWith(PATHS.signup)) return PATHS.dashboard;
  return target;
}
