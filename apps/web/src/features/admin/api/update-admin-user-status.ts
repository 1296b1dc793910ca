import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY } from './admin-query';

export function updateAdminUserStatus({ id, isActive, reason }: { id: string; isActive: boolean; reason: string }) {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.updateUser, { params: { id }, body: { is_active: isActive, reason } });
}

export function useUpdateAdminUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUserStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
