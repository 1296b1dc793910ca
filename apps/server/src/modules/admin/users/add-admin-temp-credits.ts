import type { TempCreditsResponse } from '@licensewatch/shared/admin';
import type { Db } from '../../../platform/db/client.ts';
import { grantTemporaryCredits } from '../../plans/grant-temporary-credits.ts';
import { type AdminActor, recordAdminAction } from '../record-admin-action.ts';
import { findUserTarget } from './find-user-target.ts';

/** "Add Credits" (docs/product-rules.md, Users): the plans module's grant, its ledger row and the audit row in one transaction. */
export async function addAdminTempCredits(
  db: Db,
  actor: AdminActor,
  userId: string,
  credits: number,
  why?: string,
): Promise<TempCreditsResponse> {
  const target = await findUserTarget(db, actor, userId);
  const change = await grantTemporaryCredits(db, {
    userId: target.id,
    credits,
    actorId: actor.id,
    reason: 'admin-grant',
    inTransaction: (tx, { previous, current }) =>
      recordAdminAction(tx, actor, {
        action: 'credits.add',
        targetType: 'user',
        targetId: target.id,
        targetLabel: target.email,
        before: { temp_report_credits: previous },
        after: { temp_report_credits: current },
        reason: why,
      }),
  });
  return {
    message: `Added ${credits} temporary credit${credits === 1 ? '' : 's'}`,
    previous_temp_credits: change.previous,
    new_temp_credits: change.current,
  };
}
