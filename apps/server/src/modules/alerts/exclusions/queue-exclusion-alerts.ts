import { exclusionTypeLabel } from '@licensewatch/shared/exclusions';
import { EXCLUSION_MESSAGES } from '@licensewatch/shared/exclusions-messages';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { sendSms } from '../../../platform/sms/send-sms.ts';
import { markMatchesTold } from '../../exclusions/mark-matches-told.ts';
import { markSilentMatchesTold } from '../../exclusions/mark-silent-matches-told.ts';
import { enqueueExclusionEvents } from '../../webhooks/enqueue-exclusion-events.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import { ExclusionAlertEmail } from '../emails/exclusion-alert-email.tsx';
import { fitSmsText, longDate, toGsm7 } from '../sms/fit-sms-text.ts';
import { unsubscribeLinks } from '../unsubscribe-link.ts';

type Due = {
  match_id: string;
  kind: 'excluded' | 'possible' | 'reinstated';
  report_id: string;
  first_name: string;
  last_name: string;
  source: string;
  excl_type: string;
  excl_date: string | null;
  rein_date: string | null;
};
type Recipient = { match_id: string; user_id: string; email: string; phone_number: string | null; sms_on: boolean };

export type ExclusionAlertCounts = { matches: number; emails: number; sms: number; webhooks: number };

// A batch at a time: a first screening of a large roster must not hold thousands of alerts in memory.
const BATCH = 500;

/**
 * The exclusion alerts (docs/exclusions.md, Alerts), for every match not yet told: a new match on
 * an exclusion in force — confirmed by NPI, or possible for review — and the end of a confirmed
 * exclusion. Each goes, once, by email (and SMS when on) to the report's owner, or an
 * organisation's owner and admins, with status-change alerts on and a plan with alerts; and as an
 * exclusion.added / exclusion.reinstated webhook where the workspace subscribed. Dedupe keys and
 * the match's alerted_at make a retry or a second run send nothing more. Matches a person decided
 * before any alert (they know), or found on an exclusion that had already ended, are marked told
 * without a message.
 */
export async function queueExclusionAlerts(
  ctx: Pick<Platform, 'db' | 'mailer' | 'sms' | 'jobs' | 'baseURL'> & { alertLinkSecrets: AlertLinkSecrets },
): Promise<ExclusionAlertCounts> {
  const { db, baseURL } = ctx;
  const counts: ExclusionAlertCounts = { matches: 0, emails: 0, sms: 0, webhooks: 0 };
  await markSilentMatchesTold(db);
  for (;;) {
    const { rows: due } = await db.execute<Due>(sql`
      SELECT m.id AS match_id,
        CASE WHEN m.alerted_at IS NULL THEN (CASE m.status WHEN 'confirmed' THEN 'excluded' ELSE 'possible' END)
             ELSE 'reinstated' END AS kind,
        r.id AS report_id, r.first_name, r.last_name, upper(e.source) AS source, e.excl_type,
        e.excl_date::text AS excl_date, e.rein_date::text AS rein_date
      FROM exclusion_match m
      JOIN exclusion e ON e.id = m.exclusion_id
      JOIN report r ON r.id = m.report_id
      WHERE m.alerted_at IS NULL
         OR (m.reinstatement_alerted_at IS NULL AND m.status = 'confirmed' AND e.rein_date IS NOT NULL)
      ORDER BY m.found_at, m.id
      LIMIT ${BATCH}`);
    if (due.length === 0) return counts;
    const ids = due.map((d) => d.match_id);
    const { rows: recipients } = await db.execute<Recipient>(sql`
      SELECT DISTINCT m.id AS match_id, u.id AS user_id, u.email, u.phone_number,
        (u.sms_renewal_notice AND u.phone_number IS NOT NULL AND u.phone_verified_at IS NOT NULL) AS sms_on
      FROM exclusion_match m
      JOIN report r ON r.id = m.report_id
      JOIN user_plan p ON p.workspace_id = r.workspace_id
        AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[]) AND p.end_date > now()
      JOIN "user" u ON u.is_active AND u.status_alert_email
        AND (u.id = r.workspace_id OR EXISTS (
          SELECT 1 FROM organisation_member om
          WHERE om.organisation_id = r.workspace_id AND om.user_id = u.id AND om.role IN ('owner', 'admin')))
      WHERE m.id = ANY(${sql.param(ids)}::text[])`);

    for (const alert of due) {
      const physician = `Dr. ${alert.first_name} ${alert.last_name}`;
      const type = exclusionTypeLabel(alert.excl_type);
      const line =
        alert.kind === 'reinstated'
          ? EXCLUSION_MESSAGES.reinstated(longDate(alert.rein_date ?? ''))
          : alert.kind === 'possible'
            ? EXCLUSION_MESSAGES.possibleMatch
            : EXCLUSION_MESSAGES.excludedSince(longDate(alert.excl_date ?? ''), type);
      const subject =
        alert.kind === 'reinstated'
          ? `${physician}'s exclusion has ended (${alert.source})`
          : alert.kind === 'possible'
            ? `${physician}: possible exclusion match on the ${alert.source} list`
            : `${physician} is on the ${alert.source} exclusion list`;
      const reportUrl = `${baseURL}/reports/${alert.report_id}`;
      const dedupe = `exclusion-${alert.kind === 'reinstated' ? 'reinstated' : 'added'}:${alert.match_id}`;
      for (const to of recipients.filter((r) => r.match_id === alert.match_id)) {
        const links = unsubscribeLinks(ctx, to.user_id, 'alerts');
        const emailId = await sendEmail(ctx, {
          to: to.email,
          subject,
          body: createElement(ExclusionAlertEmail, {
            kind: alert.kind,
            physician,
            line,
            source: alert.source,
            reportUrl,
            profileUrl: `${baseURL}/profile`,
            unsubscribeUrl: links.pageUrl,
          }),
          kind: 'alert',
          userId: to.user_id,
          headers: links.headers,
          dedupeKey: `${dedupe}:${to.user_id}`,
        });
        if (emailId) counts.emails++;
        if (to.sms_on && to.phone_number) {
          const what = toGsm7(
            alert.kind === 'reinstated'
              ? `exclusion ended (${alert.source})`
              : alert.kind === 'possible'
                ? `possible ${alert.source} exclusion match, please review`
                : `is on the ${alert.source} exclusion list`,
          );
          const body = fitSmsText(
            (name, link) =>
              `LicenseWatch: Dr. ${name}: ${what}.${link ? `\nDetails: ${link}` : ''}\nReply STOP to opt out.`,
            { name: `${alert.first_name} ${alert.last_name}`, links: [`${baseURL}/dashboard`] },
          );
          const smsId = await sendSms(ctx, {
            to: to.phone_number,
            body,
            subject: `Exclusion alert: ${physician}`,
            kind: 'alert',
            userId: to.user_id,
            dedupeKey: `${dedupe}-sms:${to.user_id}`,
          });
          if (smsId) counts.sms++;
        }
      }
    }
    const added = due.filter((d) => d.kind !== 'reinstated').map((d) => d.match_id);
    const reinstated = due.filter((d) => d.kind === 'reinstated').map((d) => d.match_id);
    await db.transaction(async (tx) => {
      counts.webhooks += await enqueueExclusionEvents(tx, 'exclusion.added', added);
      counts.webhooks += await enqueueExclusionEvents(tx, 'exclusion.reinstated', reinstated);
      await markMatchesTold(tx, { added, reinstated });
    });
    counts.matches += due.length;
    if (counts.webhooks > 0) await ctx.jobs.send('dispatchWebhooks', {});
  }
}
