import { addDays } from '@licensewatch/shared/licenses';
import type { PlanName } from '@licensewatch/shared/plans';
import { eq } from 'drizzle-orm';
import { createUser } from '../../src/modules/accounts/create-user.ts';
import { user } from '../../src/modules/accounts/tables.ts';
import { license } from '../../src/modules/licensing/tables.ts';
import { assignPlan } from '../../src/modules/plans/assign-plan.ts';
import { report, reportLicense } from '../../src/modules/reports/tables.ts';
import { uniqueEmail } from './accounts.ts';
import type { TestServer } from './test-server.ts';

let phones = 0;
/** A fresh US number in the 555-01xx range kept for fiction, one per call (up to 100 a file). */
export function uniquePhone(): string {
  phones += 1;
  return `+120655501${String(phones % 100).padStart(2, '0')}`;
}

/** The calendar day in `zone` (default: WEEKLY_REMINDER_TZ's default) `days` from `now`. */
export function dayIn(days: number, zone = 'America/Los_Angeles', now = new Date()): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return addDays(today, days);
}

/**
 * An active, verified account on `planName` for `days` more days (negative: expired), with a
 * phone (verified unless told) and the SMS toggle as given — as the profile would leave it.
 */
export async function alertUser(
  server: TestServer,
  {
    planName = 'premium',
    days = 30,
    phone = uniquePhone(),
    phoneVerified = true,
    sms = true,
    statusAlerts = true,
  }: {
    planName?: PlanName;
    days?: number;
    phone?: string | null;
    phoneVerified?: boolean;
    sms?: boolean;
    statusAlerts?: boolean;
  } = {},
): Promise<{ userId: string; email: string; phone: string | null }> {
  const email = uniqueEmail('alerts');
  const { id } = await createUser(server.ctx.auth, server.ctx.db, { email, password: 'correct-horse', verified: true });
  await assignPlan(server.ctx.db, {
    userId: id,
    planName,
    trial: false,
    endDate: planName === 'free' ? undefined : new Date(Date.now() + days * 86_400_000),
    reason: 'plan-change',
  });
  await server.ctx.db
    .update(user)
    .set({
      phoneNumber: phone,
      phoneVerifiedAt: phone && phoneVerified ? new Date() : null,
      smsRenewalNotice: sms,
      statusAlertEmail: statusAlerts,
    })
    .where(eq(user.id, id));
  return { userId: id, email, phone };
}

let licenses = 0;

/**
 * A registry license tracked in a new report of `userId`, straight into the tables (the way a
 * report's update leaves them); `trackedAt` back-dates the attachment.
 */
export async function trackLicense(
  server: TestServer,
  userId: string,
  {
    expiryDate,
    status = 'active',
    firstName = 'Jane',
    lastName = 'Doe',
    licenseNumber,
    boardId = 'zz-test',
    trackedAt,
  }: {
    expiryDate: string | null;
    status?: 'active' | 'suspended' | 'expired';
    firstName?: string;
    lastName?: string;
    licenseNumber?: string;
    boardId?: string;
    trackedAt?: Date;
  },
): Promise<{ licenseId: string; reportId: string; licenseNumber: string }> {
  licenses += 1;
  const number = licenseNumber ?? `MD6${String(Date.now() % 1_000_000).padStart(6, '0')}${licenses}`;
  const [row] = await server.ctx.db
    .insert(license)
    .values({
      jurisdiction: 'WA',
      boardId,
      licenseType: 'MD',
      licenseNumber: number,
      recordKey: number,
      firstName,
      lastName,
      firstNorm: firstName.toLowerCase(),
      lastNorm: lastName.toLowerCase(),
      rawStatus: status.toUpperCase(),
      status,
      expiryDate,
      sourceKind: 'socrata',
    })
    .returning({ id: license.id });
  const [rep] = await server.ctx.db
    .insert(report)
    .values({
      workspaceId: userId,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      licenseType: 'MD',
      states: ['WA'],
    })
    .returning({ id: report.id });
  if (!row || !rep) throw new Error('fixture not stored');
  await server.ctx.db.insert(reportLicense).values({
    reportId: rep.id,
    licenseId: row.id,
    confidence: 1,
    matchReason: 'test fixture',
    ...(trackedAt ? { createdAt: trackedAt } : {}),
  });
  return { licenseId: row.id, reportId: rep.id, licenseNumber: number };
}

/** `licenseId` (already in the registry) tracked in a new report of `userId`, attached at `trackedAt`. */
export async function trackExisting(
  server: TestServer,
  userId: string,
  licenseId: string,
  trackedAt = new Date(),
): Promise<string> {
  const [rep] = await server.ctx.db
    .insert(report)
    .values({
      workspaceId: userId,
      name: 'Tracked',
      firstName: 'Any',
      lastName: 'One',
      licenseType: 'MD',
      states: ['WA'],
    })
    .returning({ id: report.id });
  if (!rep) throw new Error('fixture not stored');
  await server.ctx.db
    .insert(reportLicense)
    .values({ reportId: rep.id, licenseId, confidence: 1, matchReason: 'test fixture', createdAt: trackedAt });
  return rep.id;
}
