import { ensureDatabaseTemplate } from './database-template.ts';
import { ensurePostgresTemplate } from './postgres-template.ts';

/** Vitest's global set-up of the integration tests: the migrated database every file starts from. */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await ensurePostgresTemplate(serverUrl);
  else await ensureDatabaseTemplate();
}
