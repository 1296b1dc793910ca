import { MESSAGES } from '@licensewatch/shared/messages';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { readSetting } from '../../platform/settings/read-setting.ts';

export const registrationClosed = () =>
  new AppError('REGISTRATION_DISABLED', MESSAGES.signup.registrationDisabled, 403);

/** 403 REGISTRATION_DISABLED while the operator has turned user_registration_enabled off. */
export async function requireRegistrationOpen(db: Db): Promise<void> {
  if (!(await readSetting(db, 'user_registration_enabled'))) throw registrationClosed();
}
