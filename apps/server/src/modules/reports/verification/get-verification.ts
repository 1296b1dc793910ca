import { type VerificationLookup, verificationLookupSchema } from '@licensewatch/shared/compliance';
import { MESSAGES } from '@licensewatch/shared/messages';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { sha256Hex } from '../issue-verification.ts';
import { licenseVerification } from '../tables.ts';
import { isVerificationId } from './verification-id.ts';

/**
 * What an issued verification document (or monthly compliance statement, ADR 043) said, for anyone holding its id: the stored snapshot,
 * checked against its hash. An id that does not exist (or cannot be one) answers 404 with no data.
 */
export async function getVerification(db: Db, id: string): Promise<VerificationLookup> {
  const notFound = () => AppError.notFound(MESSAGES.reports.verificationNotFound);
  if (!isVerificationId(id)) throw notFound();
  const [row] = await db
    .select({ snapshot: licenseVerification.snapshot, sha256: licenseVerification.sha256 })
    .from(licenseVerification)
    .where(eq(licenseVerification.id, id));
  if (!row) throw notFound();
  // A row whose text no longer matches its hash was altered after issue: confirm nothing.
  if (sha256Hex(row.snapshot) !== row.sha256) throw new Error(`verification ${id}: snapshot does not match its hash`);
  return verificationLookupSchema.parse({ ...JSON.parse(row.snapshot), sha256: row.sha256 });
}
