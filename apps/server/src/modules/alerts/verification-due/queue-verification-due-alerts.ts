import { MANUAL_VERIFICATION_VALID_DAYS } from '@licensewatch/shared/license-sources';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { describeLicenseSource } from '../../licensing/describe-board.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { markVerificationsDueTold } from '../../reports/mark-verifications-due-told.ts';
import { utcToday } from '../../reports/recount-reports.ts';
import { enqueueVerificationDue } from '../../webhooks/enqueue-verification-due.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import { VerificationDueEmail } from '../emails/verification-due-email.tsx';
import { longDate } from '../sms/fit-sms-text.ts';
import { unsubscribeLinks } from '../unsubscribe-link.ts';

type Due = {
  verification_id: string;
  checked_on: string;
  verified_by_name: string;
  board_id: string;
  source_kind: string;
  jurisdiction: string;
  license_type: string;
  license_number: string | null;
  first_name: string;
  last_name: string;
  report_id: string;
};
type Recipient = { verification_id: string; user_id: string; email: string };

export type VerificationDueCounts = { verifications: number; emails: number; webhooks: number };

// A batch at a time: a workspace verifying a large roster by hand must not hold every alert in memory.
const BATCH = 500;

/**
 * The "verification due" alerts (docs/product-rules.md, Verification by hand), daily: for each license
 * whose newest verification by hand was checked MANUAL_VERIFICATION_VALID_DAYS or more days ago, not yet
 * told, and which a report of its workspace tracks (attached, not hidden): one email per verification to
 * the report's owner, or an organisation's owner and admins — active, license alerts ("Email me when a
 * board changes a license") on, on a plan with alerts that has not expired — with the board's look-up
 * link, and one license.verification_due webhook where the workspace subscribed. The webhook rows and
 * `due_alerted_at` are written in one transaction; the emails' dedupe keys and that mark make a retry or
 * a second run send nothing more. A newer verification has its own mark, so it is told afresh when due.
 */
export async function queueVerificationDueAlerts(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL'> & {
    alertLinkSecrets: AlertLinkSecrets;
    licensing?: LicenseSources | undefined;
  },
  { now = new Date() }: { now?: Date } = {},
): Promise<VerificationDueCounts> {
  const { db, baseURL } = ctx;
  const counts: VerificationDueCounts = { verifications: 0, emails: 0, webhooks: 0 };
  // The configured look-up (the simulator's page in simulator mode), else the board's own.
  const lookups = new Map((ctx.licensing?.boards ?? []).map((b) => [b.id, b.lookupUrl]));
  const today = utcToday(now);
  for (;;) {
    const { rows: due } = await db.execute<Due>(sql`
      WITH newest AS (
        SELECT DISTINCT ON (v.license_id) v.id, v.license_id, v.workspace_id, v.checked_on, v.verified_by_name,
          v.due_alerted_at
        FROM manual_verification v
        ORDER BY v.license_id, v.checked_on DESC, v.recorded_at DESC
      )
      SELECT n.id AS verification_id, n.checked_on::text AS checked_on, n.verified_by_name, l.board_id,
        l.source_kind, l.jurisdiction, coalesce(l.license_type, t.license_type) AS license_type, l.license_number,
        t.first_name, t.last_name, t.id AS report_id
      FROM newest n
      JOIN license l ON l.id = n.license_id
      -- The report it is tracked on (the oldest, when several): where the new verification is recorded.
      CROSS JOIN LATERAL (
        SELECT r.id, r.first_name, r.last_name, r.license_type
        FROM report_license rl JOIN report r ON r.id = rl.report_id
        WHERE rl.license_id = n.license_id AND rl.hidden_at IS NULL AND r.workspace_id = n.workspace_id
        ORDER BY r.created_at, r.id LIMIT 1
      ) t
      WHERE n.due_alerted_at IS NULL
        AND n.checked_on + ${MANUAL_VERIFICATION_VALID_DAYS}::int <= ${today}::date
      ORDER BY n.checked_on, n.id
      LIMIT ${BATCH}`);
    if (due.length === 0) return counts;
    const ids = due.map((d) => d.verification_id);
    const { rows: recipients } = await db.execute<Recipient>(sql`
      SELECT DISTINCT v.id AS verification_id, u.id AS user_id, u.email
      FROM manual_verification v
      JOIN user_plan p ON p.workspace_id = v.workspace_id
        AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[]) AND p.end_date > now()
      JOIN "user" u ON u.is_active AND u.status_alert_email
        AND (u.id = v.workspace_id OR EXISTS (
          SELECT 1 FROM organisation_member om
          WHERE om.organisation_id = v.workspace_id AND om.user_id = u.id AND om.role IN ('owner', 'admin')))
      WHERE v.id = ANY(${sql.param(ids)}::text[])`);

    for (const alert of due) {
      const number = alert.license_number ? ` ${alert.license_number}` : '';
      const license = `Dr. ${alert.first_name} ${alert.last_name}'s ${alert.jurisdiction} ${alert.license_type} license${number}`;
      const source = describeLicenseSource({ boardId: alert.board_id, sourceKind: alert.source_kind });
      for (const to of recipients.filter((r) => r.verification_id === alert.verification_id)) {
        const links = unsubscribeLinks(ctx, to.user_id, 'alerts');
        const emailId = await sendEmail(ctx, {
          to: to.email,
          subject: `${license}: verification by hand due`,
          body: createElement(VerificationDueEmail, {
            license,
            lastChecked: `${longDate(alert.checked_on)} by ${alert.verified_by_name}`,
            boardName: source.name,
            lookupUrl: lookups.get(alert.board_id) ?? source.lookup_url ?? source.website ?? `${baseURL}/reports`,
            reportUrl: `${baseURL}/reports/${alert.report_id}`,
            profileUrl: `${baseURL}/profile`,
            unsubscribeUrl: links.pageUrl,
          }),
          kind: 'alert',
          userId: to.user_id,
          headers: links.headers,
          dedupeKey: `verification-due:${alert.verification_id}:${to.user_id}`,
        });
        if (emailId) counts.emails++;
      }
    }
    await db.transaction(async (tx) => {
      counts.webhooks += await enqueueVerificationDue(tx, ids);
      await markVerificationsDueTold(tx, ids);
    });
    counts.verifications += due.length;
    if (counts.webhooks > 0) await ctx.jobs.send('dispatchWebhooks', {});
  }
}
