import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module declares its own tables (ADR 035); platform/ keeps only the shared ones.
  schema: './src/**/tables.ts',
  out: './src/platform/db/migrations',
});
