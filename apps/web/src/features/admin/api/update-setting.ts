import type { AdminSetting } from '@licensewatch/shared/admin';
import { ADMIN_SETTINGS_ENDPOINTS } from '@licensewatch/shared/admin-settings-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { APP_SETTINGS_QUERY_KEY } from '../../../session/get-app-settings';
import { ADMIN_SETTINGS_QUERY_KEY } from './get-settings';

export type SettingChange = { key: string; value: boolean | string };

export function updateSetting({ key, value }: SettingChange) {
  return callEndpoint(ADMIN_SETTINGS_ENDPOINTS.updateSetting, { params: { key }, body: { value } });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: async ({ key, ...setting }) => {
      queryClient.setQueryData(ADMIN_SETTINGS_QUERY_KEY, (all: Record<string, AdminSetting> | undefined) =>
        all ? { ...all, [key]: setting } : all,
      );
      // The name and the registration switch show on every page (top bar, sidebar, titles).
      await queryClient.invalidateQueries({ queryKey: APP_SETTINGS_QUERY_KEY });
    },
  });
}
