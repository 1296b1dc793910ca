import { defineConfig } from 'vitest/config';

export default defineConfig({
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
