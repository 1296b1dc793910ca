import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { adminUserKey } from '../admin-users-keys';
import { ADMIN_QUERY_KEY } from './admin-query';

export function deleteAdminUser(id: string) {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.deleteUser, { params: { id } });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_answer, id) => {
      // The account is gone: its detail must not be asked for again (a 404); the lists, the
      // dashboard and the audit log must be.
      queryClient.removeQueries({ queryKey: adminUserKey(id) });
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
