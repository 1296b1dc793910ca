/**
 * The operator's settings (docs/product-rules.md, Settings: the known keys, in its order), their types and defaults. The
 * server reads them by type (platform/settings/read-setting.ts); the admin area edits them.
 */
export const KNOWN_SETTINGS = {
  application_name: {
    type: 'text',
    default: 'LicenseWatch',
    description: 'The name shown in the top bar, page titles and emails',
  },
  default_user_role: { type: 'role', default: 'user', description: 'The role a new sign-up gets' },
  user_registration_enabled: { type: 'boolean', default: true, description: 'Whether new accounts may sign up' },
  email_notifications_enabled: {
    type: 'boolean',
    default: true,
    description: 'Whether alert emails are sent; while off they are kept and sent when it is turned on',
  },
  session_timeout_minutes: {
    type: 'integer',
    default: 10_080,
    description: 'How long a signed-in session lasts without use, in minutes',
  },
} as const;

export type SettingKey = keyof typeof KNOWN_SETTINGS;
export type SettingValue<K extends SettingKey> = (typeof KNOWN_SETTINGS)[K]['default'] extends boolean
  ? boolean
  : (typeof KNOWN_SETTINGS)[K]['default'] extends number
    ? number
    : string;
