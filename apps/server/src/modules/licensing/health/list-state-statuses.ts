import { JURISDICTIONS } from '@licensewatch/shared/states';
import type { StateStatus } from '@licensewatch/shared/states-api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sourceHealth } from '../../../platform/db/schema.ts';

/**
 * Every jurisdiction in UI order with `status` false when any of its boards was last found
 * unavailable. A board never checked counts as available: unknown shows as Confirmed
 * (docs/product-rules.md, State availability).
 */
export async function listStateStatuses(db: Db): Promise<StateStatus[]> {
  const down = await db
    .selectDistinct({ jurisdiction: sourceHealth.jurisdiction })
    .from(sourceHealth)
    .where(eq(sourceHealth.available, false));
  const unavailable = new Set<string>(down.map((d) => d.jurisdiction));
  return JURISDICTIONS.map((j) => ({ state_name: j.name, status: !unavailable.has(j.code) }));
}
