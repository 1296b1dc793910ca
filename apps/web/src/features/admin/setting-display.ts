import type { AdminSetting } from '@licensewatch/shared/admin';
import { KNOWN_SETTINGS } from '@licensewatch/shared/settings';

const KNOWN_ORDER: readonly string[] = Object.keys(KNOWN_SETTINGS);

/** 'session_timeout_minutes' → 'Session Timeout Minutes' (docs/product-rules.md, Settings). */
export function settingLabel(key: string): string {
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The known settings first in their documented order, then the others by key. */
export function orderSettings(settings: Record<string, AdminSetting>): [string, AdminSetting][] {
  const rank = (key: string) => {
    const i = KNOWN_ORDER.indexOf(key);
    return i === -1 ? KNOWN_ORDER.length : i;
  };
  return Object.entries(settings).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

export type SettingEditor = 'boolean' | 'role' | 'text';

/** A boolean value: True/False; a key naming a role or user type: a choice of roles; anything else: text. */
export function settingEditor(key: string, value: AdminSetting['value']): SettingEditor {
  if (typeof value === 'boolean') return 'boolean';
  if (key.includes('role') || key.includes('user_type')) return 'role';
  return 'text';
}
