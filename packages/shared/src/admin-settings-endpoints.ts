import {
  adminSettingBodySchema,
  adminSettingParamsSchema,
  adminSettingResponseSchema,
  adminSettingsResponseSchema,
} from './admin.ts';
import { defineEndpoints } from './endpoint.ts';

/** The operator settings (docs/product-rules.md, Settings): an administrator's session only — 401 signed out, 403 for anyone else. */
export const ADMIN_SETTINGS_ENDPOINTS = defineEndpoints({
  settings: {
    method: 'GET',
    path: '/api/v2/admin/settings/',
    signedIn: true,
    summary: 'Every operator setting: value, description, last update (administrators only)',
    response: adminSettingsResponseSchema,
    errors: [403],
  },
  updateSetting: {
    method: 'PATCH',
    path: '/api/v2/admin/settings/:key',
    signedIn: true,
    summary: "Change a setting; a known setting's value must have its type (administrators only)",
    params: adminSettingParamsSchema,
    body: adminSettingBodySchema,
    response: adminSettingResponseSchema,
    errors: [403],
  },
});
