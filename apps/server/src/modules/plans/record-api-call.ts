import type { Db } from '../../platform/db/client.ts';
import type { ApiCallRecord } from './bill-api-call.ts';
import { apiUsage } from './tables.ts';

/** Records a call that cost nothing (an error answer) in the owner's usage. */
export async function recordApiCall(db: Db, call: ApiCallRecord & { status: number }): Promise<void> {
  await db.insert(apiUsage).values(call);
}
