import { LICENSING_ENDPOINTS } from '@licensewatch/shared/licensing-endpoints';
import type { StateBoard } from '@licensewatch/shared/states-api';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ADMIN_QUERY_KEY, ADMIN_QUERY_OPTIONS } from './admin-query';

export type AdminBoard = StateBoard & { state_name: string };

/** Every configured board, by state, with how the product reads it (GET /api/v2/states/status). */
export async function getBoards(): Promise<AdminBoard[]> {
  const { states } = await callEndpoint(LICENSING_ENDPOINTS.stateStatuses);
  return states.flatMap((s) => s.boards.map((b) => ({ ...b, state_name: s.state_name })));
}

export function useBoards() {
  return useQuery({ queryKey: [...ADMIN_QUERY_KEY, 'boards'], queryFn: getBoards, ...ADMIN_QUERY_OPTIONS });
}
