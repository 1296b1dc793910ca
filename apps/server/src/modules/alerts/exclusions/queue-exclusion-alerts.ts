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
  /** The owner already has this news from another list: told by the webhook alone. */
  covered: boolean;
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
 * the match's alerted_at make a retry or a second run send nothing more. A physician on both lists
 * is one message naming both; a list's news the owner already has from the other (an exclusion
 * told, or an end while the other list still excludes) goes by webhook only. Matches a person decided
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
        e.excl_date::text AS excl_date, e.rein_date::text AS rein_date,
        CASE WHEN m.alerted_at IS NULL THEN
          -- An exclusion already told from another list, in force: as strong news (a confirmed
          -- one covers both kinds; a possible one covers another possible one).
          EXISTS (SELECT 1 FROM exclusion_match o JOIN exclusion oe ON oe.id = o.exclusion_id
            WHERE o.report_id = m.report_id AND o.id <> m.id AND o.alerted_at IS NOT NULL
              AND o.status <> 'dismissed' AND oe.listed AND oe.rein_date IS NULL
              AND (o.status = 'confirmed' OR m.status = 'possible'))
        ELSE
          -- An end while another list still excludes the physician is no end for the owner.
          EXISTS (SELECT 1 FROM exclusion_match o JOIN exclusion oe ON oe.id = o.exclusion_id
            WHERE o.report_id = m.report_id AND o.id <> m.id AND o.status = 'confirmed'
              AND oe.listed AND oe.rein_date IS NULL)
        END AS covered
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

    // One message per physician per kind of news (docs/exclusions.md, Alerts): the lists' matches of
    // one report in this batch go together, and news the owner already has is not told again.
    const groups = new Map<string, Due[]>();
    for (const d of due) {
      if (d.covered) continue;
      const key = `${d.report_id}:${d.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), d]);
    }
    for (const group of groups.values()) {
      // The oldest match names the message: a retry of the batch finds it first again.
      const [alert] = group as [Due, ...Due[]];
      const sources = [...new Set(group.map((g) => g.source))].sort();
      const source = sources.join(' and ');
      const lists = sources.length > 1 ? 'lists' : 'list';
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
          ? `${physician}'s exclusion has ended (${source})`
          : alert.kind === 'possible'
            ? `${physician}: possible exclusion match on the ${source} ${lists}`
            : `${physician} is on the ${source} exclusion ${lists}`;
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
            sources,
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
              ? `exclusion ended (${source})`
              : alert.kind === 'possible'
                ? `possible ${source} exclusion match, please review`
                : `is on the ${source} exclusion ${lists}`,
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
