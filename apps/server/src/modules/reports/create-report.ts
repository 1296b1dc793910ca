import { randomUUID } from 'node:crypto';
import { DEFAULT_CHECK_INTERVAL } from '@licensewatch/shared/check-intervals';
import { MESSAGES } from '@licensewatch/shared/messages';
import { ENTITLEMENTS, PLAN_LABELS, type PlanName, withinLimit } from '@licensewatch/shared/plans';
import type { CreateReportRequest } from '@licensewatch/shared/reports';
import { STATE_CODES, type StateCode, toStateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/db/is-unique-violation.ts';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { requireActivePlan } from '../plans/require-active-plan.ts';
import { spendReportCredit } from '../plans/spend-report-credit.ts';
import { countTrackedLicenses } from './count-tracked-licenses.ts';
import { getReport } from './get-report.ts';
import type { ReportSummary } from './list-reports.ts';
import { report, reportState } from './tables.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const externalIdTaken = (externalId: string, reportId: string) =>
  new AppError('EXTERNAL_ID_TAKEN', MESSAGES.reports.externalIdTaken(externalId, reportId), 409);

/** What a create may be told besides the form: a roster import's keys and how its update runs. */
export type CreateReportOptions = {
  // A roster import's keys for the physician, stored in the same insert so that a re-import finds
  // the report whatever happens after it commits.
  identity?: { npi?: string | null; externalId?: string | null; department?: string | null };
  // A roster import's reports are matched in every state in one step: nobody watches them state by
  // state; and the import counts its row in the transaction that creates the report.
  allAtOnce?: boolean;
  inTransaction?: (tx: Tx) => Promise<void>;
};

/**
 * Creates a report and queues its background update. Plan checks come first and change nothing;
 * then one transaction spends a credit and inserts the report with one pending row per state,
 * so a refused or failed create leaves no report and no spent credit.
 */
export async function createReport(
  ctx: Pick<Platform, 'db' | 'jobs' | 'log'>,
  workspaceId: string,
  input: CreateReportRequest,
  options: CreateReportOptions = {},
): Promise<ReportSummary> {
  const plan = await requireActivePlan(ctx.db, workspaceId);
  const id = await insertReport(ctx.db, workspaceId, plan.planName, input, options);
  await queueReportUpdate(ctx, id, options.allAtOnce ?? false);
  return getReport(ctx.db, workspaceId, id);
}

/**
 * The create's checks and its transaction, for a workspace whose plan is known to be in force:
 * the report's id once it is committed. Its update is for the caller to queue (queueReportUpdate).
 */
export async function insertReport(
  db: Db,
  workspaceId: string,
  planName: PlanName,
  input: CreateReportRequest,
  { identity = {}, inTransaction }: CreateReportOptions = {},
): Promise<string> {
  const entitlements = ENTITLEMENTS[planName];
  const label = PLAN_LABELS[planName];

  // The schema has refused unknown and repeated states; keep the UI's order.
  const wanted = new Set(input.states.map((s) => toStateCode(s) as StateCode));
  const states = STATE_CODES.filter((code) => wanted.has(code));
  if (!withinLimit(states.length - 1, entitlements.statesPerReport)) {
    throw new AppError(
      'PLAN_LIMIT',
      `Your ${label} plan allows ${plural(entitlements.statesPerReport ?? 0, 'state')} per report. Choose fewer states or upgrade your plan.`,
      403,
    );
  }
  if (entitlements.trackedLicenses !== null) {
    const tracked = await countTrackedLicenses(db, workspaceId);
    if (!withinLimit(tracked, entitlements.trackedLicenses)) {
      throw new AppError(
        'PLAN_LIMIT',
        `Your ${label} plan tracks up to ${plural(entitlements.trackedLicenses, 'license')} and you track ${tracked}. Hide a license or upgrade your plan to create another report.`,
        403,
      );
    }
  }

  // The caller's own id for the physician names at most one report: a second create is refused
  // (409, nothing spent). A roster import finds its reports by it before creating, and answers a
  // lost race itself.
  const asked = input.externalId ?? null;
  const refuseTaken = async () => {
    if (asked === null) return;
    const [taken] = await db
      .select({ id: report.id })
      .from(report)
      .where(and(eq(report.workspaceId, workspaceId), eq(report.externalId, asked)));
    if (taken) throw externalIdTaken(asked, taken.id);
  };
  await refuseTaken();
  const externalId = identity.externalId ?? asked;

  const id = randomUUID();
  const middleName = input.middleName || null;
  const name = input.name || [input.firstName, middleName, input.lastName].filter(Boolean).join(' ');
  await db
    .transaction(async (tx) => {
      const spent = await spendReportCredit(tx, { workspaceId, reportId: id });
      if (!spent) throw new AppError('NO_REPORT_CREDITS', MESSAGES.reports.noReportCredits, 402);
      await tx.insert(report).values({
        id,
        workspaceId,
        name,
        firstName: input.firstName,
        middleName,
        lastName: input.lastName,
        licenseType: input.licenseType,
        states,
        npi: identity.npi ?? input.npi ?? null,
        externalId,
        department: identity.department ?? null,
        checkInterval: input.checkInterval ?? DEFAULT_CHECK_INTERVAL,
        // No license is attached yet: zero counts are right, until the update attaches some.
        countedAt: sql`now()`,
      });
      await tx.insert(reportState).values(states.map((state) => ({ reportId: id, state })));
      await inTransaction?.(tx);
    })
    .catch(async (err: unknown) => {
      // A concurrent create of the same external_id lost at the unique index, its credit unspent.
      if (isUniqueViolation(err)) await refuseTaken();
      throw err;
    });
  return id;
}

/**
 * Queues a committed report's update. Should the send fail, its pending states are picked up when
 * a worker starts (resume-report-updates).
 */
export async function queueReportUpdate(
  ctx: Pick<Platform, 'jobs' | 'log'>,
  reportId: string,
  allAtOnce: boolean,
): Promise<void> {
  await ctx.jobs.send('updateReport', { reportId, allAtOnce }, { singletonKey: reportId }).catch((err: unknown) => {
    ctx.log.error({ err, reportId }, 'could not queue the report update');
  });
}
