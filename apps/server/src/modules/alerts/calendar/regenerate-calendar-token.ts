import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { user } from '../../../platform/db/schema.ts';
import { newCalendarToken } from './ensure-calendar-token.ts';

/** A new feed secret over the old one: the old URL finds nobody from this moment (docs/product-rules.md, Calendar feed). */
export async function regenerateCalendarToken(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ calendarToken: newCalendarToken() }).where(eq(user.id, userId));
}
