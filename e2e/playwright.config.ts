import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_FLAGS } from '../apps/server/src/modules/licensing/sources/open-shared-chromium.ts';
import { baseURL, dataDir, port, simPort } from './support/e2e-env.ts';

// System Chromium (Debian); Playwright's own browser downloads are not possible here. The product's
// own flags for its browser look-ups, the address bar's pop-up page among what they turn off.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS],
};

const GLOBAL_SETTINGS = /admin-settings\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Two cores: a third or fourth worker made the run slower (17 min against 13.6) and pushed
  // single steps past their timeouts, because every worker drives its own Chromium.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Measured with both workers busy: the slowest test without a timeout of its own takes 25 s
  // (signing up through the form and the emailed link); twice that for a machine busy with other
  // work. Tests that need longer say so.
  timeout: 60_000,
  // A page's first answer waits behind the server's background jobs, which share its one embedded
  // database session: in CI's run at 7a6df2a five pages (a report's exclusion check, the dashboard,
  // the credit counter, the users screen) took longer than the 7 s this was, with both workers
  // busy, twice in a row for two of them. Twice that.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace only when a failed test runs again (CI retries once): recording one for every test, to
    // keep it on failure, cost a fifth of the suite's time and CPU here (docs/decisions/051). A
    // failure still leaves its screenshot and error context; `--trace on` records one locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: GLOBAL_SETTINGS },
    // The operator settings apply to the whole server every test shares (closed registration, the
    // application's name, new sign-ups' role): the spec that changes them runs alone, after the rest.
    // To run it by itself: `npx playwright test tests/admin-settings.spec.ts --no-deps`.
    {
      name: 'global-settings',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testMatch: GLOBAL_SETTINGS,
      dependencies: ['desktop'],
    },
  ],
  webServer: {
    // A fresh embedded database every run; the built SPA (npm run test:e2e builds it first).
    // Runs from the repository root like `npm start`: tsx takes its JSX settings (the email
    // templates) from the root tsconfig.json, which e2e/tsconfig.json does not cover.
    cwd: '..',
    command: `rm -rf e2e/${dataDir} && node --import tsx apps/server/src/main.ts all`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: `e2e/${dataDir}`,
      SEED_DEMO: 'false',
      // A small simulator on a port of its own (the dev server's is 3100), whose fault controls
      // tests use to take a board down.
      SIM_PORT: String(simPort),
      SIM_SIZE: '2000',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      // An office for /contact's address and map card (the product shows none until one is set).
      CONTACT_OFFICE_ADDRESS: '500 Example Avenue, Suite 100; San Francisco, CA 94105; United States',
      CONTACT_OFFICE_COORDINATES: '37.7897,-122.3942',
    },
  },
});
