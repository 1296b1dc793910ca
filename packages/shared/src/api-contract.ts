import { ACCOUNTS_ENDPOINTS } from './accounts-endpoints.ts';
import { ADMIN_AUDIT_ENDPOINTS } from './admin-audit-endpoints.ts';
import { ADMIN_BOARD_LISTS_ENDPOINTS } from './admin-board-lists-endpoints.ts';
import { ADMIN_INSIGHTS_ENDPOINTS } from './admin-insights-endpoints.ts';
import { ADMIN_ORGANISATIONS_ENDPOINTS } from './admin-organisations-endpoints.ts';
import { ADMIN_SETTINGS_ENDPOINTS } from './admin-settings-endpoints.ts';
import { ADMIN_USERS_ENDPOINTS } from './admin-users-endpoints.ts';
import { ALERTS_ENDPOINTS } from './alerts-endpoints.ts';
import { BILLING_ENDPOINTS } from './billing-endpoints.ts';
import { COMPLIANCE_ENDPOINTS } from './compliance-endpoints.ts';
import { CONTACT_ENDPOINTS } from './contact-endpoints.ts';
import { DEV_OUTBOX_ENDPOINTS } from './dev-outbox.ts';
import type { Endpoint } from './endpoint.ts';
import { EXCLUSIONS_ENDPOINTS } from './exclusions-endpoints.ts';
import { EXPIRY_WINDOWS_ENDPOINTS } from './expiry-windows-endpoints.ts';
import { LICENSING_ENDPOINTS } from './licensing-endpoints.ts';
import { MCP_ENDPOINTS } from './mcp-endpoints.ts';
import { ORGANISATIONS_ENDPOINTS } from './organisations-endpoints.ts';
import { PROFILE_ENDPOINTS } from './profile-endpoints.ts';
import { REPORTS_ENDPOINTS } from './reports-endpoints.ts';
import { ROSTER_ENDPOINTS } from './roster-endpoints.ts';
import { ROSTER_IMPORT_ENDPOINTS } from './roster-import-endpoints.ts';
import { SEARCH_API_ENDPOINTS } from './search-api-endpoints.ts';
import { SMS_ENDPOINTS } from './sms-endpoints.ts';
import { SYSTEM_ENDPOINTS } from './system-endpoints.ts';
import { WEBHOOKS_ENDPOINTS } from './webhooks-endpoints.ts';

/**
 * Every endpoint table, by domain: what the server's route check and the API document read. The
 * web imports the domain tables it calls, never this (it would load every schema).
 */
export const API_CONTRACT = {
  accounts: ACCOUNTS_ENDPOINTS,
  adminAudit: ADMIN_AUDIT_ENDPOINTS,
  adminBoardLists: ADMIN_BOARD_LISTS_ENDPOINTS,
  adminUsers: ADMIN_USERS_ENDPOINTS,
  adminInsights: ADMIN_INSIGHTS_ENDPOINTS,
  adminOrganisations: ADMIN_ORGANISATIONS_ENDPOINTS,
  adminSettings: ADMIN_SETTINGS_ENDPOINTS,
  alerts: ALERTS_ENDPOINTS,
  billing: BILLING_ENDPOINTS,
  compliance: COMPLIANCE_ENDPOINTS,
  contact: CONTACT_ENDPOINTS,
  exclusions: EXCLUSIONS_ENDPOINTS,
  expiryWindows: EXPIRY_WINDOWS_ENDPOINTS,
  licensing: LICENSING_ENDPOINTS,
  mcp: MCP_ENDPOINTS,
  organisations: ORGANISATIONS_ENDPOINTS,
  profile: PROFILE_ENDPOINTS,
  reports: REPORTS_ENDPOINTS,
  searchApi: SEARCH_API_ENDPOINTS,
  sms: SMS_ENDPOINTS,
  devOutbox: DEV_OUTBOX_ENDPOINTS,
  system: SYSTEM_ENDPOINTS,
  webhooks: WEBHOOKS_ENDPOINTS,
  roster: ROSTER_ENDPOINTS,
  rosterImport: ROSTER_IMPORT_ENDPOINTS,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every endpoint, each named `domain.key`. */
export function listEndpoints(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(API_CONTRACT).flatMap(([domain, table]) =>
    Object.entries(table).map(([key, endpoint]: [string, Endpoint]) => ({ name: `${domain}.${key}`, endpoint })),
  );
}
