import { SIGN_UP_ROLES } from '@licensewatch/shared/accounts';
import { KNOWN_SETTINGS } from '@licensewatch/shared/settings';
import { AppError } from '../../../platform/errors.ts';
import { isKnownSetting } from './present-setting.ts';

/** A year: far beyond any sensible idle limit, well inside an interval's range. */
export const SESSION_TIMEOUT_MAX_MINUTES = 525_600;
export const APPLICATION_NAME_MAX = 100;

/**
 * The text stored for a setting's new value, or a 400 naming what is wrong. A known setting must
 * have its type (platform/settings/read-setting.ts would otherwise fall back to the default in
 * silence); any other setting is free text.
 */
export function parseSettingInput(key: string, value: boolean | number | string): string {
  if (!isKnownSetting(key)) {
    const text = String(value).trim();
    if (!text) throw AppError.validation(`${key}: enter a value`);
    return text;
  }
  switch (KNOWN_SETTINGS[key].type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw AppError.validation(`${key}: must be true or false`);
      return String(value);
    case 'integer': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
            ? Number(value)
            : NaN;
      if (!Number.isInteger(n) || n < 1 || n > SESSION_TIMEOUT_MAX_MINUTES) {
        throw AppError.validation(
          `${key}: must be a whole number from 1 to ${SESSION_TIMEOUT_MAX_MINUTES.toLocaleString('en-US')}`,
        );
      }
      return String(n);
    }
    case 'role':
      if (value === 'admin') {
        throw AppError.validation(
          `${key}: a new sign-up cannot be made an administrator, since anyone may sign up; create an administrator with users:create --role admin`,
        );
      }
      if (typeof value !== 'string' || !(SIGN_UP_ROLES as readonly string[]).includes(value)) {
        throw AppError.validation(`${key}: must be ${SIGN_UP_ROLES.join(' or ')}`);
      }
      return value;
    default: {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text || text.length > APPLICATION_NAME_MAX) {
        throw AppError.validation(`${key}: must be 1 to ${APPLICATION_NAME_MAX} characters of text`);
      }
      return text;
    }
  }
}
