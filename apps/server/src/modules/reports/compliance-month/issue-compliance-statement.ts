import type { ComplianceStatement } from '@licensewatch/shared/compliance';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { licenseSourceMode } from '../../../platform/env.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import { sha256Hex } from '../issue-verification.ts';
import { licenseVerification } from '../tables.ts';
import { RATE_LIMITS } from '../verification/rate-limits.ts';
import { newVerificationId } from '../verification/verification-id.ts';
import { readComplianceMonth } from './read-compliance-month.ts';

/** The statement's text: what is hashed, stored and served is this exact string. */
export function statementJson(s: ComplianceStatement): string {
  const { sha256: _, ...content } = s;
  return JSON.stringify(content);
}

/**
 * Issues a signed statement of a workspace's month (ADR 043) by `userId`, whose limit of issued
 * documents it counts against (the verification documents' limit): the monthly record as it reads
 * now, with the ledger's head hash at the month's end, stored with its SHA-256 as a verification
 * record (no report, no licenses) so the public /verify page confirms it like a report's document.
 */
export async function issueComplianceStatement(
  ctx: Pick<Platform, 'db' | 'env'> & { exclusions?: ExclusionSources | undefined },
  { userId, workspaceId }: { userId: string; workspaceId: string },
  month: string,
): Promise<ComplianceStatement> {
  const { db } = ctx;
  await consumeRateLimit(db, `verification-issue:user:${userId}`, RATE_LIMITS.issuePerUser);
  const [view, named] = await Promise.all([
    readComplianceMonth(db, workspaceId, month, { samConfigured: Boolean(ctx.exclusions?.sam) }),
    // An organisation's workspace has its id; a personal one its user's.
    db.execute<{ name: string | null }>(sql`
      SELECT coalesce((SELECT name FROM organisation WHERE id = ${workspaceId}),
        (SELECT name FROM "user" WHERE id = ${workspaceId})) AS name`),
  ]);
  const issuedAt = new Date();
  const statement: ComplianceStatement = {
    kind: 'compliance_month',
    id: newVerificationId(),
    issued_at: issuedAt.toISOString(),
    workspace: named.rows[0]?.name ?? '',
    ...view,
    // Development and tests read the board simulator: a statement must never pass that off as a board's word.
    simulated: licenseSourceMode(ctx.env) === 'simulator',
    sha256: '',
  };
  const snapshot = statementJson(statement);
  statement.sha256 = sha256Hex(snapshot);
  await db.insert(licenseVerification).values({
    id: statement.id,
    reportId: null,
    userId,
    licenseIds: [],
    snapshot,
    sha256: statement.sha256,
    issuedAt,
  });
  return statement;
}
