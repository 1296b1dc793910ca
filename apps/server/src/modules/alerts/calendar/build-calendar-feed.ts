import { BRAND } from '@licensewatch/shared/brand';
import { windowText } from '@licensewatch/shared/expiry-windows';
import {
  addDays,
  type LicenseStatus,
  type LicenseType,
  licenseStanding,
  reportStatusText,
} from '@licensewatch/shared/licenses';
import type { StateCode } from '@licensewatch/shared/states';
import { and, eq, sql } from 'drizzle-orm';
import ical, { ICalAlarmType } from 'ical-generator';
import type { Platform } from '../../../platform/deps.ts';
import { user, workspace } from '../../accounts/tables.ts';
import { describeBoard } from '../../licensing/describe-board.ts';
import { utcToday } from '../../reports/recount-reports.ts';

type FeedLicense = {
  id: string;
  license_number: string;
  jurisdiction: StateCode;
  license_type: LicenseType;
  status: LicenseStatus;
  expiry_date: string;
  first_name: string;
  last_name: string;
  board_id: string;
};

/** Calendar apps poll a subscription at their own pace; this asks for twice a day. */
const REFRESH_SECONDS = 12 * 3600;

/**
 * The ICS feed (RFC 5545) behind a calendar token, or null when no active user has it (404): one
 * all-day event on the expiry date of every license the user tracks (in any report, not hidden,
 * with a number and an expiry date), a display alarm at the start of their own workspace's expiry
 * window (six weeks by default, expiry-windows.ts: the Monday email's window),
 * and a UID per registry license, so a calendar updates an event whose date moved instead of adding
 * a second one, and a license in two reports is one event.
 */
export async function buildCalendarFeed(
  { db, baseURL }: Pick<Platform, 'db' | 'baseURL'>,
  token: string,
): Promise<string | null> {
  const [owner] = await db
    .select({ id: user.id, expiringWithinDays: workspace.expiringWithinDays })
    .from(user)
    .innerJoin(workspace, eq(workspace.id, user.id))
    .where(and(eq(user.calendarToken, token), eq(user.isActive, true)));
  if (!owner) return null;
  const { rows } = await db.execute<FeedLicense>(sql`
    SELECT DISTINCT ON (l.id) l.id, l.license_number, l.jurisdiction, coalesce(l.license_type, r.license_type) AS license_type, l.status,
      l.expiry_date::text AS expiry_date, l.first_name, l.last_name, l.board_id
    FROM report r
    JOIN report_license rl ON rl.report_id = r.id AND rl.hidden_at IS NULL
    JOIN license l ON l.id = rl.license_id
    WHERE r.workspace_id = ${owner.id} AND l.license_number IS NOT NULL AND l.expiry_date IS NOT NULL
    ORDER BY l.id`);

  const host = new URL(baseURL).hostname;
  const today = utcToday();
  const calendar = ical({
    name: `${BRAND.name} license expiries`,
    description: `Expiry dates of the licenses you track in ${BRAND.name}`,
    prodId: { company: BRAND.name, product: 'License expiries', language: 'EN' },
    ttl: REFRESH_SECONDS,
  });
  for (const l of rows) {
    const board = describeBoard(l.board_id);
    const status = reportStatusText(
      licenseStanding({ status: l.status, expiryDate: l.expiry_date }, today, owner.expiringWithinDays),
      l.status,
    );
    const start = new Date(`${l.expiry_date}T00:00:00Z`);
    calendar.createEvent({
      id: `license-${l.id}@${host}`,
      allDay: true,
      start,
      end: new Date(`${addDays(l.expiry_date, 1)}T00:00:00Z`),
      summary: `${l.license_type} license ${l.jurisdiction} #${l.license_number} expires — Dr. ${l.first_name} ${l.last_name}`,
      description: [
        `Status: ${status}`,
        `Board: ${board.name}`,
        board.website ? `Renew at: ${board.website}` : null,
        `Your reports: ${baseURL}/dashboard`,
      ]
        .filter(Boolean)
        .join('\n'),
      url: board.website ?? undefined,
      alarms: [
        {
          type: ICalAlarmType.display,
          trigger: owner.expiringWithinDays * 86_400,
          description: `${l.license_type} license ${l.jurisdiction} #${l.license_number} expires in ${windowText(owner.expiringWithinDays)}`,
        },
      ],
    });
  }
  return calendar.toString();
}
