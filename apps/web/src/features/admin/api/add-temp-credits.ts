import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY } from './admin-query';

export function addTempCredits({ id, credits }: { id: string; credits: number }) {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.addTempCredits, { params: { id }, body: { credits } });
}

export function useAddTempCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTempCredits,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
