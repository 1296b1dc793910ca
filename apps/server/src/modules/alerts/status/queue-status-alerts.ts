import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { sendSms } from '../../../platform/sms/send-sms.ts';
import type { LicenseEventKind } from '../../licensing/tables.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import { StatusChangeEmail } from '../emails/status-change-email.tsx';
import { fitSmsText, longDate, toGsm7 } from '../sms/fit-sms-text.ts';
import { unsubscribeLinks } from '../unsubscribe-link.ts';
import { describeLicenseChange } from './describe-license-change.ts';

/** Events older than this are history, not news: a report refreshed after a long pause does not alert. */
const ALERT_WINDOW_DAYS = 7;

type AlertRow = {
  event_id: string;
  kind: LicenseEventKind;
  before: string | null;
  after: string | null;
  occurred_at: string;
  user_id: string;
  email: string;
  phone_number: string | null;
  sms_on: boolean;
  email_sent: boolean;
  sms_sent: boolean;
  jurisdiction: string;
  license_type: string;
  license_number: string | null;
  first_name: string;
  last_name: string;
};

export type StatusAlertCounts = { emails: number; sms: number };

/**
 * The status-change alerts of one report (docs/product-rules.md, Alerts), run at the end of each
 * refresh. The events that matter: a status leaving active, a disciplinary action appearing or
 * changing, an expiry moving earlier, the board no longer listing the license. For each such event of
 * a tracked (not hidden) license, recorded after the license joined the report and within
 * ALERT_WINDOW_DAYS, whoever the report's workspace alerts — its owner for a personal report, an
 * organisation's owner and admins for its reports (as the exclusion and verification-due alerts do)
 * — active, status-change alerts on, while the WORKSPACE's plan includes alerts and has not expired,
 * gets one email; SMS stays personal: with SMS on a verified phone, the owner of a personal report
 * gets one text. Dedupe keys per event and user make it once per event and person, however many
 * reports (personal or an organisation's) track the license or runs see it.
 */
export async function queueStatusAlerts(
  ctx: Pick<Platform, 'db' | 'mailer' | 'sms' | 'jobs' | 'baseURL'> & { alertLinkSecrets: AlertLinkSecrets },
  reportId: string,
): Promise<StatusAlertCounts> {
  const { db, baseURL } = ctx;
  const { rows } = await db.execute<AlertRow>(sql`
    SELECT DISTINCT ON (e.id, u.id)
      e.id AS event_id, e.kind, e.before, e.after, e.occurred_at::text AS occurred_at,
      u.id AS user_id, u.email, u.phone_number,
      -- SMS stays personal: a text for one's own reports only, never for an organisation's.
      (u.id = r.workspace_id AND u.sms_renewal_notice AND u.phone_number IS NOT NULL
        AND u.phone_verified_at IS NOT NULL) AS sms_on,
      EXISTS (SELECT 1 FROM outbound_message m WHERE m.dedupe_key = 'status:' || e.id || ':' || u.id) AS email_sent,
      EXISTS (SELECT 1 FROM outbound_message m WHERE m.dedupe_key = 'status-sms:' || e.id || ':' || u.id) AS sms_sent,
      l.jurisdiction, coalesce(l.license_type, r.license_type) AS license_type, l.license_number, l.first_name, l.last_name
    FROM report r
    -- The workspace's plan: one's own for a personal report, the organisation's for its reports.
    JOIN user_plan p ON p.workspace_id = r.workspace_id
      AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[])
      AND p.end_date > now()
    -- Who the workspace alerts, each read by key: a personal workspace's id is its owner's; an
    -- organisation's (no user has its id) are its owner and admins.
    CROSS JOIN LATERAL (
      SELECT r.workspace_id AS user_id
      UNION
      SELECT om.user_id FROM organisation_member om
      WHERE om.organisation_id = r.workspace_id AND om.role IN ('owner', 'admin')
    ) who
    JOIN "user" u ON u.id = who.user_id AND u.is_active AND u.status_alert_email
    JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    JOIN license l ON l.id = rl.license_id
    JOIN license_event e ON e.license_id = l.id
      AND e.occurred_at > rl.created_at
      AND e.occurred_at > now() - make_interval(days => ${ALERT_WINDOW_DAYS})
    WHERE r.id = ${reportId}
      AND (
        (e.kind = 'status' AND e.before = 'active' AND e.after IS DISTINCT FROM 'active')
        OR (e.kind = 'discipline' AND e.after IS NOT NULL)
        -- ISO dates compare as text.
        OR (e.kind = 'expiry' AND e.after < e.before)
        OR (e.kind = 'removed' AND e.after IS NULL)
      )
    ORDER BY e.id, u.id`);
  const counts: StatusAlertCounts = { emails: 0, sms: 0 };
  const reportUrl = `${baseURL}/reports/${reportId}`;
  for (const row of rows) {
    const change = describeLicenseChange(row);
    const number = row.license_number ? ` ${row.license_number}` : '';
    const license = `${row.jurisdiction} ${row.license_type} license${number}`;
    const holder = `Dr. ${row.first_name} ${row.last_name}`;
    if (!row.email_sent) {
      const links = unsubscribeLinks(ctx, row.user_id, 'alerts');
      const id = await sendEmail(ctx, {
        to: row.email,
        subject: `${holder}'s ${license} ${change.short}`,
        body: createElement(StatusChangeEmail, {
          license: `${holder}'s ${license}`,
          change: change.full,
          seenOn: longDate(row.occurred_at.slice(0, 10)),
          reportUrl,
          profileUrl: `${baseURL}/profile`,
          unsubscribeUrl: links.pageUrl,
        }),
        kind: 'alert',
        userId: row.user_id,
        headers: links.headers,
        dedupeKey: `status:${row.event_id}:${row.user_id}`,
      });
      if (id) counts.emails++;
    }
    if (row.sms_on && row.phone_number && !row.sms_sent) {
      const what = toGsm7(`${license} ${change.short}`);
      const body = fitSmsText(
        (name, link) =>
          `LicenseWatch: Dr. ${name}'s ${what}.${link ? `\nDetails: ${link}` : ''}\nReply STOP to opt out.`,
        // A report's URL (a UUID) leaves no room in 160 characters; the dashboard lists the reports.
        { name: `${row.first_name} ${row.last_name}`, links: [`${baseURL}/dashboard`] },
      );
      const id = await sendSms(ctx, {
        to: row.phone_number,
        body,
        subject: `Status-change alert: ${license}`,
        kind: 'alert',
        userId: row.user_id,
        dedupeKey: `status-sms:${row.event_id}:${row.user_id}`,
      });
      if (id) counts.sms++;
    }
  }
  return counts;
}
