import type { AppSettings } from '@licensewatch/shared/accounts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { airtableEnabled, type Env, googleSheetsEnabled } from '../../platform/env.ts';
import { parseSetting } from '../../platform/settings/read-setting.ts';
import { appSetting } from '../../platform/settings/tables.ts';

/**
 * The settings every visitor's pages show (the name, whether Sign Up is offered), in one query,
 * and the report exports the server's configuration allows.
 */
export async function readAppSettings(db: Db, env: Env): Promise<AppSettings> {
  const rows = await db
    .select({ key: appSetting.key, value: appSetting.value })
    .from(appSetting)
    .where(inArray(appSetting.key, ['application_name', 'user_registration_enabled']));
  const value = (key: string) => rows.find((r) => r.key === key)?.value;
  return {
    application_name: parseSetting('application_name', value('application_name')),
    user_registration_enabled: parseSetting('user_registration_enabled', value('user_registration_enabled')),
    report_exports: { google_sheets: googleSheetsEnabled(env), airtable: airtableEnabled(env) },
  };
}
