import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useCredentials } from '../session/get-credentials';

/**
 * Signed-in screens wait for the credentials record before rendering (docs/product-rules.md, API
 * key and credentials).
 * Waits only for the first answer; a failure still lets the screen render (counters show '–').
 */
export function CredentialsGate() {
  const credentials = useCredentials();
  // isFetched, not isPending: a refetch of a failed query is "pending" again, and unmounting the
  // screen each time would remount it, refetch, and loop.
  if (!credentials.isFetched) return <PageSpinner label="Loading your account…" />;
  return <Outlet />;
}
