import { KNOWN_SETTINGS, type SettingKey, type SettingValue } from '@licensewatch/shared/settings';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSetting } from './tables.ts';

/**
 * A known setting, read from app_setting on every call (an operator's change takes effect at once,
 * in every process), by its type; a missing or unreadable value is the default.
 */
export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, key));
  return parseSetting(key, row?.value);
}

export function parseSetting<K extends SettingKey>(key: K, value: string | undefined): SettingValue<K> {
  const known = KNOWN_SETTINGS[key];
  const fallback = known.default as SettingValue<K>;
  if (value === undefined) return fallback;
  switch (known.type) {
    case 'boolean':
      return (value === 'true' ? true : value === 'false' ? false : fallback) as SettingValue<K>;
    case 'integer': {
      const n = Number(value);
      return (Number.isInteger(n) && n > 0 ? n : fallback) as SettingValue<K>;
    }
    default:
      return value as SettingValue<K>;
  }
}
