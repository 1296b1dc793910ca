import { ADMIN_USERS_ENDPOINTS } from '@licensewatch/shared/admin-users-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_USERS_KEY, adminUserKey } from '../admin-users-keys';

export function deleteAdminUser(id: string) {
  return callEndpoint(ADMIN_USERS_ENDPOINTS.deleteUser, { params: { id } });
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: (_answer, id) => {
      // The account is gone: its detail must not be asked for again (a 404), only the lists.
      queryClient.removeQueries({ queryKey: adminUserKey(id) });
      return queryClient.invalidateQueries({ queryKey: [...ADMIN_USERS_KEY, 'list'] });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
