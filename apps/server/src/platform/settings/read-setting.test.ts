import { describe, expect, it } from 'vitest';
import { parseSetting } from './read-setting.ts';

describe('reading a setting by its type', () => {
  it('reads booleans, positive integers and text as stored', () => {
    expect(parseSetting('email_notifications_enabled', 'false')).toBe(false);
    expect(parseSetting('email_notifications_enabled', 'true')).toBe(true);
    expect(parseSetting('session_timeout_minutes', '30')).toBe(30);
    expect(parseSetting('application_name', 'Acme Licensing')).toBe('Acme Licensing');
  });

  it('falls back to the default for a missing or unreadable value, never to "off"', () => {
    expect(parseSetting('email_notifications_enabled', undefined)).toBe(true);
    expect(parseSetting('email_notifications_enabled', 'no')).toBe(true);
    expect(parseSetting('session_timeout_minutes', '0')).toBe(10_080);
    expect(parseSetting('session_timeout_minutes', '2.5')).toBe(10_080);
    expect(parseSetting('application_name', undefined)).toBe('LicenseWatch');
  });
});
