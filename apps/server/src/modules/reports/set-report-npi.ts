import { MESSAGES } from '@licensewatch/shared/messages';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { screenExclusions } from '../exclusions/screen-exclusions.ts';

/**
 * Sets (or, with null, removes) the physician's NPI and screens the report again at once, so an
 * NPI that resolves a possible exclusion match — or removes one — shows on the next read.
 */
export async function setReportNpi(
  ctx: Pick<Platform, 'db' | 'pool'>,
  { workspaceId, reportId, npi }: { workspaceId: string; reportId: string; npi: string | null },
): Promise<{ id: string; npi: string | null }> {
  const { rows } = await ctx.pool.query<{ id: string }>(
    'UPDATE report SET npi = $3 WHERE id = $1 AND workspace_id = $2 RETURNING id',
    [reportId, workspaceId, npi],
  );
  if (rows.length === 0) throw AppError.notFound(MESSAGES.reports.notFound);
  await screenExclusions(ctx, { reportIds: [reportId] });
  return { id: reportId, npi };
}
