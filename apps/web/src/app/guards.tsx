import { PATHS } from '@licensewatch/shared/web-paths';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { usePostLoginPath } from '../features/accounts/use-post-login-path';
import { isAdmin, useMe } from '../session/get-me';

export function RequireAuth() {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <PageSpinner label="Checking your session…" />;
  // A failing session check (not a 401) is an outage; the route error boundary offers a retry.
  if (me.isError) throw me.error;
  if (!me.data) return <Navigate to={PATHS.login} replace state={{ from: location }} />;
  return <Outlet />;
}

export function RequireAdmin() {
  const me = useMe();
  if (!isAdmin(me.data)) return <Navigate to={PATHS.dashboard} replace />;
  return <Outlet />;
}

/** /login and /signup: a signed-in visitor has nothing to do there. */
export function GuestOnly() {
  const me = useMe();
  const target = usePostLoginPath();
  if (me.data) return <Navigate to={target} replace />;
  // While the session check runs the form is shown at once: most visitors here are signed out.
  return <Outlet />;
}
