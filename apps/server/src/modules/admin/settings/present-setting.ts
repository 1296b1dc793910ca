import type { AdminSetting } from '@licensewatch/shared/admin';
import { KNOWN_SETTINGS } from '@licensewatch/shared/settings';

type SettingRow = { key: string; value: string; description: string | null; updatedAt: Date };

export const isKnownSetting = (key: string): key is keyof typeof KNOWN_SETTINGS => Object.hasOwn(KNOWN_SETTINGS, key);

/** A row as the settings screen reads it: a boolean setting's value as a boolean, any other as text. */
export function presentSetting(row: SettingRow): AdminSetting {
  const boolean = isKnownSetting(row.key) && KNOWN_SETTINGS[row.key].type === 'boolean';
  return {
    value: boolean ? row.value === 'true' : row.value,
    description: row.description,
    updated_at: row.updatedAt.toISOString(),
  };
}
