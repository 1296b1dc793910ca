import { ACCOUNTS_ENDPOINTS } from '@licensewatch/shared/accounts-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function verifyResetCode(input: { email: string; code: string }) {
  return callEndpoint(ACCOUNTS_ENDPOINTS.verifyResetCode, { body: input });
}

/** A read-only check despite the POST, so it is a query: deduplicated, and never cached past the page. */
export function useVerifyResetCode(input: { email: string; code: string } | null, enabled: boolean) {
  return useQuery({
    queryKey: ['verify-reset-code', input?.email, input?.code],
    queryFn: () => verifyResetCode(input as { email: string; code: string }),
    enabled: enabled && input !== null,
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
