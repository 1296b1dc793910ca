import type { Db } from '../../../platform/db/client.ts';
import { updateUserSettings } from '../../accounts/update-user-settings.ts';
import { newCalendarToken } from './ensure-calendar-token.ts';

/** A new feed secret over the old one: the old URL finds nobody from this moment (docs/product-rules.md, Calendar feed). */
export async function regenerateCalendarToken(db: Db, userId: string): Promise<void> {
  await updateUserSettings(db, userId, { calendarToken: newCalendarToken() });
}
