import { ALERTS_ROUTES } from '@licensewatch/shared/alerts-routes';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../../../lib/api';

type Unsubscribed = { email: string; unsubscribed: true };

/** The one-click unsubscribe, posted by the page's button with an empty body (the token is the authority). */
export function unsubscribe(token: string): Promise<Unsubscribed> {
  // Not parsed: the public page loads no zod; the server serializes through the shared schema.
  return callEndpoint(ALERTS_ROUTES.unsubscribe, { query: { token }, schema: unparsed<Unsubscribed>() });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
