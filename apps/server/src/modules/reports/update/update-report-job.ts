import type { Platform } from '../../../platform/deps.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { checkSamExclusions } from '../../exclusions/check-sam-exclusions.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import { screenExclusions } from '../../exclusions/screen-exclusions.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { updateReport } from './update-report.ts';

/** Unavailable states are tried again after 10, 20, 40… minutes; after that the daily refresh keeps trying. */
export const UNAVAILABLE_RETRY_SECONDS = 600;
export const UNAVAILABLE_RETRY_ATTEMPTS = 6;

export async function updateReportJob(
  ctx: Pick<Platform, 'db' | 'pool' | 'log' | 'env' | 'jobs'> & {
    licensing?: LicenseSources;
    exclusions?: ExclusionSources | undefined;
  },
  { reportId, allAtOnce }: Payload<'updateReport'>,
): Promise<void> {
  // A new or renamed physician is checked against the stored exclusion lists first: milliseconds,
  // and it must not wait for slow boards. A failure leaves the check "not checked", never clear.
  const screened = await screenExclusions(ctx, { reportIds: [reportId] }).catch((err: unknown) => {
    ctx.log.error({ err, reportId }, 'exclusion screening of the report failed');
    return null;
  });
  let result: Awaited<ReturnType<typeof updateReport>>;
  try {
    result = await updateReport(ctx, reportId, { allAtOnce });
  } finally {
    // SAM.gov last: its answer may take seconds and must not hold up the licenses, and a failed
    // update must not skip it. Once a day per physician (check-sam-exclusions.ts).
    const sam = await checkSamExclusions(ctx, { reportIds: [reportId] }).catch((err: unknown) => {
      ctx.log.error({ err, reportId }, 'SAM.gov exclusion check of the report failed');
      return null;
    });
    // What either found is told by the exclusion-alerts job (alerts/exclusions), once per match.
    if ((screened?.added ?? 0) > 0 || (sam?.checked ?? 0) > 0)
      await ctx.jobs.send('exclusionAlerts', {}).catch((err: unknown) => {
        ctx.log.error({ err, reportId }, 'could not queue the exclusion alerts');
      });
  }
  if (!result || result.unavailable.length === 0) return;
  const attempts = Math.min(...result.unavailable.map((s) => s.attempts));
  if (attempts >= UNAVAILABLE_RETRY_ATTEMPTS) {
    ctx.log.warn({ reportId, states: result.unavailable }, 'boards still unavailable; the daily refresh will retry');
    return;
  }
  await ctx.jobs.send(
    'updateReport',
    { reportId },
    { singletonKey: reportId, startAfter: UNAVAILABLE_RETRY_SECONDS * 2 ** (attempts - 1) },
  );
}
