import type { AdminSetting } from '@licensewatch/shared/admin';
import { KNOWN_SETTINGS } from '@licensewatch/shared/settings';
import { asc } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { appSetting } from '../../../platform/settings/tables.ts';
import { presentSetting } from './present-setting.ts';

const KNOWN_ORDER = Object.keys(KNOWN_SETTINGS);

/**
 * Every setting by key: the known ones first in their documented order (docs/product-rules.md, Settings), then any others by
 * key. A JSON object keeps insertion order, so API clients see the screen's order too.
 */
export async function listSettings(db: Db): Promise<Record<string, AdminSetting>> {
  const rows = await db.select().from(appSetting).orderBy(asc(appSetting.key));
  const rank = (key: string) => {
    const i = KNOWN_ORDER.indexOf(key);
    return i === -1 ? KNOWN_ORDER.length : i;
  };
  rows.sort((a, b) => rank(a.key) - rank(b.key));
  return Object.fromEntries(rows.map((row) => [row.key, presentSetting(row)]));
}
