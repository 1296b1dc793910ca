import type { AdminSetting } from '@licensewatch/shared/admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { appSetting } from '../../../platform/settings/tables.ts';
import { writeSetting } from '../../../platform/settings/write-setting.ts';
import { type AdminActor, recordAdminAction } from '../record-admin-action.ts';
import { parseSettingInput } from './parse-setting-input.ts';
import { presentSetting } from './present-setting.ts';

/**
 * Changes one setting and records it in the audit log, in one transaction. Settings are read on
 * every use (platform/settings/read-setting.ts), so the change takes effect with the commit.
 */
export async function updateSetting(
  db: Db,
  actor: AdminActor,
  key: string,
  value: boolean | number | string,
): Promise<AdminSetting & { key: string }> {
  const stored = parseSettingInput(key, value);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(appSetting).where(eq(appSetting.key, key)).for('update');
    if (!before) throw AppError.notFound(`No setting named ${key}`);
    const after = await writeSetting(tx, key, stored);
    if (!after) throw AppError.notFound(`No setting named ${key}`);
    await recordAdminAction(tx, actor, {
      action: 'setting.update',
      targetType: 'setting',
      targetId: key,
      targetLabel: key,
      before: { value: presentSetting(before).value },
      after: { value: presentSetting(after).value },
    });
    return { key, ...presentSetting(after) };
  });
}
