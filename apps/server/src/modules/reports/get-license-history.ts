import { MESSAGES } from '@licensewatch/shared/messages';
import type { StateCode } from '@licensewatch/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { LicenseEventKind, LicenseEventSource } from '../licensing/tables.ts';

export type LicenseHistoryRow = {
  id: string;
  licenseNumber: string | null;
  state: StateCode;
  firstSeenAt: Date;
  events: {
    kind: LicenseEventKind;
    before: string | null;
    after: string | null;
    occurredAt: Date;
    source: LicenseEventSource;
  }[];
};

/**
 * The changes of one license of one of the user's reports, newest first, and when the registry
 * first saw it. `reportLicenseId` is the report's row (the id the licenses call answers). A
 * license of another user's report answers 404 exactly like one that does not exist, so the
 * answer tells nobody which ids are real.
 */
export async function getLicenseHistory(
  db: Db,
  workspaceId: string,
  reportId: string,
  reportLicenseId: string,
): Promise<LicenseHistoryRow> {
  const { rows: found } = await db.execute<{
    license_id: string;
    license_number: string | null;
    jurisdiction: StateCode;
    first_seen_at: string | Date;
  }>(sql`
    SELECT l.id AS license_id, l.license_number, l.jurisdiction, l.first_seen_at
    FROM report_license rl
    JOIN report r ON r.id = rl.report_id
    JOIN license l ON l.id = rl.license_id
    WHERE rl.id = ${reportLicenseId} AND rl.report_id = ${reportId} AND r.workspace_id = ${workspaceId}`);
  const license = found[0];
  if (!license) throw AppError.notFound(MESSAGES.reports.licenseNotFound);
  const { rows: events } = await db.execute<{
    kind: LicenseEventKind;
    before: string | null;
    after: string | null;
    occurred_at: string | Date;
    source: LicenseEventSource;
  }>(sql`
    SELECT kind, before, after, occurred_at, source FROM license_event
    WHERE license_id = ${license.license_id}
    ORDER BY occurred_at DESC, kind`);
  return {
    id: reportLicenseId,
    licenseNumber: license.license_number,
    state: license.jurisdiction,
    firstSeenAt: new Date(license.first_seen_at),
    events: events.map((e) => ({
      kind: e.kind,
      before: e.before,
      after: e.after,
      occurredAt: new Date(e.occurred_at),
      source: e.source,
    })),
  };
}
