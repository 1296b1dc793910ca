import { ensureDatabaseTemplate } from './database-template.ts';

/** Vitest's global set-up of the integration tests: the migrated PGlite every file starts from. */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await ensureDatabaseTemplate();
}
