import type { AdminDashboard } from '@licensewatch/shared/admin-insights';
import type { Db } from '../../../platform/db/client.ts';
import type { LicenseBoard } from '../../licensing/license-sources.ts';
import { countAlerts } from './count-alerts.ts';
import { countContent } from './count-content.ts';
import { countPlans } from './count-plans.ts';
import { countUsers } from './count-users.ts';
import { listUsageDays } from './list-usage-days.ts';
import { readBoardHealth } from './read-board-health.ts';
import { readExclusionLists } from './read-exclusion-lists.ts';

/**
 * The admin dashboard: one query per block, all sent at once on the pool. With idle cores the page
 * costs about its slowest block; on a busy two-core machine about their sum (BENCHMARKS.md,
 * bench:admin, measures each block and the whole at 100,000 users).
 */
export async function readDashboard(db: Db, licenseBoards: readonly LicenseBoard[]): Promise<AdminDashboard> {
  const [users, plans, content, usage, alerts, boards, exclusions] = await Promise.all([
    countUsers(db),
    countPlans(db),
    countContent(db),
    listUsageDays(db),
    countAlerts(db),
    readBoardHealth(db, licenseBoards),
    readExclusionLists(db),
  ]);
  return { generated_at: new Date().toISOString(), users, plans, content, usage, alerts, boards, exclusions };
}
