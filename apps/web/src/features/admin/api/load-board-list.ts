import { ADMIN_BOARD_LISTS_ENDPOINTS } from '@licensewatch/shared/admin-board-lists-endpoints';
import type { LoadBoardListInput } from '@licensewatch/shared/board-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY } from './admin-query';

export function loadBoardList(body: LoadBoardListInput) {
  return callEndpoint(ADMIN_BOARD_LISTS_ENDPOINTS.loadBoardList, { body });
}

export function useLoadBoardList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadBoardList,
    // A loaded list changes the registry's counts and the audit log the admin pages show.
    onSuccess: async (result) => {
      if (!result.check_only) await queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
  });
}
