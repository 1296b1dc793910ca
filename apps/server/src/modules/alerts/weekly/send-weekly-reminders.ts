import { type StateCode, stateName } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import { renewWhileWorking } from '../../../platform/jobs/renew-while-working.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { describeBoard } from '../../licensing/describe-board.ts';
import type { AlertLinkSecrets } from '../alert-link-secrets.ts';
import { ALERT_PLANS } from '../alert-plans.ts';
import {
  type ReminderPhysician,
  WeeklyReminderEmail,
  weeklyReminderSubject,
} from '../emails/weekly-reminder-email.tsx';
import { unsubscribeLinks } from '../unsubscribe-link.ts';
import {
  type PhysicianNeedingAttention,
  presentAttention,
  readPhysiciansNeedingAttention,
} from './read-physicians-needing-attention.ts';

type Ctx = Pick<Platform, 'db' | 'env' | 'mailer' | 'jobs' | 'baseURL' | 'log'> & {
  alertLinkSecrets: AlertLinkSecrets;
};

export type SendWeeklyOptions = {
  now?: Date;
  /** Rows claimed per round trip; each batch reads its licenses in one query, and what needs attention in one more. */
  batchSize?: number;
  /** Stop after this many batches (the bench drains a sample); unset: until nothing is queued. */
  maxBatches?: number;
  /** Claim no new batch after this moment (ms since the epoch); what is left waits for the next run. */
  deadline?: number;
};

export type SendWeeklyResult = { sent: number; skipped: number };

/**
 * A claimed row whose claim was not renewed for this long (its worker died) is taken again; the
 * drain renews its batch's claim every third of that while it works (a batch takes seconds), and
 * the email's dedupe key makes a second attempt at a row send nothing new.
 */
const CLAIM_SECONDS = 30;

type Claimed = {
  user_id: string;
  week: string;
  email: string;
  weekly_all_clear: boolean;
  /** Their own workspace's expiry window (expiry-windows.ts). */
  expiring_within_days: number;
  /** Still due now: the toggle, the account and the plan may have changed since the row was queued. */
  still_due: boolean;
};

type LicenseRow = {
  user_id: string;
  report_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  license_type: string;
  jurisdiction: StateCode;
  license_number: string;
  board_id: string;
  expiry_date: string;
  days_left: number;
};

/**
 * Drains the queued Monday emails (weekly_reminder rows) in batches. A batch is claimed with one
 * UPDATE over `FOR UPDATE SKIP LOCKED` rows — no transaction is held while emails are written, so
 * two workers (or the embedded database's single session) never wait on each other, and two
 * workers never take the same row. Per batch one query reads what each user tracks: licenses
 * of their reports, not hidden, with a number, expiring within their own workspace's window of the user's
 * local today or already expired; and one more the physicians needing attention (excluded, a
 * license suspended, matches to review, a verification by hand due), which come first and are
 * reason enough for the email when nothing expires. Each email carries the dedupe key `weekly:<user>:<week>`, so even
 * a row claimed twice (a worker died mid-batch) is one email.
 */
export async function sendWeeklyReminders(
  ctx: Ctx,
  { now = new Date(), batchSize = 200, maxBatches, deadline }: SendWeeklyOptions = {},
): Promise<SendWeeklyResult> {
  const result: SendWeeklyResult = { sent: 0, skipped: 0 };
  for (let batch = 0; maxBatches === undefined || batch < maxBatches; batch++) {
    if (deadline !== undefined && Date.now() >= deadline) break;
    const claimed = await claimBatch(ctx, now, batchSize);
    if (claimed.length === 0) break;
    const release = renewWhileWorking(CLAIM_SECONDS / 3, () => renewClaim(ctx, claimed), ctx.log, {
      weeklyReminders: claimed.length,
    });
    try {
      const due = claimed.filter((c) => c.still_due).map((c) => c.user_id);
      const licenses = await readLicenses(ctx, due, now);
      const attention = await readPhysiciansNeedingAttention(ctx.db, due, now);
      for (const row of claimed) {
        const outcome = await sendOne(ctx, row, licenses.get(row.user_id) ?? [], attention.get(row.user_id) ?? []);
        result[outcome]++;
      }
    } finally {
      release();
    }
  }
  return result;
}

async function claimBatch({ db }: Ctx, now: Date, batchSize: number): Promise<Claimed[]> {
  const at = now.toISOString();
  // processed_at marks the claim while the row is still 'queued'; once handled it is when.
  const { rows } = await db.execute<Claimed>(sql`
    WITH batch AS (
      SELECT user_id, week FROM weekly_reminder
      WHERE status = 'queued'
        AND (processed_at IS NULL OR processed_at < now() - make_interval(secs => ${CLAIM_SECONDS}))
      ORDER BY created_at
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    ),
    claimed AS (
      UPDATE weekly_reminder w SET processed_at = now()
      FROM batch b WHERE w.user_id = b.user_id AND w.week = b.week
      RETURNING w.user_id, w.week
    )
    SELECT c.user_id, c.week::text AS week, u.email, u.weekly_all_clear, w.expiring_within_days,
           (u.is_active AND u.email_verified AND u.weekly_email_report
             AND p.plan_name IS NOT NULL AND p.plan_name = ANY(${sql.param(ALERT_PLANS)}::text[])
             AND p.end_date > ${at}::timestamptz) AS still_due
    FROM claimed c
    JOIN "user" u ON u.id = c.user_id
    JOIN workspace w ON w.id = c.user_id
    LEFT JOIN user_plan p ON p.workspace_id = c.user_id`);
  return rows;
}

