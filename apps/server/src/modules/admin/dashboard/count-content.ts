import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';

/** Reports, and licenses tracked on them (attached and not hidden: what plan limits count). */
export async function countContent(db: Db): Promise<AdminDashboard['content']> {
  const { rows } = await db.execute<AdminDashboard['content']>(sql`
    select (select count(*) from report)::int as reports,
      (select count(*) from report_license where hidden_at is null)::int as tracked_licenses
  `);
  return rows[0] ?? { reports: 0, tracked_licenses: 0 };
}
