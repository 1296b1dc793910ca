import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { organisation } from './tables.ts';

export async function renameOrganisationWorkspace(db: Db, organisationId: string, name: string): Promise<void> {
  await db.update(organisation).set({ name }).where(eq(organisation.id, organisationId));
}
