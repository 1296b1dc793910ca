import { reductionRefusedDetail, type TempCreditsResponse } from '@licensewatch/shared/admin';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { reduceTemporaryCredits } from '../../plans/reduce-temporary-credits.ts';
import { type AdminActor, recordAdminAction } from '../record-admin-action.ts';
import { findUserTarget } from './find-user-target.ts';

/**
 * "Reduce Credits" (docs/product-rules.md, Users): never below zero. A refusal is 409 INSUFFICIENT_TEMP_CREDITS
 * whose detail names the balance and the reduction, which the screen reads back.
 */
export async function reduceAdminTempCredits(
  db: Db,
  actor: AdminActor,
  userId: string,
  credits: number,
  why?: string,
): Promise<TempCreditsResponse> {
  const target = await findUserTarget(db, actor, userId);
  const change = await reduceTemporaryCredits(db, {
    userId: target.id,
    credits,
    actorId: actor.id,
    inTransaction: (tx, { previous, current }) =>
      recordAdminAction(tx, actor, {
        action: 'credits.reduce',
        targetType: 'user',
        targetId: target.id,
        targetLabel: target.email,
        before: { temp_report_credits: previous },
        after: { temp_report_credits: current },
        reason: why,
      }),
  });
  if ('refused' in change) {
    throw new AppError('INSUFFICIENT_TEMP_CREDITS', reductionRefusedDetail(change.current, credits), 409);
  }
  return {
    message: `Reduced ${credits} temporary credit${credits === 1 ? '' : 's'}`,
    previous_temp_credits: change.previous,
    new_temp_credits: change.current,
  };
}
