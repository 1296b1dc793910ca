import { rosterQuerySchema } from '@licensewatch/shared/roster';
import { ROSTER_MESSAGES } from '@licensewatch/shared/roster-messages';
import { type StateCode, stateName } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { listRosterLicenses } from '../../reports/list-roster-licenses.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import { RosterSummaryEmail, type SummaryStatusChange } from '../emails/roster-summary-email.tsx';
import { unsubscribeLinks } from '../unsubscribe-link.ts';
import { presentAttention, readPhysiciansNeedingAttention } from '../weekly/read-physicians-needing-attention.ts';

type Ctx = Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL' | 'log'> & { alertLinkSecrets: AlertLinkSecrets };

/** Rows of each list in the email; the link shows the rest. */
export const SUMMARY_TOP = 10;

export type SendRosterSummariesResult = { organisations: number; sent: number };

type Recipient = { organisation_id: string; organisation_name: string; user_id: string; email: string };

/** The Monday (UTC) of `now`'s week, YYYY-MM-DD: the week a summary is for. */
export function summaryWeek(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

export const summaryDedupeKey = (organisationId: string, userId: string, week: string) =>
  `roster-weekly:${organisationId}:${userId}:${week}`;

/**
 * The weekly roster summary of every organisation (docs/product-rules.md, The roster), to its
 * owner and admins — the physicians needing attention first — — viewers read the roster but are not mailed. Like the Monday reminder it is an
 * alert email: the organisation's plan must include alerts and not have ended, and each recipient
 * must be active, verified and have the weekly email report on (their opt-out, also the
 * unsubscribe link's). Each email carries the dedupe key organisation-member-week, and recipients
 * already sent this week's are left out before anything is rendered: a retry, a second run or a
 * second worker sends nothing twice.
 */
export async function sendRosterSummaries(
  ctx: Ctx,
  { now = new Date() }: { now?: Date } = {},
): Promise<SendRosterSummariesResult> {
  const { db, baseURL } = ctx;
  const week = summaryWeek(now);
  const { rows: recipients } = await db.execute<Recipient>(sql`
    SELECT o.id AS organisation_id, o.name AS organisation_name, u.id AS user_id, u.email
    FROM organisation o
    JOIN user_plan p ON p.workspace_id = o.id
    JOIN organisation_member m ON m.organisation_id = o.id AND m.role IN ('owner', 'admin')
    JOIN "user" u ON u.id = m.user_id
    WHERE p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[]) AND p.end_date > ${now.toISOString()}::timestamptz
      AND u.is_active AND u.email_verified AND u.weekly_email_report
      AND NOT EXISTS (
        SELECT 1 FROM outbound_message om
        WHERE om.dedupe_key = 'roster-weekly:' || o.id || ':' || u.id || ':' || ${week})
    ORDER BY o.id, u.id`);
  const byOrganisation = new Map<string, Recipient[]>();
  for (const r of recipients)
    byOrganisation.set(r.organisation_id, [...(byOrganisation.get(r.organisation_id) ?? []), r]);

  // What needs attention in every organisation of the run, in one read.
  const attention = await readPhysiciansNeedingAttention(db, [...byOrganisation.keys()], now);
  let sent = 0;
  for (const [organisationId, people] of byOrganisation) {
    const waiting = attention.get(organisationId) ?? [];
    const organisationName = people[0]?.organisation_name ?? '';
    const roster = await listRosterLicenses(
      db,
      organisationId,
      // "Expiring" as the organisation's window has it (expiry-windows.ts), soonest first: the
      // roster's own Expiring count and filter, so the email and the page it links to agree.
      rosterQuerySchema.parse({ status: 'expiring', page_size: SUMMARY_TOP }),
    );
    const changes = await readStatusChanges(ctx, organisationId, now);
    const rosterUrl = `${baseURL}/org/licenses`;
    for (const person of people) {
      const links = unsubscribeLinks(ctx, person.user_id, 'weekly');
      const id = await sendEmail(ctx, {
        to: person.email,
        subject: ROSTER_MESSAGES.weeklySubject(organisationName),
        body: createElement(RosterSummaryEmail, {
          organisationName,
          attention: presentAttention(baseURL, waiting.slice(0, SUMMARY_TOP)),
          attentionTotal: waiting.length,
          attentionUrl: `${rosterUrl}?physician_status=needs_attention`,
          counts: roster.counts.workspace,
          expiringWithinDays: roster.expiring_within_days,
          expiring: roster.rows.flatMap((row) =>
            row.expiry_date === null || row.days_to_expiry === null
              ? []
              : [
                  {
                    physician: row.physician,
                    stateName: stateName(row.state),
                    licenseNumber: row.license_number,
                    expiryDate: row.expiry_date,
                    daysLeft: row.days_to_expiry,
                    reportUrl: `${baseURL}/reports/${encodeURIComponent(row.report_id)}`,
                  },
                ],
          ),
          expiringTotal: roster.total,
          statusChanges: changes.rows,
          statusChangesTotal: changes.total,
          rosterUrl,
          expiringUrl: `${rosterUrl}?status=expiring`,
          profileUrl: `${baseURL}/profile`,
          unsubscribeUrl: links.pageUrl,
        }),
        kind: 'alert',
        userId: person.user_id,
        headers: links.headers,
        dedupeKey: summaryDedupeKey(organisationId, person.user_id, week),
      });
      if (id !== null) sent++;
    }
  }
  return { organisations: byOrganisation.size, sent };
}

/** The status changes boards made in the last 7 days to licenses the organisation tracks, newest first. */
async function readStatusChanges(
  { db, baseURL }: Ctx,
  organisationId: string,
  now: Date,
): Promise<{ rows: SummaryStatusChange[]; total: number }> {
  const { rows } = await db.execute<{
    report_id: string;
    physician: string;
    jurisdiction: StateCode;
    license_number: string;
    before: string | null;
    after: string | null;
    day: string;
    total: number;
  }>(sql`
    SELECT r.id AS report_id, concat_ws(' ', r.first_name, r.middle_name, r.last_name) AS physician,
      l.jurisdiction, l.license_number, e.before, e.after, (e.occurred_at AT TIME ZONE 'UTC')::date::text AS day,
      (count(*) OVER ())::int AS total
    FROM license_event e
    JOIN report_license rl ON rl.license_id = e.license_id AND rl.hidden_at IS NULL
    JOIN report r ON r.id = rl.report_id AND r.workspace_id = ${organisationId}
    JOIN license l ON l.id = e.license_id AND l.license_number IS NOT NULL
    WHERE e.kind = 'status'
      AND e.occurred_at > ${now.toISOString()}::timestamptz - interval '7 days'
      AND e.occurred_at <= ${now.toISOString()}::timestamptz
    ORDER BY e.occurred_at DESC, l.jurisdiction, l.license_number
    LIMIT ${SUMMARY_TOP}`);
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      physician: r.physician,
      stateName: stateName(r.jurisdiction),
      licenseNumber: r.license_number,
      before: r.before,
      after: r.after,
      day: r.day,
      reportUrl: `${baseURL}/reports/${encodeURIComponent(r.report_id)}`,
    })),
  };
}