async function renewClaim({ db }: Ctx, claimed: Claimed[]) {
  await db.execute(sql`
    UPDATE weekly_reminder SET processed_at = now()
    WHERE status = 'queued' AND (user_id, week) IN (
      SELECT * FROM unnest(${sql.param(claimed.map((c) => c.user_id))}::text[], ${sql.param(claimed.map((c) => c.week))}::date[]))`);
}

async function readLicenses({ db, env }: Ctx, due: string[], now: Date): Promise<Map<string, LicenseRow[]>> {
  const byUser = new Map<string, LicenseRow[]>();
  if (due.length === 0) return byUser;
  const ids = sql.join(
    due.map((id) => sql`${id}`),
    sql`, `,
  );
  // Each user's local today, as the queue step reckons their zone, and their own workspace's
  // window: with the default 42 days, day 42 is in and day 43 out.
  const { rows } = await db.execute<LicenseRow>(sql`
    WITH zones AS MATERIALIZED (SELECT name FROM pg_timezone_names),
    people AS (
      SELECT u.id AS user_id,
             (${now.toISOString()}::timestamptz AT TIME ZONE coalesce(z.name, ${env.WEEKLY_REMINDER_TZ}))::date AS today,
             w.expiring_within_days
      FROM "user" u JOIN workspace w ON w.id = u.id LEFT JOIN zones z ON z.name = u.time_zone
      WHERE u.id IN (${ids})
    )
    SELECT pe.user_id, r.id AS report_id, r.first_name, r.middle_name, r.last_name, coalesce(l.license_type, r.license_type) AS license_type,
           l.jurisdiction, l.license_number, l.board_id, l.expiry_date::text AS expiry_date,
           (l.expiry_date - pe.today) AS days_left
    FROM people pe
    JOIN report r ON r.workspace_id = pe.user_id
    JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    JOIN license l ON l.id = rl.license_id
    WHERE l.license_number IS NOT NULL
      AND l.expiry_date IS NOT NULL
      AND l.expiry_date <= pe.today + pe.expiring_within_days
    ORDER BY pe.user_id, r.created_at, r.id, l.expiry_date, l.jurisdiction, l.license_number`);
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push(row);
    byUser.set(row.user_id, list);
  }
  return byUser;
}

/** Physicians (reports) in the order of the user's reports; within each, expired first, soonest first. */
function groupByPhysician(baseURL: string, rows: LicenseRow[]): ReminderPhysician[] {
  const physicians = new Map<string, ReminderPhysician>();
  for (const row of rows) {
    const reportUrl = `${baseURL}/reports/${encodeURIComponent(row.report_id)}`;
    let physician = physicians.get(row.report_id);
    if (!physician) {
      const name = [row.first_name, row.middle_name, row.last_name].filter(Boolean).join(' ');
      physician = { name: `${name}, ${row.license_type}`, reportUrl, licenses: [] };
      physicians.set(row.report_id, physician);
    }
    physician.licenses.push({
      stateName: stateName(row.jurisdiction),
      licenseNumber: row.license_number,
      licenseType: row.license_type,
      expiryDate: row.expiry_date,
      daysLeft: Number(row.days_left),
      renewUrl: describeBoard(row.board_id).website ?? reportUrl,
    });
  }
  // Already sorted by expiry, so expired (negative days) come first.
  return [...physicians.values()];
}

async function sendOne(
  ctx: Ctx,
  row: Claimed,
  licenses: LicenseRow[],
  waiting: PhysicianNeedingAttention[],
): Promise<'sent' | 'skipped'> {
  const { db, baseURL } = ctx;
  // Something needing attention is worth the email even when nothing expires.
  if (!row.still_due || (licenses.length === 0 && waiting.length === 0 && !row.weekly_all_clear)) {
    await finish(ctx, row, 'skipped', null);
    return 'skipped';
  }
  const physicians = groupByPhysician(baseURL, licenses);
  const attention = presentAttention(baseURL, waiting);
  const links = unsubscribeLinks(ctx, row.user_id, 'weekly');
  const dedupeKey = `weekly:${row.user_id}:${row.week}`;
  const messageId =
    (await sendEmail(ctx, {
      to: row.email,
      subject: weeklyReminderSubject(physicians, attention, row.expiring_within_days),
      body: createElement(WeeklyReminderEmail, {
        expiringWithinDays: row.expiring_within_days,
        attention,
        physicians,
        dashboardUrl: `${baseURL}/dashboard`,
        profileUrl: `${baseURL}/profile`,
        unsubscribeUrl: links.pageUrl,
      }),
      kind: 'alert',
      userId: row.user_id,
      headers: links.headers,
      dedupeKey,
    })) ??
    // Already written by an earlier attempt at this row: point at that message.
    (await db.execute<{ id: string }>(sql`SELECT id FROM outbound_message WHERE dedupe_key = ${dedupeKey}`)).rows[0]
      ?.id ??
    null;
  // The email is written and its delivery queued; the row still says queued (ADR 032).
  crashPoint('weekly-reminder:written');
  await finish(ctx, row, 'sent', messageId);
  return 'sent';
}

async function finish({ db }: Ctx, row: Claimed, status: 'sent' | 'skipped', messageId: string | null) {
  await db.execute(sql`
    UPDATE weekly_reminder SET status = ${status}, message_id = ${messageId}, processed_at = now()
    WHERE user_id = ${row.user_id} AND week = ${row.week}::date AND status = 'queued'`);
}
