import type { AppSettings } from '@licensewatch/shared/accounts';
import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import { BRAND } from '@licensewatch/shared/brand';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../lib/api';

export const APP_SETTINGS_QUERY_KEY = ['app-settings'] as const;

/** What a page shows until the operator's settings arrive, and what the prerendered pages carry. */
const DEFAULTS: AppSettings = {
  application_name: BRAND.name,
  user_registration_enabled: true,
  // No export is offered before the server says it can make one.
  report_exports: { google_sheets: false, airtable: false },
};

export const appSettingsQueryOptions = queryOptions({
  queryKey: APP_SETTINGS_QUERY_KEY,
  // Typed by the shared schema, which the server enforces; parsing here would put zod on every
  // first paint (docs/budgets.md, Web app).
  queryFn: () => callEndpoint(ACCOUNTS_ROUTES.appSettings, { schema: unparsed<AppSettings>() }),
  staleTime: 60_000,
  retry: 1,
  placeholderData: DEFAULTS,
});

/** The operator's settings every page shows (the name, whether Sign Up is offered). */
export function useAppSettings(): AppSettings & { settled: boolean } {
  const query = useQuery(appSettingsQueryOptions);
  // Settled: the server's answer is in, or it failed and the defaults stand.
  return { ...(query.data ?? DEFAULTS), settled: !query.isPlaceholderData || query.isError };
}

export const useBrandName = () => useAppSettings().application_name;
export const useRegistrationOpen = () => useAppSettings().user_registration_enabled;
export const useReportExports = () => useAppSettings().report_exports;
