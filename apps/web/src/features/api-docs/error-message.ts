import { APP_MESSAGES } from '@licensewatch/shared/app-messages';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** What the console shows for a failed call: the answer's `error`, else its `detail`, else a fallback. */
export function errorMessageOf(body: unknown): string {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return text(record.error) ?? text(record.detail) ?? APP_MESSAGES.general.fallback;
}
