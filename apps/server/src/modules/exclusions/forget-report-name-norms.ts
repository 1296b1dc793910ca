import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { reportNameNorm } from './tables.ts';

/** A report's names changed: the screening's copy of the old ones goes, and its next screening spells the new ones. */
export async function forgetReportNameNorms(tx: Tx, reportId: string): Promise<void> {
  await tx.delete(reportNameNorm).where(eq(reportNameNorm.reportId, reportId));
}
