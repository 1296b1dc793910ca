import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY } from './admin-query';

export function addTempCredits({ id, credits, reason }: { id: string; credits: number; reason: string }) {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.addTempCredits, { params: { id }, body: { credits, reason } });
}

export function useAddTempCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTempCredits,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
