import type { Db } from '../../platform/db/client.ts';
import { apiUsage } from '../../platform/db/schema.ts';
import type { ApiCallRecord } from './bill-api-call.ts';

/** Records a call that cost nothing (an error answer) in the owner's usage. */
export async function recordApiCall(db: Db, call: ApiCallRecord & { status: number }): Promise<void> {
  await db.insert(apiUsage).values(call);
}
