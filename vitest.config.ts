import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vitest runs the files it remembers as slowest first, from the durations of the last run kept
  // here. On PGlite the PostgreSQL-only files (crash-recovery, database-outage, scale-out: 480, 210
  // and 110 s on PostgreSQL) are skipped and remembered as instant, so CI's PostgreSQL run, which
  // follows `npm test`, started them last and waited for them alone: 926 s where the same files
  // balanced on two workers need about 770 (docs/decisions/055). Each database keeps its own.
  cacheDir: process.env.TEST_DATABASE_URL ? 'node_modules/.vite-postgresql' : undefined,
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/*.test.ts',
            'scripts/*.test.ts',
          ],
          environment: 'node',
          // Unit files keep no state between them (the two that stub a global or fake the clock undo it
          // after each test), so they share their worker's modules: on one worker, re-importing them per
          // file made the run 255 s against 149 s. Two workers, because the Chromium-driving files mostly
          // wait on their pages: 128 s (docs/decisions/051-test-suite-time.md).
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          // Measured here (2 cores, both workers busy): the slowest test without a timeout of its
          // own takes 9 s; a file's beforeAll (its server from the template, and simulated boards)
          // 2–4 s. Head-room for a machine busy with other work; tests that take longer say so.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server and database; two cores.
          maxWorkers: 2,
          // Files share their worker's module cache: every file builds its own server, context and
          // database, and the server code keeps no state at module level but constants and
          // per-instance WeakMaps. Re-importing the server for each of 35 files cost more than the
          // tests: the integration run took 310 s isolated and 175 s shared, measured here.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
