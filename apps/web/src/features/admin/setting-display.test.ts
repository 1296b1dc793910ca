import { describe, expect, it } from 'vitest';
import { orderSettings, settingEditor, settingLabel } from './setting-display';

const at = '2026-01-01T00:00:00.000Z';
const setting = (value: boolean | string) => ({ value, description: null, updated_at: at });

describe('the settings table', () => {
  it('names a key with spaces and capitalised words', () => {
    expect(settingLabel('session_timeout_minutes')).toBe('Session Timeout Minutes');
    expect(settingLabel('application_name')).toBe('Application Name');
  });

  it('lists the known settings in their documented order, then the others by key', () => {
    const ordered = orderSettings({
      zeta_flag: setting('x'),
      session_timeout_minutes: setting('10080'),
      alpha_extra: setting('y'),
      application_name: setting('LicenseWatch'),
      user_registration_enabled: setting(true),
      default_user_role: setting('user'),
      email_notifications_enabled: setting(true),
    }).map(([key]) => key);
    expect(ordered).toEqual([
      'application_name',
      'default_user_role',
      'user_registration_enabled',
      'email_notifications_enabled',
      'session_timeout_minutes',
      'alpha_extra',
      'zeta_flag',
    ]);
  });

  it('edits booleans with True/False, role and user type keys with user/admin, the rest as text', () => {
    expect(settingEditor('user_registration_enabled', true)).toBe('boolean');
    expect(settingEditor('default_user_role', 'user')).toBe('role');
    expect(settingEditor('default_user_type', 'user')).toBe('role');
    expect(settingEditor('application_name', 'LicenseWatch')).toBe('text');
  });
});
