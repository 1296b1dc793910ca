import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useCredentials } from '../features/credentials/api/get-credentials';

/**
 * Spec §2: signed-in screens wait for the credentials record before rendering.
 * Waits only for the first answer; a failure still lets the screen render (it shows '–').
 */
export function CredentialsGate() {
  const credentials = useCredentials();
  if (credentials.isPending) return <PageSpinner label="Loading your account…" />;
  return <Outlet />;
}
